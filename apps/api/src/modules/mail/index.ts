// The mail module's public surface: the only file other modules and the app import from it.
export { createMailer, type Mailer, type MailMessage } from './mailer.ts';
