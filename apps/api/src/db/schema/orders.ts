import { ORDER_ACTORS, ORDER_STATUSES, PAYMENT_METHODS } from '@platform/contracts';
import { bigint, boolean, date, integer, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { DISCOUNT_KINDS } from './discounts.ts';
import { tenants } from './tenants.ts';

/** The order statuses: the contracts' list (migration 0070 keeps the column's check the same). */
const ORDER_STATUS_VALUES = ORDER_STATUSES;

export const paymentSettings = pgTable('payment_settings', {
  tenantId: integer('tenant_id')
    .notNull()
    .primaryKey()
    .references(() => tenants.id),
  enableCardPayment: boolean('enable_card_payment').notNull().default(false),
  enableBankTransfer: boolean('enable_bank_transfer').notNull().default(false),
  enableCustomPayment: boolean('enable_custom_payment').notNull().default(false),
  bankAccountDetails: text('bank_account_details').notNull().default(''),
  customPaymentLabel: text('custom_payment_label').notNull().default(''),
  customPaymentInstructions: text('custom_payment_instructions').notNull().default(''),
  customPaymentRedirectUrl: text('custom_payment_redirect_url').notNull().default(''),
  cardPaymentTimeoutMinutes: integer('card_payment_timeout_minutes').notNull().default(60),
  bankTransferTimeoutMinutes: integer('bank_transfer_timeout_minutes').notNull().default(10080),
  customPaymentTimeoutMinutes: integer('custom_payment_timeout_minutes').notNull().default(1440),
  maxUnpaidOrders: integer('max_unpaid_orders').notNull().default(3),
  maxUnitsPerProduct: integer('max_units_per_product').notNull().default(10),
  cardGateway: text('card_gateway', { enum: ['sandbox', '2c2p'] })
    .notNull()
    .default('sandbox'),
  cardEnvironment: text('card_environment', { enum: ['sandbox', 'production'] })
    .notNull()
    .default('sandbox'),
  cardMerchantId: text('card_merchant_id').notNull().default(''),
  cardSecretKey: text('card_secret_key').notNull().default(''),
  /** The merchant's Payment Maintenance key pair for the built-in sandbox (PEM), generated on first use. */
  sandboxMaintenancePrivateKey: text('sandbox_maintenance_private_key').notNull().default(''),
  sandboxMaintenancePublicKey: text('sandbox_maintenance_public_key').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const carts = pgTable('carts', {
  tenantId: integer('tenant_id')
    .notNull()
    .references(() => tenants.id),
  id: integer('id').notNull().generatedAlwaysAsIdentity(),
  userId: integer('user_id').notNull(),
  /** The discount code the customer applied (checked again and priced when the order is placed). */
  discountCode: text('discount_code'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /** The last reminder of this cart left behind, and how many it got since it was last emptied (migration 0096). */
  remindedAt: timestamp('reminded_at', { withTimezone: true }),
  remindersSent: integer('reminders_sent').notNull().default(0),
});

export const cartItems = pgTable('cart_items', {
  tenantId: integer('tenant_id')
    .notNull()
    .references(() => tenants.id),
  id: integer('id').notNull().generatedAlwaysAsIdentity(),
  cartId: integer('cart_id').notNull(),
  productId: integer('product_id').notNull(),
  /** The variant of a product sold in options (decision 018). */
  variantId: integer('variant_id'),
  quantity: integer('quantity').notNull(),
  customization: jsonb('customization').$type<Record<string, string>>().notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const orderCounters = pgTable('order_counters', {
  tenantId: integer('tenant_id')
    .notNull()
    .primaryKey()
    .references(() => tenants.id),
  lastNumber: integer('last_number').notNull().default(1000),
});

export const orders = pgTable('orders', {
  tenantId: integer('tenant_id')
    .notNull()
    .references(() => tenants.id),
  id: integer('id').notNull().generatedAlwaysAsIdentity(),
  number: text('number').notNull(),
  userId: integer('user_id').notNull(),
  status: text('status', { enum: ORDER_STATUS_VALUES }).notNull().default('awaiting_payment'),
  paymentMethod: text('payment_method', { enum: PAYMENT_METHODS }).notNull(),
  paymentLabel: text('payment_label').notNull(),
  paymentInstructions: text('payment_instructions').notNull().default(''),
  currency: text('currency').notNull().default('USD'),
  subtotalCents: bigint('subtotal_cents', { mode: 'number' }).notNull(),
  shippingCents: bigint('shipping_cents', { mode: 'number' }).notNull().default(0),
  discountCents: bigint('discount_cents', { mode: 'number' }).notNull().default(0),
  taxCents: bigint('tax_cents', { mode: 'number' }).notNull().default(0),
  totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
  totalItems: integer('total_items').notNull(),
  deliveryAddress: jsonb('delivery_address').$type<Record<string, string>>().notNull(),
  idempotencyKey: text('idempotency_key'),
  requestFingerprint: text('request_fingerprint'),
  paymentDueAt: timestamp('payment_due_at', { withTimezone: true }),
  /** When the customer was reminded that the payment time runs out (migration 0082). */
  paymentReminderSentAt: timestamp('payment_reminder_sent_at', { withTimezone: true }),
  paidAt: timestamp('paid_at', { withTimezone: true }),
  cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  cancelReason: text('cancel_reason'),
  carrier: text('carrier').notNull().default(''),
  trackingNumber: text('tracking_number').notNull().default(''),
  trackingUrl: text('tracking_url').notNull().default(''),
  shippingZone: text('shipping_zone').notNull().default(''),
  deliveryEstimate: text('delivery_estimate').notNull().default(''),
  /** The day its last line made to order ships by (migration 0095); null when everything was in stock. */
  shipsBy: date('ships_by', { mode: 'string' }),
  /** Placed while the shop took payments through the built-in test gateway. */
  isTest: boolean('is_test').notNull().default(false),
  /**
   * What the shopper saw (migration 0089, decision 028): the currency they read prices in, its rate (millionths), its
   * decimals and the total in it as shown (minor units); null for an order read in the shop's own currency.
   */
  presentmentCurrency: text('presentment_currency'),
  presentmentRateMicros: bigint('presentment_rate_micros', { mode: 'number' }),
  presentmentDecimals: smallint('presentment_decimals'),
  presentmentTotalMinor: bigint('presentment_total_minor', { mode: 'number' }),
  /** The age its buyer confirmed being at least (migration 0093); null: it held nothing age-restricted. */
  confirmedAge: smallint('confirmed_age'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const orderLines = pgTable('order_lines', {
  tenantId: integer('tenant_id')
    .notNull()
    .references(() => tenants.id),
  id: integer('id').notNull().generatedAlwaysAsIdentity(),
  orderId: integer('order_id').notNull(),
  productId: integer('product_id'),
  productSlug: text('product_slug').notNull(),
  productName: text('product_name').notNull(),
  /** The variant ordered while it exists, and its SKU as ordered (decision 018). */
  variantId: integer('variant_id'),
  sku: text('sku'),
  thumbKey: text('thumb_key'),
  unitPriceCents: integer('unit_price_cents').notNull(),
  quantity: integer('quantity').notNull(),
  customization: jsonb('customization').$type<Record<string, string>>().notNull().default({}),
  lineTotalCents: bigint('line_total_cents', { mode: 'number' }).notNull(),
  /**
   * As sold (migration 0084): the line's share of the order's discounts, its tax on what is left and the rate it paid,
   * and its variant's option values; null on lines of orders placed before.
   */
  discountCents: bigint('discount_cents', { mode: 'number' }),
  taxCents: bigint('tax_cents', { mode: 'number' }),
  taxName: text('tax_name'),
  taxBasisPoints: integer('tax_basis_points'),
  optionValues: text('option_values').array(),
  /** Made to order: the day it ships by (the order's day plus the lead time; migration 0095); null from stock. */
  shipsBy: date('ships_by', { mode: 'string' }),
});

export const orderHistory = pgTable('order_history', {
  tenantId: integer('tenant_id')
    .notNull()
    .references(() => tenants.id),
  id: integer('id').notNull().generatedAlwaysAsIdentity(),
  orderId: integer('order_id').notNull(),
  fromStatus: text('from_status', { enum: ORDER_STATUS_VALUES }),
  toStatus: text('to_status', { enum: ORDER_STATUS_VALUES }).notNull(),
  actor: text('actor', { enum: ORDER_ACTORS }).notNull(),
  actorUserId: integer('actor_user_id'),
  reason: text('reason').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const orderNotes = pgTable('order_notes', {
  tenantId: integer('tenant_id')
    .notNull()
    .references(() => tenants.id),
  id: integer('id').notNull().generatedAlwaysAsIdentity(),
  orderId: integer('order_id').notNull(),
  authorUserId: integer('author_user_id'),
  body: text('body').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** What one discount took off an order (the discounts module prices it; the order keeps it as sold). */
export const orderDiscounts = pgTable('order_discounts', {
  tenantId: integer('tenant_id')
    .notNull()
    .references(() => tenants.id),
  id: integer('id').notNull().generatedAlwaysAsIdentity(),
  orderId: integer('order_id').notNull(),
  discountId: integer('discount_id'),
  code: text('code'),
  name: text('name').notNull(),
  kind: text('kind', { enum: DISCOUNT_KINDS }).notNull(),
  description: text('description').notNull(),
  amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
});
