import { RETURN_CONDITIONS, RETURN_KINDS, RETURN_OPENERS, RETURN_STATUSES } from '@platform/contracts/returns';
import { date, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { tenants } from './tenants.ts';

/** A withdrawal or a return of some lines of an order (migration 0083, decision 023). */
export const returns = pgTable('returns', {
  tenantId: integer('tenant_id')
    .notNull()
    .references(() => tenants.id),
  id: integer('id').notNull().generatedAlwaysAsIdentity(),
  orderId: integer('order_id').notNull(),
  orderNumber: text('order_number').notNull(),
  customerUserId: integer('customer_user_id').notNull(),
  kind: text('kind', { enum: RETURN_KINDS }).notNull(),
  status: text('status', { enum: RETURN_STATUSES }).notNull().default('requested'),
  reason: text('reason').notNull().default(''),
  rejectionReason: text('rejection_reason').notNull().default(''),
  receivedNote: text('received_note').notNull().default(''),
  openedBy: text('opened_by', { enum: RETURN_OPENERS }).notNull(),
  openedByUserId: integer('opened_by_user_id'),
  periodLastDay: date('period_last_day', { mode: 'string' }),
  requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
  receivedAt: timestamp('received_at', { withTimezone: true }),
  refundedAt: timestamp('refunded_at', { withTimezone: true }),
  rejectedAt: timestamp('rejected_at', { withTimezone: true }),
  refundId: integer('refund_id'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The lines of a return: which order line, how many units, and what came back in what state. */
export const returnLines = pgTable('return_lines', {
  tenantId: integer('tenant_id')
    .notNull()
    .references(() => tenants.id),
  returnId: integer('return_id').notNull(),
  orderLineId: integer('order_line_id').notNull(),
  productName: text('product_name').notNull(),
  sku: text('sku'),
  quantity: integer('quantity').notNull(),
  receivedQuantity: integer('received_quantity'),
  condition: text('condition', { enum: RETURN_CONDITIONS }),
});
