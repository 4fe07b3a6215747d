import { bigint, boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { tenants } from './tenants.ts';

export const shippingZones = pgTable('shipping_zones', {
  tenantId: integer('tenant_id')
    .notNull()
    .references(() => tenants.id),
  id: integer('id').notNull().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  isDefault: boolean('is_default').notNull().default(false),
  flatRateCents: bigint('flat_rate_cents', { mode: 'number' }).notNull(),
  freeAboveCents: bigint('free_above_cents', { mode: 'number' }),
  perItemCents: bigint('per_item_cents', { mode: 'number' }).notNull().default(0),
  deliveryDaysMin: integer('delivery_days_min').notNull(),
  deliveryDaysMax: integer('delivery_days_max').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const shippingZoneCountries = pgTable('shipping_zone_countries', {
  tenantId: integer('tenant_id')
    .notNull()
    .references(() => tenants.id),
  countryCode: text('country_code').notNull(),
  zoneId: integer('zone_id').notNull(),
});
