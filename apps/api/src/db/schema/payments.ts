import { PAYMENT_METHODS, REFUND_KINDS } from '@platform/contracts';
import { bigint, boolean, date, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenants } from './tenants.ts';

const PAYMENT_STATUS_VALUES = ['initiated', 'pending', 'succeeded', 'failed', 'canceled', 'error'] as const;

export const payments = pgTable('payments', {
  tenantId: integer('tenant_id')
    .notNull()
    .references(() => tenants.id),
  id: integer('id').notNull().generatedAlwaysAsIdentity(),
  uuid: uuid('uuid').notNull(),
  orderId: integer('order_id').notNull(),
  userId: integer('user_id').notNull(),
  orderNumber: text('order_number').notNull(),
  gateway: text('gateway', { enum: ['sandbox', '2c2p'] }).notNull(),
  merchantId: text('merchant_id').notNull(),
  invoiceNo: text('invoice_no').notNull(),
  amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
  currency: text('currency').notNull(),
  status: text('status', { enum: PAYMENT_STATUS_VALUES }).notNull().default('initiated'),
  paymentToken: text('payment_token'),
  redirectUrl: text('redirect_url'),
  gatewayTransactionRef: text('gateway_transaction_ref'),
  respCode: text('resp_code'),
  respDesc: text('resp_desc'),
  errorMessage: text('error_message'),
  reviewReason: text('review_reason'),
  orderNotifiedAt: timestamp('order_notified_at', { withTimezone: true }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  reconcileClaimedUntil: timestamp('reconcile_claimed_until', { withTimezone: true }),
  /** When a shopper's request last asked the gateway about it (Payment Inquiry): at most once every few seconds. */
  inquiredAt: timestamp('inquired_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const paymentEvents = pgTable('payment_events', {
  tenantId: integer('tenant_id')
    .notNull()
    .references(() => tenants.id),
  id: integer('id').notNull().generatedAlwaysAsIdentity(),
  paymentId: integer('payment_id'),
  source: text('source', { enum: ['start', 'notification', 'inquiry', 'browser_return', 'order'] }).notNull(),
  outcome: text('outcome', { enum: ['applied', 'unchanged', 'refused', 'flagged'] }).notNull(),
  respCode: text('resp_code'),
  detail: text('detail').notNull().default(''),
  payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Per shop, how many notifications were refused before their signature verified (they are not kept), and the last. */
export const refusedPaymentNotifications = pgTable('refused_payment_notifications', {
  tenantId: integer('tenant_id')
    .notNull()
    .primaryKey()
    .references(() => tenants.id),
  refused: bigint('refused', { mode: 'number' }).notNull().default(0),
  lastRefusedAt: timestamp('last_refused_at', { withTimezone: true }),
  lastReason: text('last_reason').notNull().default(''),
});

export const sandboxGatewayTransactions = pgTable('sandbox_gateway_transactions', {
  tenantId: integer('tenant_id')
    .notNull()
    .references(() => tenants.id),
  id: integer('id').notNull().generatedAlwaysAsIdentity(),
  merchantId: text('merchant_id').notNull(),
  invoiceNo: text('invoice_no').notNull(),
  paymentToken: text('payment_token').notNull(),
  description: text('description').notNull(),
  amount: text('amount').notNull(),
  currency: text('currency').notNull(),
  frontendReturnUrl: text('frontend_return_url').notNull(),
  backendReturnUrl: text('backend_return_url'),
  userDefined: jsonb('user_defined').$type<Record<string, string>>().notNull().default({}),
  respCode: text('resp_code'),
  respDesc: text('resp_desc'),
  tranRef: text('tran_ref'),
  approvalCode: text('approval_code'),
  accountNo: text('account_no'),
  transactionAt: timestamp('transaction_at', { withTimezone: true }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A refund's life (migrations 0070, 0078): `requested` (reserved), `sending` (its method is being asked), then
 * `pending` at the bank, `succeeded`, `failed`, or `unknown` (the gateway did not answer: ask before sending again).
 */
export const REFUND_STATUS_VALUES = ['requested', 'sending', 'pending', 'unknown', 'succeeded', 'failed'] as const;

/** Units of one order line a refund took, their part of the line's net and tax, and whether they went back in stock. */
export interface RefundLineRecord {
  line_id: number;
  quantity: number;
  restock: boolean;
  net_cents: number;
  tax_cents: number;
  amount_cents: number;
}

/** One refund of an order (migration 0070): through the card gateway, or recorded by staff. */
export const refunds = pgTable('refunds', {
  tenantId: integer('tenant_id')
    .notNull()
    .references(() => tenants.id),
  id: integer('id').notNull().generatedAlwaysAsIdentity(),
  orderId: integer('order_id').notNull(),
  paymentId: integer('payment_id'),
  method: text('method', { enum: PAYMENT_METHODS }).notNull(),
  kind: text('kind', { enum: REFUND_KINDS }).notNull().default('refund'),
  status: text('status', { enum: REFUND_STATUS_VALUES }).notNull().default('requested'),
  amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
  currency: text('currency').notNull(),
  reason: text('reason').notNull().default(''),
  reference: text('reference').notNull().default(''),
  refundedOn: date('refunded_on', { mode: 'string' }),
  restock: jsonb('restock')
    .$type<{ product_id: number; variant_id?: number; quantity: number }[]>()
    .notNull()
    .default([]),
  /** What the refund took of the order's lines (migration 0084); empty for a free amount. */
  lines: jsonb('lines').$type<RefundLineRecord[]>().notNull().default([]),
  idempotencyKey: text('idempotency_key'),
  requestFingerprint: text('request_fingerprint'),
  respCode: text('resp_code'),
  respDesc: text('resp_desc'),
  errorMessage: text('error_message'),
  reviewReason: text('review_reason'),
  createdBy: integer('created_by'),
  completedAt: timestamp('completed_at', { withTimezone: true }),
  pollClaimedUntil: timestamp('poll_claimed_until', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The built-in sandbox gateway's key pair per shop (PEM), its half of the certificate exchange. */
export const sandboxGatewayKeys = pgTable('sandbox_gateway_keys', {
  tenantId: integer('tenant_id')
    .notNull()
    .primaryKey()
    .references(() => tenants.id),
  privateKey: text('private_key').notNull(),
  publicKey: text('public_key').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The sandbox's refunds and voids of a transaction. */
export const sandboxGatewayRefunds = pgTable('sandbox_gateway_refunds', {
  tenantId: integer('tenant_id')
    .notNull()
    .references(() => tenants.id),
  id: integer('id').notNull().generatedAlwaysAsIdentity(),
  transactionId: integer('transaction_id').notNull(),
  processType: text('process_type', { enum: ['R', 'V'] }).notNull(),
  amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
  status: text('status', { enum: ['pending', 'completed', 'failed'] }).notNull(),
  pollsLeft: integer('polls_left').notNull().default(0),
  fails: boolean('fails').notNull().default(false),
  reference: text('reference').notNull(),
  /** The merchant's own reference of the refund, sent with it (migration 0078); null for a void or an older row. */
  merchantReference: text('merchant_reference'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
