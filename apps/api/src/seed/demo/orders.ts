import { findAccountIdByEmail } from '../../modules/accounts/index.ts';
import { addItem } from '../../modules/cart/index.ts';
import { getProduct } from '../../modules/catalog/index.ts';
import { placeOrder, transitionOrder } from '../../modules/orders/index.ts';
import type { RequestContext } from '../../plugins/request-context.ts';
import { DEMO_CUSTOMER } from './accounts.ts';

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
 * The demo customer's past order, placed and carried to delivery through the same checkout and lifecycle as any
 * order (its stock taken through the ledger, its history recorded), so that the demo account's order history is not
 * empty.
 */
export async function seedOrders(ctx: RequestContext): Promise<void> {
  const customerId = await findAccountIdByEmail(ctx, DEMO_CUSTOMER.email);
  if (customerId === null) throw new Error('demo orders need the demo customer');
  const product = await getProduct(ctx, 'sirupate-khukuri-12-inch');
  const customer: RequestContext = { ...ctx, user: { id: customerId, role: 'customer' } };
  await addItem(customer, { product_id: product.id, quantity: 1, customization: { engraving_text: 'Ayo Gorkhali' } });
  const placedAt = Date.now() - 41 * DAY_MS;
  const { order } = await placeOrder(customer, {
    body: { payment_method: 'bank_transfer', delivery_address: DEMO_ADDRESS },
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
}
