import { sendEmail } from './email-sender';
import type { NotifyConfig } from './notify-config';
import type { Notification, SendResult } from './notification.types';
import { sendWhatsApp } from './whatsapp-sender';

/**
 * Sends one planned notification on its channel. Throws NotifyError on failure (retry),
 * returns 'skipped' when the channel is not configured. This is what a `notify` job calls.
 */
export function sendNotification(config: NotifyConfig, n: Notification): Promise<SendResult> {
  return n.channel === 'email' ? sendEmail(config, n) : sendWhatsApp(config, n);
}
