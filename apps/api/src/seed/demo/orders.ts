import type { RequestContext } from '../../lib/context.ts';
import { findAccountIdByEmail } from '../../modules/accounts/index.ts';
import { addItem } from '../../modules/cart/index.ts';
import { getProduct } from '../../modules/catalog/index.ts';
import { placeOrder, transitionOrder } from '../../modules/orders/index.ts';
import { productPageReviews } from '../../modules/reviews/index.ts';
import { DEMO_CUSTOMER, DEMO_SHOPPERS } from './accounts.ts';

const DAY_MS = 24 * 3_600_000;

const DEMO_ADDRESS = {
  street: '221 Harbour Road',
  city: 'Brighton',
  postalCode: 'BN1 1AA',
  country: 'United Kingdom',
  fullname: 'Demo Customer',
  contact_number: '+44 1273 000000',
};

/**
 * The other shoppers' orders, in the states a shop's day has them: what each bought, how it paid, how far it got.
 * Products bought as they are (not sold in options), whose stock is the product's own.
 */
const SHOPPER_ORDERS = [
  { slug: 'british-gurkha-army-issue-khukuri', method: 'bank_transfer', hoursAgo: 20, steps: [] },
  { slug: 'farmers-khukuri', method: 'card_2c2p', hoursAgo: 30, steps: ['paid', 'processing'] },
  { slug: 'chitlange-khukuri', method: 'bank_transfer', hoursAgo: 3, steps: [] },
] as const;

/** Orders of the demo shoppers, placed through the checkout and moved through the lifecycle like any order. */
async function seedShopperOrders(ctx: RequestContext): Promise<void> {
  for (const [index, plan] of SHOPPER_ORDERS.entries()) {
    const shopper = DEMO_SHOPPERS[index];
    if (!shopper) break;
    const userId = await findAccountIdByEmail(ctx, shopper.email);
    if (userId === null) throw new Error('demo orders need the demo shoppers');
    const customer: RequestContext = { ...ctx, user: { id: userId, role: 'customer' } };
    const product = await getProduct(ctx, plan.slug, productPageReviews);
    await addItem(customer, { product_id: product.id, quantity: 1, customization: {} });
    const placedAt = Date.now() - plan.hoursAgo * 3_600_000;
    const { order } = await placeOrder(customer, {
      body: {
        payment_method: plan.method,
        delivery_address: {
          ...DEMO_ADDRESS,
          ...shopper.address,
          fullname: shopper.fullname,
          country: shopper.country,
          ...('region' in shopper ? { region: shopper.region } : {}),
        },
        // Khukuris are sold to adults only: the buyer confirms it at checkout.
        age_confirmed: true,
      },
      now: new Date(placedAt),
    });
    for (const [step, to] of plan.steps.entries()) {
      await transitionOrder(ctx, {
        orderId: order.id,
        to,
        actor: to === 'paid' ? 'gateway' : 'staff',
        now: new Date(placedAt + (step + 1) * 3_600_000),
      });
    }
  }
}

/**
 * The demo customer's past order, placed and carried to delivery through the same checkout and lifecycle as any
 * order (its stock taken through the ledger, its history recorded), so that the demo account's order history is not
 * empty.
 */
export async function seedOrders(ctx: RequestContext): Promise<void> {
  const customerId = await findAccountIdByEmail(ctx, DEMO_CUSTOMER.email);
  if (customerId === null) throw new Error('demo orders need the demo customer');
  const product = await getProduct(ctx, 'indian-army-khukuri', productPageReviews);
  const customer: RequestContext = { ...ctx, user: { id: customerId, role: 'customer' } };
  await addItem(customer, { product_id: product.id, quantity: 1, customization: {} });
  const placedAt = Date.now() - 41 * DAY_MS;
  const { order } = await placeOrder(customer, {
    body: { payment_method: 'bank_transfer', delivery_address: DEMO_ADDRESS, age_confirmed: true },
    now: new Date(placedAt),
  });
  const steps = [
    { to: 'paid', day: 2 },
    { to: 'processing', day: 3 },
    { to: 'shipped', day: 5 },
    { to: 'delivered', day: 12 },
  ] as const;
  for (const step of steps) {
    await transitionOrder(ctx, {
      orderId: order.id,
      to: step.to,
      actor: 'staff',
      now: new Date(placedAt + step.day * DAY_MS),
    });
  }
  await seedShopperOrders(ctx);
}
