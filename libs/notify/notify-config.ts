import type { Config } from '../config';

/** The part of the configuration the senders read. */
export type NotifyConfig = Pick<Config, 'smtpUrl' | 'mailFrom' | 'waGatewayUrl' | 'waGatewayToken'>;

/** A message as a sender sees it (a `Notification` fits). */
export interface OutgoingMessage {
  to: string;
  subject: string;
  text: string;
}

/**
 * A send that failed. The senders throw it so the job that called them is retried;
 * `permanent` marks failures no retry can fix (the server refused this recipient or this
 * request), which the job should turn into an UnrecoverableError.
 */
export class NotifyError extends Error {
  constructor(
    readonly channel: 'email' | 'whatsapp',
    message: string,
    readonly permanent: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'NotifyError';
  }
}
