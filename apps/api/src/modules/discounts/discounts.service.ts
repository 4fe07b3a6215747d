// Discounts for customers: which of the shop's discounts a basket gets (the code applied and the automatic
// promotions), why a code does not apply, and the counting of their uses (decision 015). What they take off is the
// pricing core's (`@platform/contracts/pricing`); only the server prices them.
import { type AppliedDiscount, formatMinor } from '@platform/contracts';
import { type Basket, chooseDiscounts, type PricedDiscount, priceDiscount } from '@platform/contracts/pricing';
import type { RequestContext, TransactionContext } from '../../lib/context.ts';
import { BadRequestError } from '../../lib/errors.ts';
import { type DiscountRefusal, refusalOf } from './discounts.pricing.ts';
import {
  claimUse,
  countCustomerUses,
  type DiscountRow,
  findDiscountByCode,
  insertUse,
  listAutomaticDiscounts,
  reclaimUses,
  releaseUses,
} from './discounts.repository.ts';

export type { DiscountRefusal, DiscountRow };

const INVALID_CODE: DiscountRefusal = { message: 'This code is not valid.', code: 'discount_code_invalid' };

/** What a basket gets: the discounts applied (priced on it, not yet fitted), the code given and why it does not apply. */
export interface BasketDiscounts {
  applied: PricedDiscount<DiscountRow>[];
  code: DiscountRow | null;
  codeRefusal: DiscountRefusal | null;
}

/**
 * Chooses the shop's discounts for a basket and a customer: the code given (if any) and the automatic promotions,
 * by the combination rules. `placedOrders` null: not known yet (a first-order condition is checked at checkout);
 * a basket without shipping gets nothing off it yet.
 */
export async function chooseBasketDiscounts(
  ctx: RequestContext,
  input: { userId: number; code: string | null; basket: Basket; placedOrders: number | null; now: Date },
): Promise<BasketDiscounts> {
  if (input.basket.lines.length === 0 && !input.code) return { applied: [], code: null, codeRefusal: null };
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
  );
  if (choice.codeOutdone) {
    codeRefusal = {
      message: `A better promotion already applies: ${nameOf(choice.codeOutdone.discount)}. This code adds nothing to it.`,
      code: 'discount_outdone',
    };
  }
  return { applied: choice.applied, code, codeRefusal };
}

/** Whether a code's refusal stops an order (a code outdone by a better promotion is kept, and adds nothing). */
export function refusalStops(refusal: DiscountRefusal | null): refusal is DiscountRefusal {
  return refusal !== null && refusal.code !== 'discount_outdone';
}

function nameOf(discount: DiscountRow): string {
  return discount.name || discount.code || 'Promotion';
}

/** A discount of a cart, a quote or an order on the wire, at what it takes off. */
export function toAppliedDiscount(priced: PricedDiscount<DiscountRow>): AppliedDiscount {
  return {
    code: priced.discount.code,
    name: nameOf(priced.discount),
    kind: priced.discount.kind,
    description: priced.description,
    amount: formatMinor(priced.productCents + priced.shippingCents),
  };
}

/**
 * Checks a code the customer enters in the cart: it exists and applies to the cart as it is now (400 with the reason
 * otherwise). Returns the code as the shop wrote it.
 */
export async function checkDiscountCode(
  ctx: RequestContext,
  input: { userId: number; code: string; basket: Basket; placedOrders?: number | null },
): Promise<string> {
  const found = await chooseBasketDiscounts(ctx, {
    ...input,
    placedOrders: input.placedOrders ?? null,
    now: new Date(),
  });
  if (!found.code) throw new BadRequestError(INVALID_CODE.message, INVALID_CODE.code);
  // A code outdone by a better promotion is kept: the cart says so, and it may apply once the cart changes.
  if (refusalStops(found.codeRefusal)) throw new BadRequestError(found.codeRefusal.message, found.codeRefusal.code);
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

/** The order's discounts as it keeps them, at what each took off once they fit together. */
export function orderDiscountLines(applied: readonly PricedDiscount<DiscountRow>[]): OrderDiscountLine[] {
  return applied.map((priced) => ({
    discountId: priced.discount.id,
    code: priced.discount.code,
    name: nameOf(priced.discount),
    kind: priced.discount.kind,
    description: priced.description,
    amountCents: priced.productCents + priced.shippingCents,
  }));
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

/**
 * Counts again the uses of an order restored after its cancellation, in the restore's transaction: its customer paid
 * the discounted price, so the use stands even where it takes a discount past its limit.
 */
export async function reclaimDiscountUses(tx: TransactionContext, orderId: number): Promise<void> {
  await reclaimUses(tx.scope, orderId);
}
