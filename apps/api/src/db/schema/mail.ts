import { boolean, date, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { tenants } from './tenants.ts';

/** Mail waiting for delivery, delivered, or given up (migration 0016). */
export const mailQueue = pgTable('mail_queue', {
  tenantId: integer('tenant_id')
    .notNull()
    .references(() => tenants.id),
  id: integer('id').notNull().generatedAlwaysAsIdentity(),
  recipient: text('recipient').notNull(),
  subject: text('subject').notNull(),
  bodyText: text('body_text').notNull(),
  bodyHtml: text('body_html'),
  attachments: jsonb('attachments')
    .$type<{ filename: string; content_type: string; content_base64: string }[]>()
    .notNull()
    .default([]),
  status: text('status', { enum: ['queued', 'sent', 'failed'] })
    .notNull()
    .default('queued'),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
  claimedUntil: timestamp('claimed_until', { withTimezone: true }),
  lastError: text('last_error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  /** The sender and reply-to address it was written with (null: the platform's default sender). */
  sender: text('sender'),
  replyTo: text('reply_to'),
  /** Marketing mail: the address of the page that ends it, sent as List-Unsubscribe (migration 0097). */
  listUnsubscribe: text('list_unsubscribe'),
});

/** The shop's sender: its e-mails' name and address, and where replies go ('' each: the platform's default). */
export const mailSettings = pgTable('mail_settings', {
  tenantId: integer('tenant_id')
    .notNull()
    .primaryKey()
    .references(() => tenants.id),
  senderName: text('sender_name').notNull().default(''),
  senderAddress: text('sender_address').notNull().default(''),
  replyTo: text('reply_to').notNull().default(''),
  /** Which e-mails the shop's staff get at the shop's own address (migration 0087). */
  notifyNewOrder: boolean('notify_new_order').notNull().default(true),
  notifyLowStock: boolean('notify_low_stock').notNull().default(true),
  /** The shop's calendar day (`YYYY-MM-DD`) the last low-stock e-mail was sent for. */
  lowStockMailedOn: date('low_stock_mailed_on', { mode: 'string' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
