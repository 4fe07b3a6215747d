import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Database } from '../../db/client.ts';
import { TenantScope } from '../../db/tenant-scope.ts';
import type { RequestContext } from '../../lib/context.ts';
import type { DeliveryTotals, Mailer } from '../../lib/services.ts';
import { afterCommit } from '../../lib/unit-of-work.ts';
import { getContactSettings } from '../site/index.ts';

export type { DeliveryTotals, Mailer };

import {
  claimDueMail,
  findMailSettings,
  hasDueMail,
  insertMail,
  markMailFailed,
  markMailSent,
  type QueuedMail,
  retryMailLater,
  tenantsWithDueMail,
} from './mail.repository.ts';

/** A file sent with an e-mail (an invoice's PDF). */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** One e-mail; `text` is always sent, `html` is an optional alternative part; files may go with it. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
  /** Where replies go when not the shop's own reply address (a contact message: to the person who wrote it). */
  replyTo?: string;
  /** Marketing mail: the page that ends it, sent as the List-Unsubscribe header mail programs offer a button for. */
  list?: { unsubscribe: string };
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
  deliver(message: MailMessage & { from: string; replyTo?: string }): Promise<{ location?: string }>;
}

export interface MailerOptions {
  from: string;
  transport: MailTransport;
  logger: MailLogger;
  database: Database;
  /** Delivery attempts per message (first try included). */
  attempts?: number;
  /** Delay before the second attempt; doubled before each next one. */
  backoffMs?: number;
  /** How long a claimed message is left to its instance before another may take it (a crash mid-send). */
  leaseMs?: number;
}

const BATCH = 20;

export class QueuedMailer implements Mailer {
  readonly attempts: number;
  private readonly backoffMs: number;
  private readonly leaseMs: number;
  private pass: Promise<DeliveryTotals> | null = null;
  private again = false;

  constructor(private readonly options: MailerOptions) {
    this.attempts = options.attempts ?? 6;
    this.backoffMs = options.backoffMs ?? 30_000;
    this.leaseMs = options.leaseMs ?? 120_000;
  }

  nudge(): void {
    if (this.pass) {
      this.again = true;
      return;
    }
    const run = async (): Promise<DeliveryTotals> => {
      const totals = { sent: 0, retried: 0, failed: 0 };
      do {
        this.again = false;
        const round = await this.deliverDue();
        totals.sent += round.sent;
        totals.retried += round.retried;
        totals.failed += round.failed;
      } while (this.again);
      return totals;
    };
    this.pass = run()
      .catch((error: unknown) => {
        this.options.logger.error({ err: error }, 'mail delivery pass failed');
        return { sent: 0, retried: 0, failed: 0 };
      })
      .finally(() => {
        this.pass = null;
      });
  }

  async idle(): Promise<void> {
    for (;;) {
      await this.pass;
      if (!(await hasDueMail(this.options.database))) return;
      this.nudge();
    }
  }

  async deliverDue(): Promise<DeliveryTotals> {
    const totals = { sent: 0, retried: 0, failed: 0 };
    const { database } = this.options;
    for (const tenantId of await tenantsWithDueMail(database)) {
      const scope = new TenantScope(database.db, tenantId);
      for (;;) {
        const claimed = await claimDueMail(scope, BATCH, this.leaseMs);
        for (const message of claimed) totals[await this.deliverOne(scope, message)] += 1;
        if (claimed.length < BATCH) break;
      }
    }
    return totals;
  }

  private async deliverOne(scope: TenantScope, message: QueuedMail): Promise<keyof DeliveryTotals> {
    const { transport, logger, from } = this.options;
    // NOTE: never log the body: reset links are credentials.
    const summary = { to: message.recipient, subject: message.subject, transport: transport.kind, mail: message.id };
    try {
      const { location } = await transport.deliver({
        to: message.recipient,
        subject: message.subject,
        text: message.bodyText,
        ...(message.bodyHtml ? { html: message.bodyHtml } : {}),
        ...(message.attachments.length > 0
          ? {
              attachments: message.attachments.map((attachment) => ({
                filename: attachment.filename,
                contentType: attachment.content_type,
                content: Buffer.from(attachment.content_base64, 'base64'),
              })),
            }
          : {}),
        from: message.sender ?? from,
        ...(message.replyTo ? { replyTo: message.replyTo } : {}),
        ...(message.listUnsubscribe ? { list: { unsubscribe: message.listUnsubscribe } } : {}),
      });
      await markMailSent(scope, message.id);
      logger.info({ ...summary, ...(location ? { path: location } : {}) }, 'mail sent');
      return 'sent';
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (message.attempts >= this.attempts) {
        await markMailFailed(scope, message.id, reason);
        logger.error({ ...summary, err: error, attempts: message.attempts }, 'mail delivery failed; giving up');
        return 'failed';
      }
      const delayMs = this.backoffMs * 2 ** (message.attempts - 1);
      await retryMailLater(scope, message.id, reason, delayMs);
      logger.warn(
        { ...summary, err: error, attempt: message.attempts, retryInMs: delayMs },
        'mail delivery failed; retrying',
      );
      return 'retried';
    }
  }
}

/**
 * Puts a message in the shop's mail queue (in the caller's transaction when it has one) and asks for delivery (once
 * that transaction has committed, so that the delivery pass finds it). It is sent once by one instance, retried
 * while the mail server is down, and survives restarts.
 */
export async function queueMail(ctx: RequestContext, message: MailMessage): Promise<void> {
  const sender = await shopSender(ctx);
  await insertMail(ctx.scope, message, message.replyTo ? { ...sender, replyTo: message.replyTo } : sender);
  afterCommit(ctx, () => ctx.deps.mailer.nudge());
}

/** The address inside a sender (`Name <address>` or a bare address). */
export function addressOf(sender: string): string {
  return /<([^<>]+)>\s*$/.exec(sender)?.[1]?.trim() ?? sender.trim();
}

/** A display name as a mail header carries it: quoted, its quotes and backslashes escaped. */
function quotedName(name: string): string {
  return `"${name.replace(/["\\]/g, (char) => `\\${char}`)}"`;
}

/**
 * NOTE: the one rule for the shop's own e-mail address, which every reader takes (the Reply-To of its mail, its
 * invoices and credit notes, its contact page, where a contact message and its staff's notices go): its contact
 * e-mail (site settings), else the reply-to address of its mail settings, else their sender address; null when it
 * has none of them (the platform's default sender is not the shop's address).
 */
export async function shopEmailAddress(ctx: RequestContext): Promise<string | null> {
  const [site, settings] = await Promise.all([getContactSettings(ctx), findMailSettings(ctx.scope)]);
  return site?.contactEmail || settings?.replyTo || settings?.senderAddress || null;
}

/**
 * Who the shop's mail comes from, and where replies go: the shop's sender settings, else the shop's name with the
 * platform's default address (`MAIL_FROM`); replies go to the shop's address (`shopEmailAddress`).
 */
export async function shopSender(ctx: RequestContext): Promise<{ from: string | null; replyTo: string | null }> {
  const [settings, replyTo] = await Promise.all([findMailSettings(ctx.scope), shopEmailAddress(ctx)]);
  // A context made without the platform's configuration (a bare mailer) keeps the mailer's own sender.
  const platformFrom = (ctx.deps as Partial<RequestContext['deps']>).config?.MAIL_FROM;
  const address = settings?.senderAddress || (platformFrom ? addressOf(platformFrom) : null);
  const name = settings?.senderName || ctx.tenant.name;
  return { from: address ? `${quotedName(name)} <${address}>` : null, replyTo };
}

/** Sends through an SMTP server (`smtp://user:pass@host:587`, `smtps://…`). */
export class SmtpTransport implements MailTransport {
  readonly kind = 'smtp';
  private readonly transporter: Transporter;

  constructor(url: string) {
    this.transporter = nodemailer.createTransport(url);
  }

  async deliver(message: MailMessage & { from: string; replyTo?: string }) {
    await this.transporter.sendMail(message);
    return {};
  }
}

/** Writes each message as an `.eml` file in a folder: mail without any server, readable by any mail program. */
export class OutboxTransport implements MailTransport {
  readonly kind = 'outbox';
  private readonly composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  constructor(readonly directory: string) {}

  async deliver(message: MailMessage & { from: string; replyTo?: string }) {
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

/** The mail transport of a configuration: SMTP when `smtpUrl` is set, else the outbox folder under the data directory. */
export function createTransport(options: { smtpUrl?: string | undefined; dataDir: string }): MailTransport {
  return options.smtpUrl
    ? new SmtpTransport(options.smtpUrl)
    : new OutboxTransport(path.join(options.dataDir, 'outbox'));
}

/** The platform's mailer: the shop's queued mail delivered through the configured transport. */
export function createMailer(
  options: { smtpUrl?: string | undefined; dataDir: string } & Omit<MailerOptions, 'transport'>,
): Mailer {
  const { smtpUrl: _smtpUrl, dataDir: _dataDir, ...rest } = options;
  return new QueuedMailer({ ...rest, transport: createTransport(options) });
}
