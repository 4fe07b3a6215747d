// Restock bounded per order line (decision 021): whatever refunds (done, pending, failed), cancellation and expiry
// do to an order, the units put back for each of its lines (and variants) never exceed what it took; a pending
// refund's units come back when it completes, a failed one's never. Worked examples, then a property over sequences.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopWithStaff } from '../../../test/admin.ts';
import { buildServedTestApp, type TestApp } from '../../../test/app.ts';
import {
  addToCart,
  createProduct,
  createVariantProduct,
  placeOrder,
  setPayments,
  takeCards,
} from '../../../test/builders.ts';
import { followReturn, payAtHostedPage } from '../../../test/card-gateway.ts';
import { pollPendingRefunds } from '../payments/index.ts';
import { cancelOverdueOrders } from './index.ts';

let t: TestApp & { origin: string };
/** The re-drive's clock: each poll runs later than the one before (its claims last five minutes). */
let clock = Date.now();

beforeAll(async () => {
  // Card payments settle at once (refunds, not voids); a pending refund (.01 completes, .02 fails) is decided at the
  // first status poll.
  t = await buildServedTestApp({
    NODE_ENV: 'development',
    SANDBOX_GATEWAY_SETTLE_AFTER_SECONDS: '0',
    SANDBOX_GATEWAY_REFUND_PENDING_POLLS: '0',
  });
});
afterAll(() => t.close());

async function sql<T>(query: string, params: unknown[] = []): Promise<T[]> {
  return t.testDb.database.raw.query<T>(query, params);
}

type Setup = Awaited<ReturnType<typeof shopWithStaff>> & { orderId: number };

/** A call of the shop's owner (who may refund). */
function staffCall(setup: Setup, url: string, payload: object) {
  return t.request(setup.shop, {
    method: 'POST',
    url: `/api/admin/orders/${setup.orderId}${url}`,
    token: setup.owner.accessToken,
    payload,
  });
}

async function poll() {
  clock += 10 * 60_000;
  await pollPendingRefunds(t.app.deps, new Date(clock));
  await t.settled();
}

/** Each line of the order: its product (and variant), what it took and what came back, as the ledger says. */
async function ledgerOf(orderId: number) {
  return sql<{ product_id: number; variant_id: number | null; sold: number; returned: number }>(
    `select product_id, variant_id,
            coalesce(-sum(quantity) filter (where reason = 'order'), 0)::integer as sold,
            coalesce(sum(quantity) filter (where reason in ('return', 'cancellation', 'expiry')), 0)::integer as returned
       from stock_movements where order_id = $1 group by product_id, variant_id order by product_id, variant_id`,
    [orderId],
  );
}

async function stock(productId: number, variantId?: number): Promise<number> {
  const [row] =
    variantId === undefined
      ? await sql<{ stock: number }>('select stock from products where id = $1', [productId])
      : await sql<{ stock: number }>('select stock from product_variants where id = $1', [variantId]);
  return Number(row?.stock);
}

async function payByCard(setup: Setup) {
  const started = await t.request(setup.shop, {
    method: 'POST',
    url: '/api/payments/card/initiate/',
    token: setup.customer.accessToken,
    payload: { order_id: setup.orderId, currency: 'USD' },
  });
  expect(started.statusCode, started.body).toBe(200);
  const visit = await payAtHostedPage(started.json().redirectUrl, 'approve');
  if (visit.returnForm) await followReturn(visit.returnForm);
  await t.settled();
}

/** A shop with staff, bank transfers and cards, a knife (stock 5, 85.00) and a customer's order of 2 of it. */
async function knifeOrder(method: 'bank_transfer' | 'card_2c2p') {
  const setup = await shopWithStaff(t, `Restock shop ${method}`);
  await setPayments(t, setup.shop, { enableBankTransfer: true, bankAccountDetails: 'Test Bank' });
  if (method === 'card_2c2p') await takeCards(t, setup.shop);
  const product = await createProduct(t, setup.shop, { stock: 5, priceCents: 8500 });
  await addToCart(t, setup.shop, setup.customer.accessToken, product.id, 2);
  const placed = await placeOrder(t, setup.shop, setup.customer.accessToken, { payment_method: method });
  expect(placed.statusCode, placed.body).toBe(201);
  return { ...setup, orderId: placed.json().id as number, product };
}

describe('restock is bounded by what each order line sold', () => {
  it('a paid bank-transfer order of 2 refunded with 1 back refuses 2 more, and its cancellation brings back 1', async () => {
    const setup = await knifeOrder('bank_transfer');
    expect((await staffCall(setup, '/transition/', { to: 'paid' })).statusCode).toBe(200);
    expect(await stock(setup.product.id)).toBe(3);

    const first = await staffCall(setup, '/refunds/', {
      amount: '50.00',
      reference: 'BANK-1',
      restock: [{ product_id: setup.product.id, quantity: 1 }],
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(await stock(setup.product.id)).toBe(4);

    const second = await staffCall(setup, '/refunds/', {
      amount: '10.00',
      reference: 'BANK-2',
      restock: [{ product_id: setup.product.id, quantity: 2 }],
    });
    expect(second.statusCode, second.body).toBe(400);
    expect(second.json().restock).toEqual([`At most 1 units of product ${setup.product.id} can be put back.`]);
    expect(await stock(setup.product.id)).toBe(4);

    expect((await staffCall(setup, '/transition/', { to: 'cancelled', reason: 'customer asked' })).statusCode).toBe(
      200,
    );
    // The order took 2: 1 came back with the refund, the cancellation brings back the other one only.
    expect(await stock(setup.product.id)).toBe(5);
    expect(await ledgerOf(setup.orderId)).toEqual([
      { product_id: setup.product.id, variant_id: null, sold: 2, returned: 2 },
    ]);
  });

  it('a pending refund restocking both units, then a cancellation, then its completion, brings back 2 of 2', async () => {
    const setup = await knifeOrder('card_2c2p');
    await payByCard(setup);
    const pending = await staffCall(setup, '/refunds/', {
      amount: '20.01',
      restock: [{ product_id: setup.product.id, quantity: 2 }],
    });
    expect(pending.statusCode, pending.body).toBe(201);
    expect(pending.json().refunds[0].status).toBe('pending');
    // Nothing comes back before the bank completes it.
    expect(await stock(setup.product.id)).toBe(3);

    expect((await staffCall(setup, '/transition/', { to: 'cancelled' })).statusCode).toBe(200);
    expect(await stock(setup.product.id)).toBe(5);
    await poll();
    const [refund] = await sql<{ status: string }>('select status from refunds where order_id = $1', [setup.orderId]);
    expect(refund?.status).toBe('succeeded');
    expect(await stock(setup.product.id)).toBe(5);
  });

  it('a refund the bank refuses puts nothing back, and frees its units for a new refund, once', async () => {
    const setup = await knifeOrder('card_2c2p');
    await payByCard(setup);
    const refused = await staffCall(setup, '/refunds/', {
      amount: '20.02',
      restock: [{ product_id: setup.product.id, quantity: 2 }],
    });
    expect(refused.statusCode, refused.body).toBe(201);
    // Reserved while pending: no other refund may promise the same units.
    const meanwhile = await staffCall(setup, '/refunds/', {
      amount: '5.00',
      restock: [{ product_id: setup.product.id, quantity: 1 }],
    });
    expect(meanwhile.statusCode, meanwhile.body).toBe(400);
    await poll();
    expect(await stock(setup.product.id)).toBe(3);

    const again = await staffCall(setup, '/refunds/', {
      amount: '20.00',
      restock: [{ product_id: setup.product.id, quantity: 2 }],
    });
    expect(again.statusCode, again.body).toBe(201);
    expect(await stock(setup.product.id)).toBe(5);
    expect((await staffCall(setup, '/transition/', { to: 'cancelled' })).statusCode).toBe(200);
    expect(await stock(setup.product.id)).toBe(5);
  });
});

/** One step of an order's life after it is placed. */
type Step =
  | { kind: 'refund'; lines: [number, number, number]; outcome: 0 | 1 | 2 }
  | { kind: 'poll' }
  | { kind: 'cancel' };

const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('refund' as const),
      lines: fc.tuple(fc.nat(3), fc.nat(3), fc.nat(2)),
      outcome: fc.constantFrom(0 as const, 1 as const, 2 as const),
    }),
  },
  { weight: 2, arbitrary: fc.constant({ kind: 'poll' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'cancel' as const }) },
);

describe('restock, for any sequence of refunds, failures, completions, cancellations and expiry', () => {
  it('never puts back more than the order took, per line and variant, and the stock agrees with the ledger', async () => {
    const setup0 = await shopWithStaff(t, 'Restock property shop');
    await setPayments(t, setup0.shop, { enableBankTransfer: true, bankAccountDetails: 'Test Bank' });
    await takeCards(t, setup0.shop);
    const plain = await createProduct(t, setup0.shop, { stock: 1000, priceCents: 1000 });
    const { product, variants } = await createVariantProduct(
      t,
      setup0.shop,
      {
        options: [{ name: 'Finish', values: ['Satin', 'Mirror'] }],
        variants: [
          { options: ['Satin'], stock: 1000 },
          { options: ['Mirror'], stock: 1000 },
        ],
      },
      { priceCents: 2000 },
    );
    const [satin, mirror] = variants as [(typeof variants)[0], (typeof variants)[0]];

    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('card_2c2p' as const, 'bank_transfer' as const),
        fc.boolean(),
        fc.array(stepArbitrary, { maxLength: 6 }),
        async (method, expires, steps) => {
          const before = {
            plain: await stock(plain.id),
            satin: await stock(product.id, satin.id),
            mirror: await stock(product.id, mirror.id),
          };
          // The order: 2 of the plain knife, 2 in satin, 1 in mirror.
          const token = setup0.customer.accessToken;
          await addToCart(t, setup0.shop, token, plain.id, 2);
          for (const [variant, quantity] of [
            [satin, 2],
            [mirror, 1],
          ] as const) {
            const added = await t.request(setup0.shop, {
              method: 'POST',
              url: '/api/orders/cart/add-item/',
              token,
              payload: { product_id: product.id, variant_id: variant.id, quantity, customization: {} },
            });
            expect(added.statusCode, added.body).toBe(200);
          }
          const placed = await placeOrder(t, setup0.shop, token, { payment_method: method });
          expect(placed.statusCode, placed.body).toBe(201);
          const setup: Setup = { ...setup0, orderId: placed.json().id };
          if (expires) {
            clock += 30 * 24 * 3_600_000;
            await cancelOverdueOrders(t.app.deps, new Date(clock));
          } else if (method === 'card_2c2p') {
            await payByCard(setup);
          } else {
            expect((await staffCall(setup, '/transition/', { to: 'paid' })).statusCode).toBe(200);
          }

          const check = async () => {
            for (const line of await ledgerOf(setup.orderId)) expect(line.returned).toBeLessThanOrEqual(line.sold);
            const ledger = await ledgerOf(setup.orderId);
            const net = (productId: number, variantId: number | null) => {
              const line = ledger.find((row) => row.product_id === productId && row.variant_id === variantId);
              return (line?.returned ?? 0) - (line?.sold ?? 0);
            };
            expect(await stock(plain.id)).toBe(before.plain + net(plain.id, null));
            expect(await stock(product.id, satin.id)).toBe(before.satin + net(product.id, satin.id));
            expect(await stock(product.id, mirror.id)).toBe(before.mirror + net(product.id, mirror.id));
          };

          for (const step of steps) {
            if (step.kind === 'poll') await poll();
            if (step.kind === 'cancel') await staffCall(setup, '/transition/', { to: 'cancelled' });
            if (step.kind === 'refund') {
              const [plainUnits, satinUnits, mirrorUnits] = step.lines;
              const restock = [
                { product_id: plain.id, quantity: plainUnits },
                { product_id: product.id, variant_id: satin.id, quantity: satinUnits },
                { product_id: product.id, variant_id: mirror.id, quantity: mirrorUnits },
              ].filter((line) => line.quantity > 0);
              const answer = await staffCall(setup, '/refunds/', {
                // Cards: .00 at once, .01 pending then completed, .02 pending then refused by the bank.
                amount: `1.0${step.outcome}`,
                reference: 'R',
                restock,
              });
              expect([201, 400, 409], answer.body).toContain(answer.statusCode);
            }
            await check();
          }
          await poll();
          await check();
        },
      ),
      { numRuns: 12 },
    );
  }, 240_000);
});
