import { bigint, date, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { tenants } from './tenants.ts';

/** Where a shop's display rates come from (decision 028): typed by staff, or the European Central Bank's daily rates. */
export const RATE_SOURCE_VALUES = ['manual', 'ecb'] as const;
export const CURRENCY_ROUNDING_VALUES = ['none', 'whole', 'ninety_nine'] as const;

export const currencySettings = pgTable('currency_settings', {
  tenantId: integer('tenant_id')
    .primaryKey()
    .references(() => tenants.id),
  rateSource: text('rate_source', { enum: RATE_SOURCE_VALUES }).notNull().default('manual'),
  fetchedAt: timestamp('fetched_at', { withTimezone: true }),
  fetchError: text('fetch_error').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const displayCurrencies = pgTable('display_currencies', {
  tenantId: integer('tenant_id')
    .notNull()
    .references(() => tenants.id),
  code: text('code').notNull(),
  position: integer('position').notNull(),
  /** Units of the currency for one unit of the shop's, in millionths. */
  rateMicros: bigint('rate_micros', { mode: 'number' }).notNull(),
  rounding: text('rounding', { enum: CURRENCY_ROUNDING_VALUES }).notNull().default('none'),
  /** The day of the published rates a fetched rate is of; null for a rate typed by staff. */
  rateDate: date('rate_date', { mode: 'string' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
