// The migration that shortens the hold of unpaid orders and adds the order limits, applied to shops from before it:
// a shop still on the old 72-hour default moves to 24 hours; a time a shop chose stays.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabaseBefore, type TestDatabase } from '../../../test/database.ts';
import { migrate } from '../../db/migrate.ts';

const MIGRATION = '0063_order_limits.sql';

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabaseBefore(MIGRATION);
});
afterAll(() => testDb.drop());

describe('the order limits migration', () => {
  it('moves shops on the old 72-hour default to 24 hours, keeps a chosen time, and gives every shop the limits', async () => {
    const { raw } = testDb.database;
    const shop = async (token: string, bankMinutes: number | null, customMinutes: number | null) => {
      const [tenant] = await raw.query<{ id: number }>(
        'insert into tenants (name, token) values ($1, $1) returning id',
        [token],
      );
      await raw.query(
        `insert into payment_settings (tenant_id, enable_bank_transfer, bank_transfer_timeout_minutes,
                                       custom_payment_timeout_minutes)
         values ($1, true, coalesce($2, 4320), coalesce($3, 4320))`,
        [tenant?.id, bankMinutes, customMinutes],
      );
      return tenant?.id;
    };
    const onDefaults = await shop('limits-old-defaults', null, null);
    const chosen = await shop('limits-chosen-times', 48 * 60, 90);

    await migrate(testDb.database);

    const rows = await raw.query<Record<string, number>>(
      `select tenant_id, bank_transfer_timeout_minutes as bank, custom_payment_timeout_minutes as custom,
              card_payment_timeout_minutes as card, max_unpaid_orders as unpaid, max_units_per_product as units
         from payment_settings where tenant_id in ($1, $2)`,
      [onDefaults, chosen],
    );
    const of = (id: number | undefined) => rows.find((row) => row.tenant_id === id);
    // Bank transfers then moved on from 24 hours to 7 days (0082, bank-transfer-terms.migration.test.ts).
    expect(of(onDefaults)).toMatchObject({ bank: 10080, custom: 1440, card: 60, unpaid: 3, units: 10 });
    expect(of(chosen)).toMatchObject({ bank: 48 * 60, custom: 90, card: 60, unpaid: 3, units: 10 });

    // A shop that sets up payments after it gets the new defaults.
    const [later] = await raw.query<{ id: number }>(
      "insert into tenants (name, token) values ('limits-new-shop', 'limits-new-shop') returning id",
    );
    const [row] = await raw.query<Record<string, number>>(
      `insert into payment_settings (tenant_id) values ($1)
       returning bank_transfer_timeout_minutes as bank, custom_payment_timeout_minutes as custom,
                 max_unpaid_orders as unpaid, max_units_per_product as units`,
      [later?.id],
    );
    expect(row).toEqual({ bank: 10080, custom: 1440, unpaid: 3, units: 10 });
    await expect(
      raw.query('update payment_settings set max_unpaid_orders = 0 where tenant_id = $1', [later?.id]),
    ).rejects.toThrow();
  });
});
