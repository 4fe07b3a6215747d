import { bigint, boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { tenants } from './tenants.ts';

export const DISCOUNT_KINDS = ['percentage', 'fixed', 'free_shipping', 'buy_x_get_y'] as const;

export const discounts = pgTable('discounts', {
  tenantId: integer('tenant_id')
    .notNull()
    .references(() => tenants.id),
  id: integer('id').notNull().generatedAlwaysAsIdentity(),
  code: text('code'),
  name: text('name').notNull().default(''),
  kind: text('kind', { enum: DISCOUNT_KINDS }).notNull(),
  value: bigint('value', { mode: 'number' }).notNull().default(0),
  buyQuantity: integer('buy_quantity'),
  getQuantity: integer('get_quantity'),
  productIds: integer('product_ids').array().notNull().default([]),
  categoryIds: integer('category_ids').array().notNull().default([]),
  minSubtotalCents: bigint('min_subtotal_cents', { mode: 'number' }).notNull().default(0),
  startsAt: timestamp('starts_at', { withTimezone: true }),
  endsAt: timestamp('ends_at', { withTimezone: true }),
  usageLimit: integer('usage_limit'),
  usesPerCustomer: integer('uses_per_customer'),
  firstOrderOnly: boolean('first_order_only').notNull().default(false),
  combinesWithCode: boolean('combines_with_code').notNull().default(false),
  isActive: boolean('is_active').notNull().default(true),
  timesUsed: integer('times_used').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const discountUses = pgTable('discount_uses', {
  tenantId: integer('tenant_id')
    .notNull()
    .references(() => tenants.id),
  id: integer('id').notNull().generatedAlwaysAsIdentity(),
  discountId: integer('discount_id').notNull(),
  orderId: integer('order_id').notNull(),
  userId: integer('user_id').notNull(),
  amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  releasedAt: timestamp('released_at', { withTimezone: true }),
});
