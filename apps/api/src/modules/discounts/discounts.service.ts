// Discounts for customers: the cart's preview of what the applied code and the automatic promotions save, and the
// checkout's pricing and counting of them (decision 015). Only the server prices them.
import { type AppliedDiscount, formatMinor } from '@platform/contracts';
import type { RequestContext, TransactionContext } from '../../lib/context.ts';
import { BadRequestError } from '../../lib/errors.ts';
import {
  chooseDiscounts,
  type DiscountBasket,
  type DiscountLine,
  type DiscountRefusal,
  type PricedDiscount,
  priceDiscount,
  refusalOf,
} from './discounts.pricing.ts';
import {
  claimUse,
  countCustomerUses,
  type DiscountRow,
  findDiscountByCode,
  insertUse,
  listAutomaticDiscounts,
  releaseUses,
} from './discounts.repository.ts';

export type { DiscountBasket, DiscountLine };

const INVALID_CODE: DiscountRefusal = { message: 'This code is not valid.', code: 'discount_code_invalid' };

/** What a basket gets: the discounts applied, and why the code given does not apply (null when it does). */
interface BasketDiscounts {
  applied: PricedDiscount[];
  code: DiscountRow | null;
  codeRefusal: DiscountRefusal | null;
}

/** Prices the shop's discounts on a basket for a customer: the code given (if any) and the automatic promotions. */
async function discountsFor(
  ctx: RequestContext,
  input: { userId: number; code: string | null; basket: DiscountBasket; placedOrders: number | null; now: Date },
): Promise<BasketDiscounts> {
  const code = input.code ? await findDiscountByCode(ctx.scope, input.code) : null;
  const automatic = await listAutomaticDiscounts(ctx.scope);
  const uses = await countCustomerUses(
    ctx.scope,
    input.userId,
    [...automatic, ...(code ? [code] : [])].map((discount) => discount.id),
  );
  const customer = { usesOf: (id: number) => uses.get(id) ?? 0, placedOrders: input.placedOrders };
  const applies = (discount: DiscountRow) => refusalOf(discount, input.basket, customer, input.now) === null;
  let codeRefusal = input.code && !code ? INVALID_CODE : null;
  if (code) codeRefusal = refusalOf(code, input.basket, customer, input.now);
  const pricedCode = code && !codeRefusal ? priceDiscount(code, input.basket) : null;
  const choice = chooseDiscounts(
    automatic.filter(applies).map((discount) => priceDiscount(discount, input.basket)),
    pricedCode,
    input.basket,
  );
  if (choice.codeOutdone) {
    codeRefusal = {
      message: `A better promotion already applies: ${nameOf(choice.codeOutdone.discount)}. This code adds nothing to it.`,
      code: 'discount_outdone',
    };
  }
  return { applied: choice.applied, code, codeRefusal };
}

function nameOf(discount: DiscountRow): string {
  return discount.name || discount.code || 'Promotion';
}

function toApplied(priced: PricedDiscount): AppliedDiscount {
  return {
    code: priced.discount.code,
    name: nameOf(priced.discount),
    kind: priced.discount.kind,
    description: priced.description,
    amount: formatMinor(priced.productCents + priced.shippingCents),
  };
}

/** What the cart's answer says of its discounts. */
export interface CartDiscounts {
  discount_code: string | null;
  discount: string;
  discounts: AppliedDiscount[];
  discount_message: string | null;
}

/**
 * The cart's discounts as it is now: the code the customer applied and the automatic promotions, priced on its items
 * and, when known (the checkout's quote), its shipping and the customer's orders so far; unknown, a free-shipping
 * discount saves nothing yet and a first-order condition is checked when the order is placed.
 */
export async function previewCartDiscounts(
  ctx: RequestContext,
  input: {
    userId: number;
    code: string | null;
    lines: DiscountLine[];
    shippingCents?: number | null;
    placedOrders?: number | null;
  },
): Promise<CartDiscounts> {
  const subtotalCents = input.lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
  const basket = { lines: input.lines, subtotalCents, shippingCents: input.shippingCents ?? null };
  if (input.lines.length === 0 && !input.code) {
    return { discount_code: null, discount: '0.00', discounts: [], discount_message: null };
  }
  const found = await discountsFor(ctx, {
    userId: input.userId,
    code: input.code,
    basket,
    placedOrders: input.placedOrders ?? null,
    now: new Date(),
  });
  const saved = found.applied.reduce((sum, priced) => sum + priced.productCents + priced.shippingCents, 0);
  return {
    discount_code: found.code?.code ?? input.code,
    discount: formatMinor(saved),
    discounts: found.applied.map(toApplied),
    discount_message: found.codeRefusal?.message ?? null,
  };
}

/**
 * Checks a code the customer enters in the cart: it exists and applies to the cart as it is now (400 with the reason
 * otherwise). Returns the code as the shop wrote it.
 */
export async function checkDiscountCode(
  ctx: RequestContext,
  input: { userId: number; code: string; lines: DiscountLine[]; placedOrders?: number | null },
): Promise<string> {
  const subtotalCents = input.lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
  const basket = { lines: input.lines, subtotalCents, shippingCents: null };
  const found = await discountsFor(ctx, {
    ...input,
    basket,
    placedOrders: input.placedOrders ?? null,
    now: new Date(),
  });
  if (!found.code) throw new BadRequestError(INVALID_CODE.message, INVALID_CODE.code);
  // A code outdone by a better promotion is kept: the cart says so, and it may apply once the cart changes.
  if (found.codeRefusal && found.codeRefusal.code !== 'discount_outdone') {
    throw new BadRequestError(found.codeRefusal.message, found.codeRefusal.code);
  }
  return found.code.code ?? input.code;
}

/** A discount an order gets, as the order keeps it. */
export interface OrderDiscountLine {
  discountId: number;
  code: string | null;
  name: string;
  kind: DiscountRow['kind'];
  description: string;
  amountCents: number;
}

/** What the order's discounts take off its items and its shipping, and each of them. */
export interface OrderDiscounts {
  lines: OrderDiscountLine[];
  productCents: number;
  shippingCents: number;
}

/**
 * Prices the order's discounts at checkout: the cart's code (refused with its reason, 400, when it no longer
 * applies) and the automatic promotions, on the order's lines, subtotal and shipping, for this customer
 * (`placedOrders`: their orders so far, for a first-order condition).
 */
export async function priceOrderDiscounts(
  tx: TransactionContext,
  input: { userId: number; code: string | null; basket: DiscountBasket; placedOrders: number; now: Date },
): Promise<OrderDiscounts> {
  const found = await discountsFor(tx, input);
  if (found.codeRefusal && found.codeRefusal.code !== 'discount_outdone') {
    throw new BadRequestError(found.codeRefusal.message, found.codeRefusal.code);
  }
  const lines = found.applied.map((priced) => ({
    discountId: priced.discount.id,
    code: priced.discount.code,
    name: nameOf(priced.discount),
    kind: priced.discount.kind,
    description: priced.description,
    amountCents: priced.productCents + priced.shippingCents,
  }));
  return {
    lines,
    productCents: found.applied.reduce((sum, priced) => sum + priced.productCents, 0),
    shippingCents: found.applied.reduce((sum, priced) => sum + priced.shippingCents, 0),
  };
}

/**
 * Counts the uses of the order's discounts, in checkout's transaction. NOTE: exact under concurrent checkouts: each
 * use is taken by a conditional update of the discount's row (`claimUse`), so when one use is left, one order gets it
 * and the others are refused ("This code is not valid.", 400), their transactions rolled back.
 */
export async function recordDiscountUses(
  tx: TransactionContext,
  input: { orderId: number; userId: number; lines: OrderDiscountLine[] },
): Promise<void> {
  for (const line of input.lines) {
    if (!(await claimUse(tx.scope, line.discountId))) {
      // A code used up reads as any code not usable now (`refusalOf`); a promotion says it ended.
      if (line.code) throw new BadRequestError(INVALID_CODE.message, INVALID_CODE.code);
      throw new BadRequestError(
        `The promotion ${line.name} has just ended. Place your order again.`,
        'discount_used_up',
      );
    }
    await insertUse(tx.scope, {
      discountId: line.discountId,
      orderId: input.orderId,
      userId: input.userId,
      amountCents: line.amountCents,
    });
  }
}

/** Gives back the uses of a cancelled order's discounts, once, in the cancellation's transaction. */
export async function releaseDiscountUses(tx: TransactionContext, orderId: number, now: Date): Promise<void> {
  await releaseUses(tx.scope, orderId, now);
}
