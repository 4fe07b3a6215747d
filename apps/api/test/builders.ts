import { eq } from 'drizzle-orm';
import { products } from '../src/db/schema/index.ts';
import { insertUser, type UserRow } from '../src/modules/accounts/accounts.repository.ts';
import { openSession } from '../src/modules/accounts/index.ts';
import { hashPassword } from '../src/modules/accounts/passwords.ts';
import { type CategoryRow, insertCategory } from '../src/modules/catalog/categories/categories.repository.ts';
import {
  createProductVariants,
  type NewPersonalisationField,
  type ProductVariantRow,
} from '../src/modules/catalog/index.ts';
import {
  insertAttributes,
  insertProducts,
  type NewProduct,
  type ProductRow,
} from '../src/modules/catalog/products/products.repository.ts';
import { moveStock } from '../src/modules/inventory/index.ts';
import { type PaymentSettingsValues, upsertPaymentSettings } from '../src/modules/payments/payments.repository.ts';
import { type CardGatewaySettings, configureCardGateway } from '../src/modules/payments/payments.service.ts';
import { createZone } from '../src/modules/shipping/index.ts';
import type { Tenant } from '../src/modules/tenants/tenants.service.ts';
import type { TestApp } from './app.ts';

let customerCounter = 0;
let cachedHash: Promise<string> | undefined;

export const DEFAULT_TEST_PASSWORD = 'correct-horse-battery';

/** A signed-in customer of `tenant`: the user row and a valid access token for it. */
export async function createCustomer(
  t: TestApp,
  tenant: Tenant,
  overrides: { email?: string; username?: string; displayName?: string; role?: UserRow['role'] } = {},
): Promise<{ user: UserRow; accessToken: string; refreshToken: string }> {
  customerCounter += 1;
  const email = overrides.email ?? `customer${customerCounter}.${Date.now()}@example.com`;
  // Hashing is deliberately slow; builders share one hash of the default password.
  cachedHash ??= hashPassword(DEFAULT_TEST_PASSWORD);
  const user = await insertUser(t.scope(tenant), {
    email,
    username: overrides.username ?? email,
    passwordHash: await cachedHash,
    role: overrides.role ?? 'customer',
    ...(overrides.displayName ? { displayName: overrides.displayName } : {}),
  });
  const session = await openSession(t.context(tenant), user.id);
  return { user, accessToken: session.access, refreshToken: session.refresh };
}

let catalogCounter = 0;

/** A category of `tenant`; slug and name are unique unless given. */
export async function createCategory(
  t: TestApp,
  tenant: Tenant,
  overrides: { slug?: string; name?: string; description?: string; ageRestricted?: boolean } = {},
): Promise<CategoryRow> {
  catalogCounter += 1;
  const row = await insertCategory(t.scope(tenant), {
    slug: overrides.slug ?? `category-${catalogCounter}`,
    name: overrides.name ?? `Category ${catalogCounter}`,
    description: overrides.description ?? '',
    ...(overrides.ageRestricted === undefined ? {} : { ageRestricted: overrides.ageRestricted }),
  });
  await writtenBehindTheApp(t, tenant);
  return row;
}

/** Rows a builder wrote straight into the database are news to the app's response cache, as a restore would be. */
async function writtenBehindTheApp(t: TestApp, tenant: Tenant): Promise<void> {
  await t.app.deps.cache.invalidate(tenant.token);
}

/** An active product of `tenant` (in a new category unless one is given), with optional attributes. */
export async function createProduct(
  t: TestApp,
  tenant: Tenant,
  overrides: Partial<NewProduct> & { attributes?: [string, string][] } = {},
): Promise<ProductRow> {
  catalogCounter += 1;
  const { attributes = [], ...values } = overrides;
  const categoryId = values.categoryId ?? (await createCategory(t, tenant)).id;
  const [row] = await insertProducts(t.scope(tenant), [
    {
      slug: `product-${catalogCounter}`,
      name: `Product ${catalogCounter}`,
      description: 'A product.',
      priceCents: 1000,
      stock: 5,
      ...values,
      categoryId,
    },
  ]);
  if (!row) throw new Error('product insert returned nothing');
  await insertAttributes(
    t.scope(tenant),
    attributes.map(([key, value], order) => ({ productId: row.id, key, value, order })),
  );
  await writtenBehindTheApp(t, tenant);
  return row;
}

/** A variant of `createVariantProduct`: its values in the order of the option types; a null price is the product's. */
export interface VariantSpec {
  sku?: string;
  options: string[];
  priceCents?: number | null;
  priceBeforeDiscountCents?: number | null;
  stock?: number;
  weightGrams?: number | null;
  isActive?: boolean;
}

/**
 * An active product of `tenant` sold in options (decision 018), written through the catalog's
 * `createProductVariants`: its option types, variants (SKUs unique unless given; the first on sale is the default,
 * whose price, when given, becomes the product's) and personalisation fields. A product stock given in `overrides`
 * is moved out through the ledger before the variants bring theirs in. The product (as read back) and its variants.
 */
export async function createVariantProduct(
  t: TestApp,
  tenant: Tenant,
  spec: {
    options: { name: string; values: string[] }[];
    variants: VariantSpec[];
    personalisation?: NewPersonalisationField[];
    redirects?: { oldSlug: string; variant: number | null }[];
  },
  overrides: Partial<NewProduct> & { attributes?: [string, string][] } = {},
): Promise<{ product: ProductRow; variants: ProductVariantRow[] }> {
  const created = await createProduct(t, tenant, { stock: 0, ...overrides });
  const variants = await createProductVariants(
    t.context(tenant),
    {
      productId: created.id,
      options: spec.options,
      variants: spec.variants.map((variant, index) => ({
        ...variant,
        sku: variant.sku ?? `${created.slug}-${index + 1}`,
      })),
      ...(spec.personalisation ? { personalisation: spec.personalisation } : {}),
      ...(spec.redirects ? { redirects: spec.redirects } : {}),
    },
    {
      takeOut: (tx, input) =>
        moveStock(tx, {
          changes: [{ productId: input.productId, quantity: -input.quantity }],
          reason: 'adjustment',
          note: 'Moved into its variants',
        }),
    },
  );
  const scope = t.scope(tenant);
  const [product] = await scope.db
    .select()
    .from(products)
    .where(scope.where(products, eq(products.id, created.id)));
  await writtenBehindTheApp(t, tenant);
  return { product: product ?? created, variants };
}

/** Turns on the given payment methods of `tenant` (bank transfer alone unless told otherwise). */
export async function setPayments(
  t: TestApp,
  tenant: Tenant,
  values: PaymentSettingsValues = { enableBankTransfer: true, bankAccountDetails: 'Test Bank, IBAN XX00 1234' },
): Promise<void> {
  await upsertPaymentSettings(t.scope(tenant), values);
}

/** A secret key for test merchants: long, and distinctive enough to be searched for in answers and logs. */
export const TEST_MERCHANT_SECRET = 'test-merchant-secret-7f3c9a1e5b2d4f60';

/**
 * Makes the shop take cards through the built-in sandbox gateway (or the 2C2P adapter with `gateway: '2c2p'`,
 * reaching `TWOC2P_SANDBOX_URL`), as its owner would configure it.
 */
export async function takeCards(
  t: TestApp,
  tenant: Tenant,
  settings: Partial<CardGatewaySettings> = {},
): Promise<{ merchantId: string; secretKey: string }> {
  const merchantId = settings.merchantId ?? `M${tenant.id}`;
  const secretKey = settings.secretKey ?? TEST_MERCHANT_SECRET;
  await configureCardGateway(t.context(tenant), { gateway: 'sandbox', ...settings, merchantId, secretKey });
  return { merchantId, secretKey };
}

/** Puts `quantity` units of a product in the customer's cart through the API; the cart answer. */
export async function addToCart(
  t: TestApp,
  tenant: Tenant,
  accessToken: string,
  productId: number,
  quantity = 1,
  customization: Record<string, string> = {},
) {
  const response = await t.request(tenant, {
    method: 'POST',
    url: '/api/orders/cart/add-item/',
    token: accessToken,
    payload: { product_id: productId, quantity, customization },
  });
  if (response.statusCode !== 200) throw new Error(`add to cart failed: ${response.body}`);
  return response.json();
}

export const TEST_ADDRESS = {
  street: '12 Durbar Marg',
  city: 'Kathmandu',
  postalCode: '44600',
  country: 'Nepal',
  fullname: 'Maya Gurung',
  contact_number: '+977 1 4221234',
} as const;

/** `POST /api/orders/orders/` as the customer, bank transfer and the test address unless told otherwise. */
export function placeOrder(
  t: TestApp,
  tenant: Tenant,
  accessToken: string,
  body: {
    payment_method?: string;
    delivery_address?: Record<string, string>;
    currency?: string;
    age_confirmed?: boolean;
  } = {},
  headers: Record<string, string> = {},
) {
  return t.request(tenant, {
    method: 'POST',
    url: '/api/orders/orders/',
    token: accessToken,
    headers,
    payload: { payment_method: 'bank_transfer', delivery_address: TEST_ADDRESS, ...body },
  });
}

/**
 * A shipping zone of `tenant`: Nepal at 5.00 per order plus 1.00 per item, 3–5 days, unless told otherwise (amounts
 * as on the wire, "5.00").
 */
export async function addShippingZone(
  t: TestApp,
  tenant: Tenant,
  zone: Partial<Parameters<typeof createZone>[1]> = {},
) {
  return createZone(t.context(tenant), {
    name: 'Nepal',
    countries: ['NP'],
    flat_rate: '5.00',
    per_item: '1.00',
    free_above: null,
    delivery_days_min: 3,
    delivery_days_max: 5,
    ...zone,
  });
}

/** A variant's stock and its product's, as the database holds them now. */
export async function stockOf(t: TestApp, variantId: number): Promise<{ variant: number; product: number }> {
  const [row] = await t.testDb.database.raw.query<{ variant: number; product: number }>(
    `select v.stock as variant, p.stock as product
       from product_variants v join products p on p.tenant_id = v.tenant_id and p.id = v.product_id
      where v.id = $1`,
    [variantId],
  );
  if (!row) throw new Error(`no variant ${variantId}`);
  return { variant: Number(row.variant), product: Number(row.product) };
}
