import { NotifyError, type NotifyConfig, type OutgoingMessage } from './notify-config';
import type { SendResult } from './notification.types';

/**
 * WhatsApp through an HTTP gateway (WA_GATEWAY_URL, bearer WA_GATEWAY_TOKEN). The contract,
 * small enough for any gateway to be adapted to it:
 *
 *   POST {url}/send   Authorization: Bearer <token>   Content-Type: application/json
 *        {"to": "6281234567890", "message": "…"}      → any 2xx = accepted
 *   GET  {url}/health Authorization: Bearer <token>   → 200 when the gateway can send
 *
 * `to` is international digits without "+" (see phone-number.ts).
 */
const SEND_TIMEOUT_MS = 15_000;

const endpoint = (base: string, path: string): string => `${base.replace(/\/+$/, '')}/${path}`;

const authHeaders = (token: string | undefined): Record<string, string> => (token ? { authorization: `Bearer ${token}` } : {});

/** 4xx other than timeout / rate limit: this request will never be accepted as it is. */
const isPermanentStatus = (s: number): boolean => s >= 400 && s < 500 && s !== 408 && s !== 429;

export async function sendWhatsApp(config: NotifyConfig, msg: OutgoingMessage): Promise<SendResult> {
  if (!config.waGatewayUrl) return 'skipped';
  let res: Response;
  try {
    res = await fetch(endpoint(config.waGatewayUrl, 'send'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...authHeaders(config.waGatewayToken) },
      body: JSON.stringify({ to: msg.to, message: msg.text }),
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
  } catch (err) {
    throw new NotifyError('whatsapp', `Gateway WhatsApp tidak dapat dihubungi: ${(err as Error).message}`, false, { cause: err });
  }
  // drain the body so the connection can be reused; its content is only for the message
  const body = (await res.text().catch(() => '')).slice(0, 200);
  if (!res.ok) {
    throw new NotifyError('whatsapp', `Gateway WhatsApp menjawab HTTP ${res.status}${body ? `: ${body}` : ''}`, isPermanentStatus(res.status));
  }
  return 'sent';
}

/** Resolves when GET {url}/health answers 200; for the status page. */
export async function checkWhatsAppGateway(url: string, token: string | undefined, signal?: AbortSignal): Promise<void> {
  const res = await fetch(endpoint(url, 'health'), { headers: authHeaders(token), signal });
  await res.arrayBuffer().catch(() => undefined);
  if (res.status !== 200) throw new Error(`gateway menjawab HTTP ${res.status}`);
}
