// The migrations of selling abroad (issue 48), applied to a demo shop seeded before them: its knives get the HS code
// of fixed-blade knives and Nepal, their weights from their own specifications, the knife categories and the karda's
// set are sold to adults only, and the shop ships from Nepal with an adult's signature; another shop is left alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabaseBefore, type TestDatabase } from '../../../test/database.ts';
import { migrate } from '../../db/migrate.ts';

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabaseBefore('0091_customs_and_age_restrictions.sql');
});
afterAll(() => testDb.drop());

describe('the selling abroad migrations', () => {
  it('gives the demo shop seeded before them what its seed now writes, and leaves another shop as it was', async () => {
    const { raw } = testDb.database;
    const shop = async (token: string) => {
      const [tenant] = await raw.query<{ id: number }>(
        'insert into tenants (name, token) values ($1, $1) returning id',
        [token],
      );
      const id = tenant?.id as number;
      await raw.query('insert into site_settings (tenant_id, site_title) values ($1, $2)', [id, token]);
      const category = async (slug: string) =>
        (
          await raw.query<{ id: number }>(
            'insert into categories (tenant_id, slug, name) values ($1, $2, $2) returning id',
            [id, slug],
          )
        )[0]?.id as number;
      const traditional = await category('traditional');
      const accessories = await category('accessories');
      const product = async (slug: string, categoryId: number, weight: string) => {
        const [row] = await raw.query<{ id: number }>(
          `insert into products (tenant_id, category_id, slug, name, price_cents)
           values ($1, $2, $3, $3, 8500) returning id`,
          [id, categoryId, slug],
        );
        await raw.query(
          `insert into product_attributes (tenant_id, product_id, key, value, "order") values ($1, $2, 'Weight', $3, 0)`,
          [id, row?.id, weight],
        );
        return row?.id as number;
      };
      const angkhola = await product('angkhola-khukuri', traditional, '550 g');
      const kit = await product('blade-care-kit', accessories, '400 g');
      const karda = await product('karda-chakmak-set', accessories, '120 g');
      const budhume = await product('budhume-khukuri', traditional, '1,300 g');
      await raw.query(
        `insert into product_variants (tenant_id, product_id, sku, option_values, attributes)
         values ($1, $2, 'ANG-15', '{15 inch}', '[{"key": "Weight", "value": "850 g"}]'::jsonb)`,
        [id, angkhola],
      );
      return { id, angkhola, kit, karda, budhume };
    };
    const demo = await shop('khukuri-demo');
    const other = await shop('another-shop');

    await migrate(testDb.database);

    const products = await raw.query<{
      id: number;
      hs_code: string;
      country_of_origin: string;
      weight_grams: number | null;
      age_restricted: boolean;
      customs_description: string;
    }>(
      `select id, hs_code, country_of_origin, weight_grams, age_restricted, customs_description from products
        where tenant_id in ($1, $2)`,
      [demo.id, other.id],
    );
    const of = (id: number) => products.find((row) => row.id === id);
    expect(of(demo.angkhola)).toMatchObject({
      hs_code: '8211.92',
      country_of_origin: 'NP',
      weight_grams: 550,
      age_restricted: false,
      customs_description: 'Khukuri: hand-forged fixed-blade knife of carbon steel, with sheath',
    });
    expect(of(demo.budhume)).toMatchObject({ hs_code: '8211.92', weight_grams: 1300 });
    expect(of(demo.kit)).toMatchObject({ hs_code: '6804.22', country_of_origin: 'NP', age_restricted: false });
    expect(of(demo.karda)).toMatchObject({ hs_code: '8211.92', weight_grams: 120, age_restricted: true });
    expect(of(other.angkhola)).toMatchObject({ hs_code: '', country_of_origin: '', weight_grams: null });

    const categories = await raw.query<{ tenant_id: number; slug: string; age_restricted: boolean }>(
      'select tenant_id, slug, age_restricted from categories where tenant_id in ($1, $2) order by tenant_id, slug',
      [demo.id, other.id],
    );
    expect(categories.map((row) => [row.tenant_id, row.slug, row.age_restricted])).toEqual([
      [demo.id, 'accessories', false],
      [demo.id, 'traditional', true],
      [other.id, 'accessories', false],
      [other.id, 'traditional', false],
    ]);
    const variants = await raw.query<{ tenant_id: number; weight_grams: number | null; hs_code: string | null }>(
      'select tenant_id, weight_grams, hs_code from product_variants where tenant_id in ($1, $2) order by tenant_id',
      [demo.id, other.id],
    );
    expect(variants).toEqual([
      { tenant_id: demo.id, weight_grams: 850, hs_code: null },
      { tenant_id: other.id, weight_grams: null, hs_code: null },
    ]);
    const settings = await raw.query<{
      tenant_id: number;
      country: string;
      adult_age: number;
      adult_signature: boolean;
    }>(
      'select tenant_id, country, adult_age, adult_signature from site_settings where tenant_id in ($1, $2) order by tenant_id',
      [demo.id, other.id],
    );
    expect(settings).toEqual([
      { tenant_id: demo.id, country: 'NP', adult_age: 18, adult_signature: true },
      { tenant_id: other.id, country: '', adult_age: 18, adult_signature: false },
    ]);
  });
});
