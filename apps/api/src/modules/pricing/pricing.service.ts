// The one pricing module (decision 019): the cart, the checkout's quote and checkout price a basket here, by the pure
// core of `@platform/contracts/pricing`, with the shop's discounts, shipping and the destination's taxes. Every figure
// a customer or staff reads comes from its answer, or from the order rows written from it.
import { formatMinor } from '@platform/contracts';
import { basketOf, type CatalogLine, type PricedOrder, settle, withShipping } from '@platform/contracts/pricing';
import type { RequestContext } from '../../lib/context.ts';
import {
  type BasketDiscounts,
  chooseBasketDiscounts,
  type DiscountRow,
  toAppliedDiscount,
} from '../discounts/index.ts';
import { chargeShipping, type ShippingCharge } from '../shipping/index.ts';
import { type TaxView, toOrderTax } from '../tax/index.ts';

export type { CatalogLine };

/** A line's unit price as entered: its variant's price (else its product's) and what its filled-in texts add. */
export function enteredUnitCents(input: {
  productPriceCents: number;
  variantPriceCents: number | null;
  personalisationCents: number;
}): number {
  return (input.variantPriceCents ?? input.productPriceCents) + input.personalisationCents;
}

/** What is priced: a customer's basket, and where it goes when known. */
export interface PricingRequest {
  userId: number;
  /** The discount code the cart carries (null: none). */
  code: string | null;
  lines: CatalogLine[];
  /** The destination's taxes (null: prices as entered, no tax). */
  view: TaxView | null;
  /** The delivery country, for the shipping (null: not known yet, as in the cart), and its field for errors. */
  shipTo: { country: string; field: string } | null;
  /** The customer's orders so far (null: not known yet; a first-order condition waits for checkout). */
  placedOrders: number | null;
  now?: Date;
}

/** A basket priced: every figure, the shipping charge it was priced with, and the code's fate. */
export interface PricedBasket {
  order: PricedOrder<DiscountRow>;
  charge: ShippingCharge | null;
  code: BasketDiscounts['code'];
  codeRefusal: BasketDiscounts['codeRefusal'];
}

/**
 * Prices a basket: its lines as the destination is shown them, the shipping its zone charges (free from the zone's
 * amount on the subtotal), the discounts it gets on those, and the taxes and total that follow.
 */
export async function priceBasket(ctx: RequestContext, request: PricingRequest): Promise<PricedBasket> {
  let basket = basketOf(request.lines, request.view);
  let charge: ShippingCharge | null = null;
  if (request.shipTo) {
    charge = await chargeShipping(ctx, {
      country: request.shipTo.country,
      subtotalCents: basket.subtotalCents,
      totalItems: basket.totalItems,
      field: request.shipTo.field,
    });
    basket = withShipping(basket, charge.shippingCents, request.view);
  }
  const found = await chooseBasketDiscounts(ctx, {
    userId: request.userId,
    code: request.code,
    basket,
    placedOrders: request.placedOrders,
    now: request.now ?? new Date(),
  });
  return {
    order: settle(basket, found.applied, request.view),
    charge,
    code: found.code,
    codeRefusal: found.codeRefusal,
  };
}

/** What a priced basket's answers say of its money, on the wire: its discounts, taxes and totals. */
export function pricedFigures(order: PricedOrder<DiscountRow>) {
  return {
    subtotal: formatMinor(order.subtotalCents),
    discount: formatMinor(order.discountCents),
    discounts: order.discounts.map(toAppliedDiscount),
    shipping: formatMinor(order.shippingCents ?? 0),
    tax: formatMinor(order.taxAddedCents),
    taxes: order.taxes.map(toOrderTax),
    total: formatMinor(order.totalCents),
  };
}
