// The migration that gives existing accounts a display name: applied to a database holding accounts (and orders)
// from before it, it shows no e-mail address or username anywhere.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabaseBefore, type TestDatabase } from '../../../test/database.ts';
import { migrate } from '../../db/migrate.ts';

const MIGRATION = '0035_display_names.sql';

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabaseBefore(MIGRATION);
});
afterAll(() => testDb.drop());

describe('the display name migration', () => {
  it('names the accounts that ordered by their delivery name, and the others neutrally', async () => {
    const { raw } = testDb.database;
    const [tenant] = await raw.query<{ id: number }>(
      "insert into tenants (name, token) values ('Old shop', 'old-shop-token-1') returning id",
    );
    const users = await raw.query<{ id: number; email: string }>(
      `insert into users (tenant_id, email, username, password_hash)
       values ($1, 'sita.gurung@example.com', 'sita.gurung', 'x'), ($1, 'ram@example.com', 'ram', 'x'),
              ($1, 'quiet.buyer@example.com', 'quiet.buyer', 'x'), ($1, 'odd@example.com', 'odd', 'x')
       returning id, email`,
      [tenant?.id],
    );
    const id = (email: string) => users.find((user) => user.email === email)?.id;
    const order = (userId: number | undefined, number: string, fullname: string, createdAt: string) =>
      raw.query(
        `insert into orders (tenant_id, number, user_id, payment_method, payment_label, subtotal_cents, total_cents,
                             total_items, delivery_address, created_at)
         values ($1, $2, $3, 'bank_transfer', 'Bank transfer', 1000, 1000, 1, $4, $5)`,
        [tenant?.id, number, userId, JSON.stringify({ fullname }), createdAt],
      );
    await order(id('sita.gurung@example.com'), '1001', 'Old Name', '2024-01-01T00:00:00Z');
    await order(id('sita.gurung@example.com'), '1002', '  Sita   Kumari Gurung ', '2024-02-01T00:00:00Z');
    await order(id('ram@example.com'), '1003', 'Ram', '2024-01-01T00:00:00Z');
    await order(id('odd@example.com'), '1004', 'odd@example.com', '2024-01-01T00:00:00Z');

    await migrate(testDb.database);

    const names = new Map(
      (
        await raw.query<{ email: string; display_name: string }>(
          'select email, display_name from users where tenant_id = $1',
          [tenant?.id],
        )
      ).map((row) => [row.email, row.display_name]),
    );
    // The latest delivery name: first name and the last name's initial.
    expect(names.get('sita.gurung@example.com')).toBe('Sita G.');
    expect(names.get('ram@example.com')).toBe('Ram');
    // No order, or a delivery name that is an address: a neutral name.
    expect(names.get('quiet.buyer@example.com')).toMatch(/^Customer \d{4}$/);
    expect(names.get('odd@example.com')).toMatch(/^Customer \d{4}$/);
    for (const name of names.values()) expect(name).not.toContain('@');
  });

  it('refuses a display name holding an e-mail address, in the database too', async () => {
    const { raw } = testDb.database;
    const [tenant] = await raw.query<{ id: number }>(
      "insert into tenants (name, token) values ('Guarded shop', 'guarded-shop-token') returning id",
    );
    await expect(
      raw.query(
        `insert into users (tenant_id, email, username, password_hash, display_name)
         values ($1, 'a@example.com', 'a', 'x', 'a@example.com')`,
        [tenant?.id],
      ),
    ).rejects.toThrow();
  });
});
