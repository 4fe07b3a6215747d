// The administration API (`/api/admin/…`): list conventions shared by every collection, and the shapes of its answers.
import './browser.ts';
import { z } from 'zod';
import { PageNumber, QueryRowId, RowId } from './ids.ts';
import { Money } from './money.ts';
import {
  AppliedDiscount,
  DeliveryAddress,
  OrderHistoryEntry,
  OrderLine,
  OrderRefund,
  OrderStatus,
  PaymentMethod,
  Presentment,
  REFUND_STATUSES,
} from './orders.ts';
import { PaymentStatus } from './payments.ts';
import { SalesFigures } from './reports.ts';
import { OrderTax } from './tax.ts';

export const ADMIN_MAX_PAGE_SIZE = 100;

/** An ordering of `field` ascending or `-field` descending. */
export type Ordering<T extends string> = T | `-${T}`;

/**
 * The orderings an admin list takes: `id` (react-admin's default sort, and its reference inputs' `-id`) and the
 * given fields, each ascending (`field`) or descending (`-field`); any other answers 400.
 */
export function adminOrdering<const T extends string>(...fields: T[]) {
  const names = ['id', ...fields];
  const values = [...names, ...names.map((name) => `-${name}`)] as [Ordering<'id' | T>, ...Ordering<'id' | T>[]];
  return z.enum(values, { error: 'Not a valid ordering.' }).optional();
}

/**
 * What every admin list takes: a page (1-based) and its size, an ordering (`field` or `-field`, from the
 * collection's allowlist: `adminOrdering`; `id` alone here) and a free-text search; collections add their own
 * filters and orderings.
 */
export const AdminListQuery = z.object({
  page: PageNumber.default(1),
  page_size: z.coerce.number().int().min(1).max(ADMIN_MAX_PAGE_SIZE).default(25),
  ordering: adminOrdering(),
  search: z.string().trim().max(200).optional(),
});
export type AdminListQuery = z.infer<typeof AdminListQuery>;

/** An admin list's answer: the total and one page. */
export function adminPage<T extends z.ZodType>(item: T) {
  return z.object({ count: z.number().int(), results: z.array(item) });
}

/** A staff member's role; `owner` may also manage staff and payment settings. */
export const StaffRole = z.enum(['staff', 'owner']);
export type StaffRole = z.infer<typeof StaffRole>;

/**
 * What a staff role may do (decision 021): send money back, see revenue, manage products, manage orders, manage the
 * shop's settings and staff. The owner may do all; `staff` manages products and orders.
 */
export const STAFF_PERMISSIONS = [
  'refund',
  'see_revenue',
  'manage_products',
  'manage_orders',
  'manage_settings',
] as const;
export type StaffPermission = (typeof STAFF_PERMISSIONS)[number];

export const ROLE_PERMISSIONS: Readonly<Record<StaffRole, readonly StaffPermission[]>> = {
  owner: STAFF_PERMISSIONS,
  staff: ['manage_products', 'manage_orders'],
};

/** Whether a role (any user's; a customer's or none: never) may do `permission`. */
export function roleMay(role: string | null | undefined, permission: StaffPermission): boolean {
  const parsed = StaffRole.safeParse(role);
  return parsed.success && ROLE_PERMISSIONS[parsed.data].includes(permission);
}

/** One entry of the audit log. */
export const AuditEntry = z.object({
  id: z.number().int(),
  actor_user_id: z.number().int().nullable(),
  actor_role: z.string(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string(),
  summary: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;
export const AuditPage = adminPage(AuditEntry);

/** A card payment attempt of an order, as staff see it (with the gateway's references). */
export const AdminPayment = z.object({
  uuid: z.uuid(),
  status: PaymentStatus,
  gateway: z.string(),
  invoice_no: z.string(),
  amount: Money,
  currency: z.string(),
  gateway_transaction_ref: z.string().nullable(),
  resp_code: z.string().nullable(),
  error_message: z.string().nullable(),
  review_reason: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminPayment = z.infer<typeof AdminPayment>;

/** An order in the admin list. */
export const AdminOrderSummary = z.object({
  id: z.number().int(),
  number: z.string(),
  status: OrderStatus,
  payment_method: PaymentMethod,
  payment_label: z.string(),
  total: Money,
  currency: z.string(),
  total_items: z.number().int(),
  customer_id: z.number().int(),
  customer_email: z.string(),
  /** Placed while the shop took payments through the built-in test gateway: no card was charged. */
  is_test: z.boolean(),
  /** Made to order (issue 49): the day its last line made to order ships by; null when all came from stock. */
  ships_by: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminOrderSummary = z.infer<typeof AdminOrderSummary>;
export const AdminOrderPage = adminPage(AdminOrderSummary);

export const AdminOrderNote = z.object({
  id: z.number().int(),
  author_user_id: z.number().int().nullable(),
  body: z.string(),
  created_at: z.string(),
});

/** An order in full, for staff: lines, address, the history with who moved it, shipping, notes and payments. */
/** A refund as staff see it: why, the bank's or gateway's reference, the units put back, and any failure. */
export const AdminRefund = OrderRefund.extend({
  /**
   * As the customer's, or `unknown`: the gateway did not answer, and the shop is asking it what became of the refund
   * (it sends nothing again before it knows). The customer reads such a refund as pending.
   */
  status: z.enum([...REFUND_STATUSES, 'unknown']),
  reason: z.string(),
  reference: z.string(),
  refunded_on: z.string().nullable(),
  /** The units put back, per product, and per variant for a product sold in options (`variant_id`). */
  restock: z.array(
    z.object({ product_id: z.number().int(), variant_id: z.number().int().optional(), quantity: z.number().int() }),
  ),
  /** What a refund by line took of each line (empty for a free amount: decision 024). */
  lines: z.array(
    z.object({
      line_id: z.number().int(),
      quantity: z.number().int(),
      restock: z.boolean(),
      /** What these units came to: their net after the order's discounts, and their tax where the total added it. */
      amount: Money,
      /** Their tax (within `amount` either way). */
      tax: Money,
    }),
  ),
  /** The shipping (with its tax) a refund by line gave back with the order's last units; null otherwise. */
  shipping: Money.nullable(),
  error_message: z.string().nullable(),
  review_reason: z.string().nullable(),
});
export type AdminRefund = z.infer<typeof AdminRefund>;

/** Units of one order line to refund, and whether they go back in stock (to the line's own variant). */
export const RefundLineBody = z.object({
  line_id: RowId,
  quantity: z.number({ error: 'Enter a number of units.' }).int().min(1).max(10_000),
  restock: z.boolean().default(false),
});
export type RefundLineBody = z.infer<typeof RefundLineBody>;

const RefundLinesBody = z.array(RefundLineBody).min(1, { error: 'Choose at least one line.' }).max(100);

/**
 * `POST /admin/orders/{id}/refunds/`: send back part or all of a paid order (never more than is left to refund), with
 * a reason. Either by line (`lines`: the shop computes the amount, each line's units at their price after their share
 * of the discounts, with their tax, and the shipping with the order's last units; `amount` left out, or equal to it),
 * or a free `amount` (a goodwill refund), with units put back in stock (`restock`). For a method paid outside the
 * shop, staff record the refund they made: its `reference` and the day (`refunded_on`, today when left out). An
 * `Idempotency-Key` header makes a retry answer the same refund.
 */
export const CreateRefundBody = z.object({
  amount: z
    .string()
    .trim()
    .regex(/^\d{1,10}(\.\d{1,2})?$/, { error: 'Enter an amount such as 12.50.' })
    .optional(),
  lines: RefundLinesBody.optional(),
  reason: z.string().trim().max(500).default(''),
  reference: z.string().trim().max(200).default(''),
  refunded_on: z.iso.date({ error: 'Enter a date as YYYY-MM-DD.' }).optional(),
  /**
   * Units to put back in stock. For a product the order holds in options, `variant_id` names the variant (it may be
   * left out when the order holds one variant of that product only).
   */
  restock: z
    .array(z.object({ product_id: RowId, variant_id: RowId.optional(), quantity: z.number().int().min(1).max(10_000) }))
    .max(100)
    .default([]),
});
export type CreateRefundBody = z.infer<typeof CreateRefundBody>;

/** `POST /admin/orders/{id}/refunds/quote/`: what refunding these lines would give back, refunding nothing. */
export const RefundQuoteBody = z.object({ lines: RefundLinesBody });
export type RefundQuoteBody = z.infer<typeof RefundQuoteBody>;

/** What refunding the lines comes to: per line, the shipping with the order's last units, the tax per rate, the total. */
export const RefundQuote = z.object({
  amount: Money,
  /** The tax within `amount`. */
  tax: Money,
  /** Per rate, as the order's taxes read (empty when the order's lines do not say their rates). */
  taxes: z.array(OrderTax),
  shipping: Money.nullable(),
  lines: z.array(z.object({ line_id: z.number().int(), quantity: z.number().int(), amount: Money, tax: Money })),
});
export type RefundQuote = z.infer<typeof RefundQuote>;

export const AdminOrder = AdminOrderSummary.extend({
  /** The lines, each with its units not yet refunded by line (refunds not failed count). */
  items: z.array(OrderLine.extend({ refundable_quantity: z.number().int() })),
  subtotal: Money,
  /** What the order's discounts took off (`discounts`): `total = subtotal - discount + shipping + tax`. */
  discount: Money,
  discounts: z.array(AppliedDiscount),
  shipping: Money,
  /** What the total adds for tax ("0.00" when the prices hold it); `taxes` lists each, included or added. */
  tax: Money,
  /** The order's taxes per rate, as its customer reads them (decision 016): VAT the prices hold, sales tax added. */
  taxes: z.array(OrderTax),
  delivery_address: DeliveryAddress,
  payment_due_at: z.string().nullable(),
  carrier: z.string(),
  tracking_number: z.string(),
  tracking_url: z.string(),
  history: z.array(
    OrderHistoryEntry.extend({
      from_status: OrderStatus.nullable(),
      actor: z.string(),
      /** The e-mail address of the member of staff who made a staff move (null for the others, or a deleted account). */
      by: z.string().nullable(),
      reason: z.string(),
    }),
  ),
  notes: z.array(AdminOrderNote),
  payments: z.array(AdminPayment),
  /** The money sent back so far (completed refunds), and what may still be refunded (paid less every refund asked). */
  refunded_amount: Money,
  refundable_amount: Money,
  refunds: z.array(AdminRefund),
  /** What the customer saw (decision 028): the currency they read prices in, its rate, and the total in it. */
  ...Presentment.shape,
  /** Selling abroad (issue 48): the age its buyer confirmed (null: it held nothing age-restricted). */
  confirmed_age: z.number().int().nullable(),
  /** It goes to another country than the shop's: it travels with a customs declaration. */
  leaves_shop_country: z.boolean(),
});
export type AdminOrder = z.infer<typeof AdminOrder>;

export const AdminOrderListQuery = AdminListQuery.extend({
  ordering: adminOrdering('created_at', 'updated_at', 'number', 'total', 'status'),
  status: OrderStatus.optional(),
  payment_method: PaymentMethod.optional(),
  customer: QueryRowId.optional(),
});
export type AdminOrderListQuery = z.infer<typeof AdminOrderListQuery>;

/**
 * `POST /admin/orders/{id}/transition/`: move an order; shipping needs its carrier and tracking number. Cancelling a
 * paid order with `refund` sends its money back as well (a void on the day it was paid by card, else a refund).
 */
export const OrderTransitionBody = z.object({
  to: z.enum(['paid', 'processing', 'shipped', 'delivered', 'cancelled']),
  reason: z.string().trim().max(500).optional(),
  /** Whether a cancellation's reason goes to the customer in its e-mail (the default) or stays in the history only. */
  reason_to_customer: z.boolean().optional(),
  refund: z.boolean().optional(),
  carrier: z.string().trim().min(1).max(100).optional(),
  tracking_number: z.string().trim().min(1).max(100).optional(),
  tracking_url: z
    .url({ protocol: /^https?$/ })
    .max(500)
    .optional(),
});
export type OrderTransitionBody = z.infer<typeof OrderTransitionBody>;

export const OrderNoteBody = z.object({ body: z.string().trim().min(1).max(5000) });

/** The shop's payment settings as the owner sees them: the secret key is never read back, only whether it is set. */
export const AdminPaymentSettings = z.object({
  enable_card_payment: z.boolean(),
  enable_bank_transfer: z.boolean(),
  enable_custom_payment: z.boolean(),
  bank_account_details: z.string(),
  custom_payment_label: z.string(),
  custom_payment_instructions: z.string(),
  custom_payment_redirect_url: z.string(),
  card_gateway: z.enum(['sandbox', '2c2p']),
  card_environment: z.enum(['sandbox', 'production']),
  card_merchant_id: z.string(),
  card_secret_key_set: z.boolean(),
  bank_transfer_timeout_minutes: z.number().int(),
  custom_payment_timeout_minutes: z.number().int(),
  max_unpaid_orders: z.number().int(),
  max_units_per_product: z.number().int(),
});
export type AdminPaymentSettings = z.infer<typeof AdminPaymentSettings>;

/** A whole number from `min` to `max`, with one message for anything else. */
const wholeNumber = (min: number, max: number, message: string) =>
  z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message });

/** How long an unpaid bank-transfer or custom order may hold its stock: an hour to 30 days. */
export const PAYMENT_TIMEOUT_MINUTES = { min: 60, max: 30 * 24 * 60 } as const;
/** The range of the order limits an owner may set. */
export const ORDER_LIMITS = {
  maxUnpaidOrders: { min: 1, max: 100 },
  maxUnitsPerProduct: { min: 1, max: 10_000 },
} as const;

const paymentTimeout = wholeNumber(
  PAYMENT_TIMEOUT_MINUTES.min,
  PAYMENT_TIMEOUT_MINUTES.max,
  'A time to pay is 60 to 43200 minutes (1 hour to 30 days).',
);

/** A change of the payment settings: fields left out keep their value; `card_secret_key` is write-only. */
export const AdminPaymentSettingsBody = z
  .object({
    enable_card_payment: z.boolean(),
    enable_bank_transfer: z.boolean(),
    enable_custom_payment: z.boolean(),
    bank_account_details: z.string().max(5000),
    custom_payment_label: z.string().max(100),
    custom_payment_instructions: z.string().max(5000),
    custom_payment_redirect_url: z.union([z.literal(''), z.url({ protocol: /^https?$/ }).max(500)]),
    card_gateway: z.enum(['sandbox', '2c2p']),
    card_environment: z.enum(['sandbox', 'production']),
    card_merchant_id: z
      .string()
      .regex(/^[A-Za-z0-9]{1,25}$/, { error: 'A merchant id has 1 to 25 letters or digits.' }),
    card_secret_key: z.string().min(16, { error: 'A secret key has at least 16 characters.' }).max(500),
    bank_transfer_timeout_minutes: paymentTimeout,
    custom_payment_timeout_minutes: paymentTimeout,
    max_unpaid_orders: wholeNumber(
      ORDER_LIMITS.maxUnpaidOrders.min,
      ORDER_LIMITS.maxUnpaidOrders.max,
      'A customer may have 1 to 100 orders awaiting payment.',
    ),
    max_units_per_product: wholeNumber(
      ORDER_LIMITS.maxUnitsPerProduct.min,
      ORDER_LIMITS.maxUnitsPerProduct.max,
      'An order may take 1 to 10000 units of a product.',
    ),
  })
  .partial()
  .strict();
export type AdminPaymentSettingsBody = z.infer<typeof AdminPaymentSettingsBody>;

/** An order awaiting payment, as the dashboard lists it (the latest, newest first). */
export const AwaitingPaymentOrder = z.object({
  id: z.number().int(),
  number: z.string(),
  total: Money,
  currency: z.string(),
  payment_method: PaymentMethod,
  customer_email: z.string(),
  is_test: z.boolean(),
  created_at: z.string(),
  payment_due_at: z.string().nullable(),
});
export type AwaitingPaymentOrder = z.infer<typeof AwaitingPaymentOrder>;

/**
 * `GET /admin/dashboard/?include_test=true`: today's figures count the test orders too (those paid through the test
 * card gateway, `is_test`), which are left out by default: no money changed hands.
 */
export const AdminDashboardQuery = z.object({
  include_test: z
    .enum(['true', 'false'], { error: 'Say true or false.' })
    .default('false')
    .transform((value) => value === 'true'),
});
export type AdminDashboardQuery = z.infer<typeof AdminDashboardQuery>;

/**
 * `GET /admin/dashboard/`: today's paid orders and their revenue (today: since midnight in the shop's time zone; paid:
 * `PAID_ORDER_STATUSES`, test orders left out unless asked for), the orders awaiting payment (how many, and the latest), and the
 * products running low. `today` is the shop's calendar day, for the sales report's ranges; `sales_today` splits its
 * money as the report does (goods, discounts, shipping, tax added and included, refunds, net).
 */
export const AdminDashboard = z.object({
  /** The shop's time zone, whose midnight starts its day (its site settings'; UTC for a shop that has not set one). */
  time_zone: z.string(),
  today: z.string(),
  /** Whether today's figures count test orders (`include_test` asked). */
  include_test: z.boolean(),
  orders_today: z.number().int(),
  /** Null for a role that may not see revenue (`see_revenue`). */
  revenue_today: Money.nullable(),
  sales_today: SalesFigures.nullable(),
  awaiting_payment: z.number().int(),
  awaiting_payment_orders: z.array(AwaitingPaymentOrder),
  /**
   * What runs low: a product bought as it is, or each variant of a product sold in options (`variant_id` and its
   * option values as `variant`, "15 inch / Mirror-polished"; the product's threshold applies to each variant).
   */
  low_stock: z.array(
    z.object({
      /** The product's id. */
      id: z.number().int(),
      name: z.string(),
      variant_id: z.number().int().nullable(),
      /** The variant's option values, '' for a product without variants. */
      variant: z.string(),
      stock: z.number().int(),
      low_stock_threshold: z.number().int(),
    }),
  ),
  /**
   * Orders made to order due to ship within the week (issue 49): paid and not shipped, whose `ships_by` is at most 7
   * days from today (or past), soonest first.
   */
  due_to_ship: z.array(
    z.object({
      id: z.number().int(),
      number: z.string(),
      status: OrderStatus,
      ships_by: z.string(),
      customer_email: z.string(),
    }),
  ),
});
export type AdminDashboard = z.infer<typeof AdminDashboard>;

/** A customer account, as staff see it. */
export const AdminCustomer = z.object({
  id: z.number().int(),
  email: z.string(),
  username: z.string(),
  is_active: z.boolean(),
  created_at: z.string(),
  last_login_at: z.string().nullable(),
});
export type AdminCustomer = z.infer<typeof AdminCustomer>;
export const AdminCustomerPage = adminPage(AdminCustomer);

export const AdminCustomerListQuery = AdminListQuery.extend({
  ordering: adminOrdering('email', 'username', 'created_at', 'last_login_at'),
  is_active: z.enum(['true', 'false']).optional(),
});
export type AdminCustomerListQuery = z.infer<typeof AdminCustomerListQuery>;

/** `PATCH /admin/customers/{id}/`: disabling an account ends its sessions at once. */
export const AdminCustomerBody = z.object({ is_active: z.boolean() }).strict();

/** A member of the shop's staff, for the owner. */
export const AdminStaffMember = AdminCustomer.extend({ role: StaffRole });
export type AdminStaffMember = z.infer<typeof AdminStaffMember>;
export const AdminStaffPage = adminPage(AdminStaffMember);

/** `POST /admin/staff/`: invites a new member of staff, who sets a password through the link mailed to them. */
export const AdminStaffCreateBody = z.object({ email: z.email().max(254), role: StaffRole }).strict();
export type AdminStaffCreateBody = z.infer<typeof AdminStaffCreateBody>;

/** `PATCH /admin/staff/{id}/`: a new role, or the account disabled (its sessions end at once) or enabled again. */
export const AdminStaffUpdateBody = z.object({ role: StaffRole, is_active: z.boolean() }).partial().strict();
export type AdminStaffUpdateBody = z.infer<typeof AdminStaffUpdateBody>;

const mailAddress = z
  .string()
  .trim()
  .max(254)
  .refine((value) => value === '' || /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(value), {
    error: 'Enter a valid email address.',
  });

/**
 * `GET`/`PUT /admin/mail-settings/` (owner): the shop's sender, the name and address its e-mails come from, and where
 * replies go ('' each: the shop's name with the platform's default address, and no reply-to); and which e-mails its
 * staff get at the shop's own address (each on by default).
 */
export const MailSettings = z.object({
  sender_name: z
    .string()
    .trim()
    .max(100)
    .refine((value) => !/[<>"\r\n]/.test(value), { error: 'A sender name has no <, >, " or line break.' }),
  sender_address: mailAddress,
  reply_to: mailAddress,
  /** Staff get an e-mail at the shop's own address when an order is placed. */
  notify_new_order: z.boolean(),
  /** Staff get one e-mail a day, at the shop's own address, listing what runs low on stock. */
  notify_low_stock: z.boolean(),
});
export type MailSettings = z.infer<typeof MailSettings>;

/**
 * `GET /admin/stock-alerts/` (issue 49): the demand waiting for what is sold out, one row per product or variant that
 * shoppers asked to hear of (`id`: `<product>` or `<product>-<variant>`), most waiting first.
 */
export const AdminStockAlertDemand = z.object({
  id: z.string(),
  product_id: z.number().int(),
  product_name: z.string(),
  variant_id: z.number().int().nullable(),
  /** The variant's option values; '' for the product. */
  variant: z.string(),
  stock: z.number().int(),
  /** Confirmed alerts waiting (a guest's unconfirmed ones are `unconfirmed`). */
  waiting: z.number().int(),
  unconfirmed: z.number().int(),
  oldest: z.string(),
});
export type AdminStockAlertDemand = z.infer<typeof AdminStockAlertDemand>;
export const AdminStockAlertDemandPage = adminPage(AdminStockAlertDemand);
export const AdminStockAlertQuery = AdminListQuery.extend({
  ordering: adminOrdering('waiting', 'oldest', 'product_name'),
});
export type AdminStockAlertQuery = z.infer<typeof AdminStockAlertQuery>;

/**
 * `GET /admin/abandoned-carts/` (issue 49): customers' carts with lines that have not changed for the reminder's wait,
 * newest change first: the customer, what the cart is worth (as entered), when it last changed, and its reminders.
 */
export const AdminAbandonedCart = z.object({
  id: z.number().int(),
  customer: z.object({ id: z.number().int(), email: z.string() }),
  items: z.number().int(),
  value: Money,
  changed_at: z.string(),
  marketing_consent: z.boolean(),
  reminders_sent: z.number().int(),
  reminded_at: z.string().nullable(),
});
export type AdminAbandonedCart = z.infer<typeof AdminAbandonedCart>;
export const AdminAbandonedCartPage = adminPage(AdminAbandonedCart);
export const AdminAbandonedCartQuery = AdminListQuery.extend({
  ordering: adminOrdering('changed_at'),
  reminded: z.enum(['true', 'false']).optional(),
});
export type AdminAbandonedCartQuery = z.infer<typeof AdminAbandonedCartQuery>;
