// The mail module's public surface: the only file other modules and the app import from it.
export {
  claimLowStockMailDay,
  configureMailSender,
  mailAdminRoutes,
  setMailSettings,
  staffNoticeSettings,
} from './mail.admin.ts';
export { mailJobs } from './mail.jobs.ts';
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
  shopEmailAddress,
  shopSender,
} from './mailer.ts';
