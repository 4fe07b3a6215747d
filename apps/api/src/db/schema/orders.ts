import { ORDER_STATUSES } from '@platform/contracts';
import { bigint, boolean, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
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
  paymentMethod: text('payment_method', { enum: ['card_2c2p', 'bank_transfer', 'custom'] }).notNull(),
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
  /** Placed while the shop took payments through the built-in test gateway. */
  isTest: boolean('is_test').notNull().default(false),
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
});

export const orderHistory = pgTable('order_history', {
  tenantId: integer('tenant_id')
    .notNull()
    .references(() => tenants.id),
  id: integer('id').notNull().generatedAlwaysAsIdentity(),
  orderId: integer('order_id').notNull(),
  fromStatus: text('from_status', { enum: ORDER_STATUS_VALUES }),
  toStatus: text('to_status', { enum: ORDER_STATUS_VALUES }).notNull(),
  actor: text('actor', { enum: ['customer', 'staff', 'system', 'gateway'] }).notNull(),
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
