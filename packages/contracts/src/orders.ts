import './browser.ts';
import { z } from 'zod';
import { MAX_PAGE_SIZE, paginated } from './catalog.ts';
import { SHOP_CURRENCY } from './currency.ts';
import { PageNumber, RowId } from './ids.ts';
import { Money } from './money.ts';
import { OrderTax } from './tax.ts';

/** Bounds of a cart line's customization: a small map of short strings (e.g. an engraving text). */
export const CUSTOMIZATION_MAX_KEYS = 10;
export const CUSTOMIZATION_KEY_MAX = 50;
export const CUSTOMIZATION_VALUE_MAX = 200;

/** The largest quantity one request may ask for; the stock bounds it further. */
export const MAX_LINE_QUANTITY = 10_000;

/** Card payments are charged in one currency (spec section 9): the shop's, which display currencies are shown beside. */
export const ORDER_CURRENCY = SHOP_CURRENCY;

export { customizationText, orderLineName } from './customization.ts';

export const Customization = z
  .record(
    z
      .string()
      .min(1)
      .max(CUSTOMIZATION_KEY_MAX, { error: `Keys are at most ${CUSTOMIZATION_KEY_MAX} characters.` }),
    z.string().max(CUSTOMIZATION_VALUE_MAX, { error: `Values are at most ${CUSTOMIZATION_VALUE_MAX} characters.` }),
  )
  .refine((value) => Object.keys(value).length <= CUSTOMIZATION_MAX_KEYS, {
    error: `At most ${CUSTOMIZATION_MAX_KEYS} customization entries.`,
  });
export type Customization = z.infer<typeof Customization>;

/** A cart line (spec section 3 "Cart item"); `line_total` is price times quantity, computed by the server. */
export const CartItem = z.object({
  id: z.number(),
  quantity: z.number().int(),
  customization: z.record(z.string(), z.string()),
  product: z.object({
    id: z.number(),
    name: z.string(),
    slug: z.string(),
    price: Money,
    stock: z.number(),
    is_active: z.boolean(),
    /**
     * Platform extension (issue 49): made when ordered (the variant's when the line has one), on sale at stock 0 and
     * shipping within `lead_time_days`.
     */
    made_to_order: z.boolean().optional(),
    lead_time_days: z.number().nullable().optional(),
    main_image: z.object({ thumb_image: z.string(), alt_text: z.string() }).nullable(),
    /** Platform extension (issue 48): sold to adults only (itself or its category): the order needs `age_confirmed`. */
    age_restricted: z.boolean(),
  }),
  /**
   * The variant of a product sold in options, null otherwise: then `product.price` and `product.stock` are this
   * variant's (personalisation's extra price included in the price). Platform extension (issue 45): `image`, the
   * variant's own first picture (null when it has none: the line shows the product's `main_image`).
   */
  variant: z
    .object({
      id: z.number(),
      sku: z.string(),
      options: z.record(z.string(), z.string()),
      image: z.object({ thumb_image: z.string(), alt_text: z.string() }).nullable().optional(),
    })
    .nullable(),
  line_total: Money,
  /**
   * Platform extension (issue 48): the shop's message when the destination the request names is closed to this
   * product (an order to it is refused); null otherwise, and without a destination.
   */
  shipping_restriction: z.string().nullable(),
});
export type CartItem = z.infer<typeof CartItem>;

/** The kinds of discount (decision 015). */
export const DiscountKind = z.enum(['percentage', 'fixed', 'free_shipping', 'buy_x_get_y']);
export type DiscountKind = z.infer<typeof DiscountKind>;

/** A discount applied to a cart or an order: the code (null: an automatic promotion), and what it took off. */
export const AppliedDiscount = z.object({
  code: z.string().nullable(),
  name: z.string(),
  kind: DiscountKind,
  /** What it discounted, in words: "10% off the order", "Shipping", "1 free of Tea Bowl". */
  description: z.string(),
  amount: Money,
});
export type AppliedDiscount = z.infer<typeof AppliedDiscount>;

/** The customer's cart (spec section 3 "Cart"): prices and totals always from the current catalog. */
export const Cart = z.object({
  id: z.number(),
  items: z.array(CartItem),
  total_items: z.number().int(),
  total_price: Money,
  /** The code the customer applied (null: none); it is priced again when the order is placed. */
  discount_code: z.string().nullable(),
  /**
   * What the discounts save on the cart's items as they are now (a free-shipping discount saves the shipping, known
   * once the delivery country is).
   */
  discount: Money,
  discounts: z.array(AppliedDiscount),
  /** Why the applied code takes nothing off the cart as it is now (null when it applies or there is none). */
  discount_message: z.string().nullable(),
  /** The subtotal less the discounts: what the items cost before shipping and any tax added at checkout. */
  total: Money,
});
export type Cart = z.infer<typeof Cart>;

const quantity = () =>
  z
    .number({ error: 'A valid integer is required.' })
    .int({ error: 'A valid integer is required.' })
    .max(MAX_LINE_QUANTITY, { error: `Ensure this value is less than or equal to ${MAX_LINE_QUANTITY}.` });

/** `POST /orders/cart/add-item/`. */
export const AddCartItemBody = z.object({
  product_id: RowId,
  /**
   * The variant of a product sold in options (decision 018); without it, the product's default variant. Its option
   * values are written into the line's customization by the server.
   */
  variant_id: RowId.optional(),
  quantity: quantity().min(1, { error: 'Ensure this value is greater than or equal to 1.' }).default(1),
  customization: Customization.default({}),
});
export type AddCartItemBody = z.input<typeof AddCartItemBody>;

/** `PATCH /orders/cart/items/{itemId}/`: below 1 answers 400 'Quantity must be at least 1. Use remove to delete.' */
export const UpdateCartItemBody = z.object({ quantity: quantity() });
export type UpdateCartItemBody = z.infer<typeof UpdateCartItemBody>;

/**
 * The query of every cart route: where the cart goes, when the shopper said (decision 016). With it, the cart's prices,
 * totals and savings are those of that destination (with its tax in them where it shows prices so); without it, the
 * prices as the shop entered them.
 */
export const CartQuery = z.object({
  country: z.string().trim().min(1).max(200).optional(),
  region: z.string().trim().max(100).optional(),
});
export type CartQuery = z.infer<typeof CartQuery>;

/** `POST /orders/cart/discount/`: a discount code, in any letter case. */
export const ApplyDiscountBody = z.object({
  code: z.string().trim().min(1, { error: 'Enter a discount code.' }).max(40, { error: 'No code is that long.' }),
});
export type ApplyDiscountBody = z.infer<typeof ApplyDiscountBody>;

/** Payment method codes (spec section 4 "Checkout flow"); the default choice is the first enabled in this order. */
export const PAYMENT_METHODS = ['card_2c2p', 'bank_transfer', 'custom'] as const;
export const PaymentMethod = z.enum(PAYMENT_METHODS);
export type PaymentMethod = z.infer<typeof PaymentMethod>;

export const DEFAULT_CUSTOM_PAYMENT_LABEL = 'Other Payment Method';

/**
 * Who marks an order of each method paid: `gateway`, the card gateway's confirmed payment only (staff cannot, so no
 * order shows paid without the money); `staff`, who record the money they received (bank transfer, custom).
 */
export const PAYMENT_CONFIRMED_BY: Readonly<Record<PaymentMethod, 'gateway' | 'staff'>> = {
  card_2c2p: 'gateway',
  bank_transfer: 'staff',
  custom: 'staff',
};

/** Whether only the payment gateway marks an order of this method paid. */
export function isPaidThroughGateway(method: PaymentMethod): boolean {
  return PAYMENT_CONFIRMED_BY[method] === 'gateway';
}

/** The methods a shop accepts, in the spec's order (card, bank transfer, custom). */
export function enabledPaymentMethods(enabled: Record<PaymentMethod, boolean>): PaymentMethod[] {
  return PAYMENT_METHODS.filter((method) => enabled[method]);
}

/** The name a customer reads for a method; `customLabel` is the shop's name for its custom method. */
export function paymentMethodLabel(method: PaymentMethod, customLabel: string): string {
  switch (method) {
    case 'card_2c2p':
      return 'Credit/Debit Card';
    case 'bank_transfer':
      return 'Bank Transfer';
    case 'custom':
      return customLabel.trim() || DEFAULT_CUSTOM_PAYMENT_LABEL;
  }
}

/** `GET /payments/options/` (spec section 3 "Payment options"). */
export const PaymentOptions = z.object({
  enable_card_payment: z.boolean(),
  enable_bank_transfer: z.boolean(),
  enable_custom_payment: z.boolean(),
  bank_account_details: z.string(),
  custom_payment_label: z.string(),
  custom_payment_instructions: z.string(),
  custom_payment_redirect_url: z.string(),
});
export type PaymentOptions = z.infer<typeof PaymentOptions>;

/** The methods the payment options say the shop takes, in the spec's order. */
export function offeredPaymentMethods(
  options: Pick<PaymentOptions, 'enable_card_payment' | 'enable_bank_transfer' | 'enable_custom_payment'>,
): PaymentMethod[] {
  return enabledPaymentMethods({
    card_2c2p: options.enable_card_payment,
    bank_transfer: options.enable_bank_transfer,
    custom: options.enable_custom_payment,
  });
}

/** The six delivery address fields, all required (spec section 5 "Checkout"). */
export const DELIVERY_ADDRESS_FIELDS = [
  'street',
  'city',
  'postalCode',
  'country',
  'fullname',
  'contact_number',
] as const;
export const ADDRESS_FIELD_MAX = 200;

const addressField = () =>
  z
    .string({ error: (issue) => (issue.input === undefined ? 'This field is required.' : 'Not a valid string.') })
    .max(ADDRESS_FIELD_MAX, { error: `Ensure this field has no more than ${ADDRESS_FIELD_MAX} characters.` });

export const DeliveryAddress = z.object({
  street: addressField(),
  city: addressField(),
  postalCode: addressField(),
  country: addressField(),
  fullname: addressField(),
  contact_number: addressField(),
  /** Platform extension: the state, province or territory, for a country whose addresses need one (US, IN, AU, CA). */
  region: addressField().optional(),
});
export type DeliveryAddress = z.infer<typeof DeliveryAddress>;

/**
 * An address as the shop shows it (order pages, the customer's saved addresses, the admin, e-mails), line by line:
 * the name, the street, the city (with the state or region where the country has them) and postal code, the
 * country, the phone number.
 */
export function addressLines(address: DeliveryAddress): [string, string, string, string, string] {
  return [
    address.fullname,
    address.street,
    address.region
      ? `${address.city}, ${address.region} ${address.postalCode}`
      : `${address.city} ${address.postalCode}`,
    address.country,
    address.contact_number,
  ];
}

/** `POST /orders/orders/` (an `Idempotency-Key` header makes a retry return the same order). */
export const CreateOrderBody = z.object({
  payment_method: z.string({ error: 'This field is required.' }).max(50),
  delivery_address: DeliveryAddress,
  /**
   * Platform extension (decision 028): the currency the shopper read prices in (an ISO code the shop lists, or its
   * own); the order keeps its total in it as shown. The order is charged in the shop's currency whatever it is.
   */
  currency: z
    .string({ error: 'Name a currency by its code, such as EUR.' })
    .trim()
    .max(10, { error: 'Name a currency by its code, such as EUR.' })
    .transform((code) => code.toUpperCase())
    .optional(),
  /**
   * Platform extension (issue 48): the buyer confirms being of the shop's age (`ageConfirmationLabel`); an order
   * holding an age-restricted product is refused without it.
   */
  age_confirmed: z.boolean({ error: 'Must be a valid boolean.' }).optional(),
});
export type CreateOrderBody = z.infer<typeof CreateOrderBody>;

/**
 * awaiting_payment → paid → processing → shipped → delivered, or cancelled (stock restored); a paid order whose money
 * went back in part or in full is partially_refunded or refunded.
 */
export const ORDER_STATUSES = [
  'awaiting_payment',
  'paid',
  'processing',
  'shipped',
  'delivered',
  'cancelled',
  'partially_refunded',
  'refunded',
] as const;
export const OrderStatus = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof OrderStatus>;

/**
 * The statuses of a sold order: its payment is confirmed (by the card gateway, or by staff who received a bank
 * transfer or a custom payment: `PAYMENT_CONFIRMED_BY`) and it is not cancelled. NOTE: this is the one definition of
 * "paid" that revenue (the dashboard, the sales report) and purchases count; test orders (`is_test`) never count as
 * revenue.
 */
export const PAID_ORDER_STATUSES = [
  'paid',
  'processing',
  'shipped',
  'delivered',
  // Paid, then some or all of it given back: revenue counts what was paid, refunds count apart.
  'partially_refunded',
  'refunded',
] as const satisfies readonly OrderStatus[];

/** Whether an order in this status is paid for (`PAID_ORDER_STATUSES`). */
export function isPaidOrderStatus(status: OrderStatus): boolean {
  return (PAID_ORDER_STATUSES as readonly OrderStatus[]).includes(status);
}

/** What the customer reads for each status. */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  awaiting_payment: 'Awaiting payment',
  paid: 'Paid',
  processing: 'Processing',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  partially_refunded: 'Partially refunded',
  refunded: 'Refunded',
};

/** One step of an order's life: the status it reached and when. */
export const OrderHistoryEntry = z.object({ status: OrderStatus, at: z.string() });
export type OrderHistoryEntry = z.infer<typeof OrderHistoryEntry>;

/** A refund's status: sent and waiting for the bank (`pending`), done (`succeeded`), or refused (`failed`). */
export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export const RefundStatus = z.enum(REFUND_STATUSES);
export type RefundStatus = z.infer<typeof RefundStatus>;

/** What the customer and staff read for each refund status. */
export const REFUND_STATUS_LABELS: Record<RefundStatus, string> = {
  pending: 'Pending',
  succeeded: 'Refunded',
  failed: 'Failed',
};

/**
 * How the money went back: a card refund or void through the gateway (a void cancels a payment not yet settled, so
 * the customer is never charged), or a refund staff made outside the shop and recorded (`manual`).
 */
export const REFUND_KINDS = ['refund', 'void', 'manual'] as const;
export const RefundKind = z.enum(REFUND_KINDS);
export type RefundKind = z.infer<typeof RefundKind>;

/** One refund of an order, as its customer sees it. */
export const OrderRefund = z.object({
  id: z.number(),
  amount: Money,
  status: RefundStatus,
  kind: RefundKind,
  /** The payment method the money goes back through, and its name for display. */
  method: PaymentMethod,
  method_label: z.string(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
  /** The items a refund by line gave back (the order's `items`, by id), and how many of each; empty for an amount. */
  lines: z.array(z.object({ line_id: z.number().int(), quantity: z.number().int() })),
});
export type OrderRefund = z.infer<typeof OrderRefund>;

/** An order line: a snapshot of the product at the time of the order. `product` is null if it was deleted since. */
export const OrderLine = z.object({
  id: z.number(),
  product: z.object({ id: z.number(), slug: z.string() }).nullable(),
  product_name: z.string(),
  unit_price: Money,
  quantity: z.number().int(),
  customization: z.record(z.string(), z.string()),
  line_total: Money,
  thumb_image: z.string().nullable(),
  /**
   * The variant ordered (decision 018): its id while it exists, its SKU and its option values as ordered (empty for
   * an order placed before lines kept them, of a variant deleted since); null for a plain product.
   */
  variant: z.object({ id: z.number().nullable(), sku: z.string(), option_values: z.array(z.string()) }).nullable(),
  /**
   * Platform extension (issue 49): made to order, the day it ships by (YYYY-MM-DD: the day the order was placed, on
   * the shop's calendar, plus the lead time); null when it came from stock.
   */
  ships_by: z.string().nullable().optional(),
});
export type OrderLine = z.infer<typeof OrderLine>;

/**
 * What the shopper saw (decision 028): the currency they read prices in, its rate then, and the order's total in it as
 * shown (`total` × the rate, rounded as the shop rounds it; its decimal text in the currency's decimals, "183.99",
 * "27000"). An order read in the shop's own currency has its currency, a rate of "1" and its total. The order is
 * charged `total` in `currency` all the same.
 */
export const Presentment = z.object({
  presentment_currency: z.string(),
  presentment_rate: z.string(),
  presentment_total: z.string(),
});
export type Presentment = z.infer<typeof Presentment>;

/** An order as its list shows it. */
export const OrderSummary = z.object({
  id: z.number(),
  number: z.string(),
  status: OrderStatus,
  payment_method: PaymentMethod,
  /** The method's name for display: 'Credit/Debit Card', 'Bank Transfer' or the tenant's custom label. */
  payment_label: z.string(),
  total: Money,
  currency: z.string(),
  total_items: z.number().int(),
  created_at: z.string(),
  /** Platform extension (issue 49): the day its last line made to order ships by; null when all came from stock. */
  ships_by: z.string().nullable().optional(),
});
export type OrderSummary = z.infer<typeof OrderSummary>;

export const OrderShipment = z.object({ carrier: z.string(), tracking_number: z.string(), tracking_url: z.string() });
export type OrderShipment = z.infer<typeof OrderShipment>;

/** An order in full (the create answer and the detail). */
export const Order = OrderSummary.extend({
  items: z.array(OrderLine),
  subtotal: Money,
  /** What the order's discounts took off (`discounts`); `total = subtotal - discount + shipping + tax`. */
  discount: Money,
  discounts: z.array(AppliedDiscount),
  /** Computed by the server from the shop's shipping zone for the delivery country; part of `total`. */
  shipping: Money,
  /** Tax added to the total ("0.00" when none, or when prices include it). */
  tax: Money,
  /** The order's taxes per rate, added or included (decision 016); empty when none is charged. */
  taxes: z.array(OrderTax),
  /** The shipping zone the order was sold with ('' when the shop charged no shipping) and its delivery estimate. */
  shipping_zone: z.string(),
  delivery_estimate: z.string(),
  delivery_address: DeliveryAddress,
  /**
   * What to show the customer about paying: the bank account details for bank_transfer, the instructions for
   * custom, '' otherwise or once paid.
   */
  payment_instructions: z.string(),
  /** When an unpaid order is cancelled automatically; null once paid or cancelled. */
  payment_due_at: z.string().nullable(),
  updated_at: z.string(),
  /** Every status the order has had, oldest first: placed (awaiting_payment), then each change. */
  history: z.array(OrderHistoryEntry),
  /** How a shipped order travels: its carrier, tracking number and tracking page ('' when there is none). */
  shipment: OrderShipment.nullable(),
  /** The money sent back so far (refunds that completed), and every refund asked for, oldest first. */
  refunded_amount: Money,
  refunds: z.array(OrderRefund),
  ...Presentment.shape,
  /** Platform extension (issue 48): the age its buyer confirmed being at least; null when it held nothing age-restricted. */
  confirmed_age: z.number().int().nullable(),
});
export type Order = z.infer<typeof Order>;

/** An order's invoice or credit note, as its documents list names it (`GET …/orders/{id}/documents/`). */
export const OrderDocument = z.object({
  id: z.number(),
  kind: z.enum(['invoice', 'credit_note']),
  /** As printed: `INV-000042`, `CN-000003`; a test order's `TEST-INV-000001`. */
  number: z.string(),
  issued_at: z.string(),
});
export type OrderDocument = z.infer<typeof OrderDocument>;
export const OrderDocumentList = z.array(OrderDocument);

export const OrderPage = paginated(OrderSummary);
export type OrderPage = z.infer<typeof OrderPage>;

export const OrderListQuery = z.object({
  page: PageNumber.optional(),
  page_size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
});
export type OrderListQuery = z.infer<typeof OrderListQuery>;
