export * from './notification.types';
export { NotifyError, type NotifyConfig, type OutgoingMessage } from './notify-config';
export { planNotifications, workflowEventKind, recordLink, notificationKey } from './plan-notifications';
export { normalisePhone } from './phone-number';
export { sendEmail, verifySmtp } from './email-sender';
export { sendWhatsApp, checkWhatsAppGateway } from './whatsapp-sender';
export { sendNotification } from './send-notification';
