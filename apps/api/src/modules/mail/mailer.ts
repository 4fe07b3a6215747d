import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';

/** One e-mail; `text` is always sent, `html` is an optional alternative part. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** The logger the mailer reports to (the app's pino logger satisfies it). */
export interface MailLogger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

/** Delivers one composed message; throws when it could not. */
export interface MailTransport {
  readonly kind: 'smtp' | 'outbox';
  deliver(message: MailMessage & { from: string }): Promise<{ location?: string }>;
}

/**
 * The one mail door of every feature. `send` queues the message and returns at once: delivery runs in the
 * background, is retried with backoff, and a final failure is logged, never thrown at the caller.
 */
export interface Mailer {
  send(message: MailMessage): void;
  /** Resolves when every message handed to `send` so far is delivered or given up (tests, shutdown). */
  idle(): Promise<void>;
}

export interface MailerOptions {
  from: string;
  transport: MailTransport;
  logger: MailLogger;
  /** Delivery attempts per message (first try included). */
  attempts?: number;
  /** Delay before the second attempt; doubled before each next one. */
  backoffMs?: number;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class BackgroundMailer implements Mailer {
  private readonly pending = new Set<Promise<void>>();
  private readonly attempts: number;
  private readonly backoffMs: number;

  constructor(private readonly options: MailerOptions) {
    this.attempts = options.attempts ?? 4;
    this.backoffMs = options.backoffMs ?? 500;
  }

  send(message: MailMessage): void {
    const delivery = this.deliver(message).finally(() => this.pending.delete(delivery));
    this.pending.add(delivery);
  }

  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  private async deliver(message: MailMessage): Promise<void> {
    const { transport, logger, from } = this.options;
    // NOTE: never log the body: reset links are credentials.
    const summary = { to: message.to, subject: message.subject, transport: transport.kind };
    for (let attempt = 1; attempt <= this.attempts; attempt += 1) {
      try {
        const { location } = await transport.deliver({ ...message, from });
        logger.info({ ...summary, ...(location ? { path: location } : {}) }, 'mail sent');
        return;
      } catch (error) {
        if (attempt === this.attempts) {
          logger.error({ ...summary, err: error, attempts: attempt }, 'mail delivery failed; giving up');
          return;
        }
        logger.warn({ ...summary, err: error, attempt }, 'mail delivery failed; retrying');
        await sleep(this.backoffMs * 2 ** (attempt - 1));
      }
    }
  }
}

/** Sends through an SMTP server (`smtp://user:pass@host:587`, `smtps://…`). */
export class SmtpTransport implements MailTransport {
  readonly kind = 'smtp';
  private readonly transporter: Transporter;

  constructor(url: string) {
    this.transporter = nodemailer.createTransport(url);
  }

  async deliver(message: MailMessage & { from: string }) {
    await this.transporter.sendMail(message);
    return {};
  }
}

/** Writes each message as an `.eml` file in a folder: mail without any server, readable by any mail program. */
export class OutboxTransport implements MailTransport {
  readonly kind = 'outbox';
  private readonly composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  constructor(readonly directory: string) {}

  async deliver(message: MailMessage & { from: string }) {
    const info = await this.composer.sendMail(message);
    await fs.mkdir(this.directory, { recursive: true, mode: 0o700 });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const file = path.join(this.directory, `${stamp}-${randomUUID()}.eml`);
    // Write then rename, so that a reader of the folder never sees half a message.
    await fs.writeFile(`${file}.tmp`, info.message as Buffer, { mode: 0o600 });
    await fs.rename(`${file}.tmp`, file);
    return { location: path.resolve(file) };
  }
}

/** SMTP when `smtpUrl` is set, else the outbox folder under the data directory. */
export function createMailer(options: { smtpUrl?: string; dataDir: string; from: string; logger: MailLogger }): Mailer {
  const transport = options.smtpUrl
    ? new SmtpTransport(options.smtpUrl)
    : new OutboxTransport(path.join(options.dataDir, 'outbox'));
  return new BackgroundMailer({ from: options.from, transport, logger: options.logger });
}
