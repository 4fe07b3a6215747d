import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { tenants } from './tenants.ts';

/**
 * A shopper's wish to hear when a sold-out product (or one of its variants) is back (migration 0094): a customer's is
 * confirmed at once, a guest's by the link mailed to `email`; spent (`notifiedAt`) by the one e-mail it gets.
 */
export const stockAlerts = pgTable('stock_alerts', {
  tenantId: integer('tenant_id')
    .notNull()
    .references(() => tenants.id),
  id: integer('id').notNull().generatedAlwaysAsIdentity(),
  productId: integer('product_id').notNull(),
  variantId: integer('variant_id'),
  userId: integer('user_id'),
  email: text('email').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  notifiedAt: timestamp('notified_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
