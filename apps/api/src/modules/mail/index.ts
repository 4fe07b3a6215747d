// The mail module's public surface: the only file other modules and the app import from it.
export { configureMailSender, mailAdminRoutes, setMailSettings } from './mail.admin.ts';
export {
  addressOf,
  createMailer,
  createTransport,
  type DeliveryTotals,
  type Mailer,
  type MailMessage,
  type MailTransport,
  QueuedMailer,
  queueMail,
} from './mailer.ts';
