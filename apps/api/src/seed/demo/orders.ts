import type { TenantScope } from '../../db/tenant-scope.ts';
import { findUserByEmail } from '../../modules/accounts/accounts.repository.ts';
import { findActiveProductBySlug } from '../../modules/catalog/catalog.repository.ts';
import { insertOrder, lockProducts, nextOrderNumber } from '../../modules/orders/orders.repository.ts';
import { DEMO_CUSTOMER } from './accounts.ts';

const DAY_MS = 24 * 3_600_000;

/** The demo customer's past order, delivered, so that the order history of the demo account is not empty. */
export async function seedOrders(scope: TenantScope): Promise<void> {
  const customer = await findUserByEmail(scope, DEMO_CUSTOMER.email);
  const product = await findActiveProductBySlug(scope, 'sirupate-khukuri-12-inch');
  if (!customer || !product) throw new Error('demo orders need the demo customer and catalog');
  const [item] = await lockProducts(scope, [product.id]);
  if (!item) throw new Error('demo product vanished');
  const placedAt = new Date(Date.now() - 41 * DAY_MS);
  await insertOrder(
    scope,
    {
      number: await nextOrderNumber(scope),
      userId: customer.id,
      status: 'delivered',
      paymentMethod: 'bank_transfer',
      paymentLabel: 'Bank Transfer',
      currency: 'USD',
      subtotalCents: item.priceCents,
      shippingCents: 0,
      totalCents: item.priceCents,
      totalItems: 1,
      deliveryAddress: {
        street: '221 Harbour Road',
        city: 'Brighton',
        postalCode: 'BN1 1AA',
        country: 'United Kingdom',
        fullname: 'Demo Customer',
        contact_number: '+44 1273 000000',
      },
      paidAt: new Date(placedAt.getTime() + 2 * DAY_MS),
      createdAt: placedAt,
      updatedAt: new Date(placedAt.getTime() + 12 * DAY_MS),
    },
    [
      {
        productId: item.id,
        productSlug: item.slug,
        productName: item.name,
        thumbKey: item.thumbKey,
        unitPriceCents: item.priceCents,
        quantity: 1,
        customization: { engraving_text: 'Ayo Gorkhali' },
        lineTotalCents: item.priceCents,
      },
    ],
  );
}
