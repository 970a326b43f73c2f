import nodemailer from 'nodemailer';
import SMTPTransport from 'nodemailer/lib/smtp-transport';
import { NotifyError, type NotifyConfig, type OutgoingMessage } from './notify-config';
import type { SendResult } from './notification.types';

/**
 * E-mail over SMTP_URL (smtp://user:pass@host:587 — STARTTLS when offered; smtps:// for
 * implicit TLS on 465). A transport is made per send: nodemailer opens one connection per
 * message anyway, and nothing is left open between jobs.
 */
const SEND_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000, dnsTimeout: 10_000 };

function transportFor(smtpUrl: string, timeouts: typeof SEND_TIMEOUTS): nodemailer.Transporter<SMTPTransport.SentMessageInfo> {
  // createTransport({url, …}) drops every option but the URL; the transport class keeps them
  return nodemailer.createTransport(new SMTPTransport({ url: smtpUrl, ...timeouts }));
}

/** SMTP reply codes 550–554 on a recipient mean the address itself is refused. */
function isPermanent(err: unknown): boolean {
  const e = err as { code?: string; responseCode?: number };
  return e?.code === 'EENVELOPE' && typeof e.responseCode === 'number' && e.responseCode >= 550 && e.responseCode <= 554;
}

export async function sendEmail(config: NotifyConfig, msg: OutgoingMessage): Promise<SendResult> {
  if (!config.smtpUrl) return 'skipped';
  const transport = transportFor(config.smtpUrl, SEND_TIMEOUTS);
  try {
    const info = await transport.sendMail({ from: config.mailFrom, to: msg.to, subject: msg.subject, text: msg.text });
    if (info.rejected.length > 0) {
      throw new NotifyError('email', `Server SMTP menolak penerima ${msg.to}`, true);
    }
    return 'sent';
  } catch (err) {
    if (err instanceof NotifyError) throw err;
    throw new NotifyError('email', `Pengiriman e-mail gagal: ${(err as Error).message}`, isPermanent(err), { cause: err });
  } finally {
    transport.close();
  }
}

/**
 * Connects, greets (EHLO), upgrades to TLS when offered and authenticates when the URL has
 * credentials — without sending anything. For the status page; all timeouts are `timeoutMs`.
 */
export async function verifySmtp(smtpUrl: string, timeoutMs: number): Promise<void> {
  const t = Math.max(1, timeoutMs);
  const transport = transportFor(smtpUrl, { connectionTimeout: t, greetingTimeout: t, socketTimeout: t, dnsTimeout: t });
  try {
    await transport.verify();
  } finally {
    transport.close();
  }
}
