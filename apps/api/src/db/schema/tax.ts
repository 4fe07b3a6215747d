import { bigint, boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { tenants } from './tenants.ts';

export const TAX_DISPLAYS = ['included', 'added'] as const;

export const taxRates = pgTable('tax_rates', {
  tenantId: integer('tenant_id')
    .notNull()
    .references(() => tenants.id),
  id: integer('id').notNull().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  basisPoints: integer('basis_points').notNull(),
  zoneId: integer('zone_id'),
  countryCode: text('country_code'),
  region: text('region'),
  categoryId: integer('category_id'),
  display: text('display', { enum: TAX_DISPLAYS }).notNull().default('included'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const taxSettings = pgTable('tax_settings', {
  tenantId: integer('tenant_id')
    .primaryKey()
    .references(() => tenants.id),
  pricesIncludeTax: boolean('prices_include_tax').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const orderTaxes = pgTable('order_taxes', {
  tenantId: integer('tenant_id')
    .notNull()
    .references(() => tenants.id),
  id: integer('id').notNull().generatedAlwaysAsIdentity(),
  orderId: integer('order_id').notNull(),
  name: text('name').notNull(),
  basisPoints: integer('basis_points').notNull(),
  amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
  included: boolean('included').notNull(),
});
