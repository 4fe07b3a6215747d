// The migration that gives bank transfers 7 days to arrive, applied to shops from before it: a shop on the old 24-hour
// default moves to 7 days, a time a shop chose stays, and new shops start at 7 days.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabaseBefore, type TestDatabase } from '../../../test/database.ts';
import { migrate } from '../../db/migrate.ts';

const MIGRATION = '0082_bank_transfer_terms.sql';

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabaseBefore(MIGRATION);
});
afterAll(() => testDb.drop());

describe('the bank transfer terms migration', () => {
  it('moves shops on the 24-hour default to 7 days, keeps a chosen time, and starts new shops at 7 days', async () => {
    const { raw } = testDb.database;
    const shop = async (token: string, bankMinutes: number, customMinutes: number) => {
      const [tenant] = await raw.query<{ id: number }>(
        'insert into tenants (name, token) values ($1, $1) returning id',
        [token],
      );
      await raw.query(
        `insert into payment_settings (tenant_id, enable_bank_transfer, bank_transfer_timeout_minutes,
                                       custom_payment_timeout_minutes)
         values ($1, true, $2, $3)`,
        [tenant?.id, bankMinutes, customMinutes],
      );
      return tenant?.id;
    };
    const onDefault = await shop('terms-old-default', 1440, 1440);
    const chosen = await shop('terms-chosen', 48 * 60, 90);

    await migrate(testDb.database);

    const rows = await raw.query<Record<string, number>>(
      `select tenant_id, bank_transfer_timeout_minutes as bank, custom_payment_timeout_minutes as custom
         from payment_settings where tenant_id in ($1, $2)`,
      [onDefault, chosen],
    );
    const of = (id: number | undefined) => rows.find((row) => row.tenant_id === id);
    // The custom method's 24 hours are the shop's own instructions' business: unchanged.
    expect(of(onDefault)).toMatchObject({ bank: 7 * 24 * 60, custom: 1440 });
    expect(of(chosen)).toMatchObject({ bank: 48 * 60, custom: 90 });

    const [later] = await raw.query<{ id: number }>(
      "insert into tenants (name, token) values ('terms-new-shop', 'terms-new-shop') returning id",
    );
    const [row] = await raw.query<Record<string, number>>(
      `insert into payment_settings (tenant_id) values ($1)
       returning bank_transfer_timeout_minutes as bank, custom_payment_timeout_minutes as custom`,
      [later?.id],
    );
    expect(row).toEqual({ bank: 7 * 24 * 60, custom: 1440 });
    const [column] = await raw.query<{ is_nullable: string }>(
      `select is_nullable from information_schema.columns
        where table_name = 'orders' and column_name = 'payment_reminder_sent_at'`,
    );
    expect(column).toEqual({ is_nullable: 'YES' });
  });
});
