// The transactional outbox (decision 021): an event with a durable handler is written with the change that emitted
// it, delivered after the commit, retried with backoff when its handler fails, and never handled twice: not when it
// is delivered again, not by two deliverers at once, not when its transaction rolled back (then it never existed).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import type { Tenant } from '../modules/tenants/index.ts';
import { systemContext } from './context.ts';
import type { InProcessEventBus } from './events.ts';
import { deliverOutbox, OUTBOX_KEPT_DAYS, pruneOutbox } from './outbox.ts';
import { inTransaction } from './unit-of-work.ts';

let t: TestApp;
let shop: Tenant;
/** What the durable handler under test did: the refund ids it handled, in order. */
const handled: number[] = [];
/** Refund ids whose handler fails, how many more times. */
const failures = new Map<number, number>();

beforeAll(async () => {
  t = await buildTestApp();
  shop = await t.createTenant('Outbox shop');
  t.app.deps.events.durable('refund.failed', 'test.record', async (event) => {
    const left = failures.get(event.refundId) ?? 0;
    if (left > 0) {
      failures.set(event.refundId, left - 1);
      throw new Error('the handler failed');
    }
    handled.push(event.refundId);
  });
});
afterAll(() => t.close());

async function sql<T>(query: string, params: unknown[] = []): Promise<T[]> {
  return t.testDb.database.raw.query<T>(query, params);
}

function emit(refundId: number, rollBack = false) {
  const ctx = systemContext(t.app.deps, t.app.deps.database, shop, 'test');
  return inTransaction(ctx, async (tx) => {
    tx.emit({ name: 'refund.failed', payload: { tenantId: shop.id, orderId: 1, refundId } });
    if (rollBack) throw new Error('rolled back');
  });
}

const handlers = () => (t.app.deps.events as InProcessEventBus).durableHandlersOf;

async function outboxRow(refundId: number) {
  const [row] = await sql<{ id: number; attempts: number; delivered: boolean; last_error: string | null }>(
    `select id::int as id, attempts, delivered_at is not null as delivered, last_error from event_outbox
      where tenant_id = $1 and payload->>'refundId' = $2`,
    [shop.id, String(refundId)],
  );
  return row;
}

describe('the transactional outbox', () => {
  it('writes the event with its change and delivers it after the commit, once', async () => {
    await emit(101);
    await t.settled();
    expect(handled.filter((id) => id === 101)).toEqual([101]);
    expect(await outboxRow(101)).toMatchObject({ attempts: 0, delivered: true });
  });

  it('writes nothing when the change rolls back', async () => {
    await expect(emit(102, true)).rejects.toThrow('rolled back');
    await t.settled();
    expect(await outboxRow(102)).toBeUndefined();
    expect(handled).not.toContain(102);
  });

  it('retries a failing handler after a backoff that doubles, until it succeeds', async () => {
    failures.set(103, 2);
    await emit(103);
    await t.settled();
    expect(await outboxRow(103)).toMatchObject({ attempts: 1, delivered: false, last_error: 'the handler failed' });
    // Not before its backoff (1 second) has passed.
    expect((await deliverOutbox(t.app.deps, shop, handlers(), new Date())).delivered).toBe(0);
    await deliverOutbox(t.app.deps, shop, handlers(), new Date(Date.now() + 1_500));
    expect(await outboxRow(103)).toMatchObject({ attempts: 2, delivered: false });
    expect((await deliverOutbox(t.app.deps, shop, handlers(), new Date(Date.now() + 1_500))).delivered).toBe(0);
    await deliverOutbox(t.app.deps, shop, handlers(), new Date(Date.now() + 3_000));
    expect(await outboxRow(103)).toMatchObject({ delivered: true });
    expect(handled.filter((id) => id === 103)).toEqual([103]);
  });

  it('never runs a handler twice for one event: delivered again, or by two deliverers at once', async () => {
    await emit(104);
    await t.settled();
    // A crash after the handler committed, before the event was marked delivered: it is delivered again.
    const row = await outboxRow(104);
    await sql('update event_outbox set delivered_at = null where tenant_id = $1 and id = $2', [shop.id, row?.id]);
    await Promise.all([deliverOutbox(t.app.deps, shop, handlers()), deliverOutbox(t.app.deps, shop, handlers())]);
    expect(await outboxRow(104)).toMatchObject({ delivered: true });
    expect(handled.filter((id) => id === 104)).toEqual([104]);
  });

  it("keeps a delivered event a month, then prunes it with its handlers' marks; never one not yet delivered", async () => {
    await Promise.all([emit(105), emit(106), emit(107)]);
    await t.settled();
    const [old, recent, undelivered] = [await outboxRow(105), await outboxRow(106), await outboxRow(107)];
    const now = new Date();
    const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
    await sql('update event_outbox set delivered_at = $3 where tenant_id = $1 and id = $2', [
      shop.id,
      old?.id,
      daysAgo(OUTBOX_KEPT_DAYS + 1),
    ]);
    await sql('update event_outbox set delivered_at = $3 where tenant_id = $1 and id = $2', [
      shop.id,
      recent?.id,
      daysAgo(OUTBOX_KEPT_DAYS - 1),
    ]);
    // Made long ago and not delivered yet (its next try far ahead, so that no sweep takes it meanwhile).
    await sql(
      `update event_outbox set created_at = $3, delivered_at = null, available_at = now() + interval '1 day'
        where tenant_id = $1 and id = $2`,
      [shop.id, undelivered?.id, daysAgo(OUTBOX_KEPT_DAYS * 2)],
    );
    const marks = (id: number | undefined) =>
      sql('select 1 from event_outbox_handled where tenant_id = $1 and event_id = $2', [shop.id, id]);
    // Every durable handler of the event left its mark (this test's and the shop's own notice).
    expect((await marks(old?.id)).length).toBeGreaterThan(0);

    expect(await pruneOutbox(t.app.deps, shop, now)).toBe(1);
    expect(await outboxRow(105)).toBeUndefined();
    expect(await marks(old?.id)).toHaveLength(0);
    expect(await outboxRow(106)).toMatchObject({ delivered: true });
    expect((await marks(recent?.id)).length).toBeGreaterThan(0);
    expect(await outboxRow(107)).toMatchObject({ delivered: false });
    expect(await pruneOutbox(t.app.deps, shop, now)).toBe(0);
  });
});
