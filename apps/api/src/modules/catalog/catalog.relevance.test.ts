import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { DEMO_TENANT_TOKEN, seedDemo } from '../../seed/index.ts';
import { findTenantByToken } from '../tenants/tenants.repository.ts';
import type { Tenant } from '../tenants/tenants.service.ts';

// What shoppers type, and the demo product that must be in the first three results.
const CASES: [query: string, expected: string][] = [
  // Exact names
  ['Angkhola Khukuri', 'angkhola-khukuri-10-inch'],
  ['Bhojpure', 'bhojpure-khukuri-12-inch'],
  ['Sirupate Khukuri', 'sirupate-khukuri-12-inch'],
  ['British Gurkha Army Issue Khukuri', 'british-gurkha-army-issue-khukuri'],
  ['Karda and Chakmak', 'karda-chakmak-set'],
  ['Mk II', 'mk2-ww2-khukuri'],
  ['blade care kit', 'blade-care-kit'],
  // Misspellings
  ['angkola', 'angkhola-khukuri-10-inch'],
  ['bhojpuri khukuri', 'bhojpure-khukuri-12-inch'],
  ['sirupati', 'sirupate-khukuri-12-inch'],
  ['chitlangi', 'chitlange-khukuri'],
  ['budhumi', 'budhume-khukuri-13-inch'],
  ['machette', 'khukuri-machete-15-inch'],
  ['ceremonail silver', 'chandi-silver-ceremonial-khukuri'],
  ['weding khukuri', 'wedding-khukuri-brass'],
  // Transliterations and synonyms
  ['kukri machete', 'khukuri-machete-15-inch'],
  ['khukri sheath', 'leather-khukuri-sheath'],
  ['gurkha knife army', 'british-gurkha-army-issue-khukuri'],
  ['gorkha rifles', 'indian-army-khukuri'],
  ['kukri kitchen knife', 'kitchen-khukuri-chef-knife'],
  ['chandi kukri', 'chandi-silver-ceremonial-khukuri'],
  ['scabbard', 'leather-khukuri-sheath'],
  ['bihe khukuri', 'wedding-khukuri-brass'],
  // Attribute and description words
  ['horn handle', 'bhojpure-khukuri-12-inch'],
  ['12 inch', 'bhojpure-khukuri-12-inch'],
  ['15 inch', 'khukuri-machete-15-inch'],
  ['bone handle', 'sirupate-khukuri-12-inch'],
  ['walnut', 'budhume-khukuri-13-inch'],
  ['whetstone', 'blade-care-kit'],
  ['ferro rod', 'gurkha-survival-khukuri'],
  ['silver plated sheath', 'chandi-silver-ceremonial-khukuri'],
  ['Patan', 'chandi-silver-ceremonial-khukuri'],
  ['onions herbs', 'kitchen-khukuri-chef-knife'],
  ['second world war', 'mk2-ww2-khukuri'],
];

describe('search relevance on the demo catalog', () => {
  let t: TestApp;
  let shop: Tenant;
  beforeAll(async () => {
    t = await buildTestApp();
    await seedDemo(t.testDb.database, t.media);
    shop = (await findTenantByToken(t.testDb.database.db, DEMO_TENANT_TOKEN)) as Tenant;
  });
  afterAll(() => t.close());

  it.each(CASES)('finds %j with %s in the top 3', async (query, expected) => {
    const response = await t.request(shop, {
      method: 'GET',
      url: `/api/products/products/?is_active=true&search=${encodeURIComponent(query)}`,
    });
    const slugs = (response.json() as { slug: string }[]).map((product) => product.slug);
    expect(slugs.slice(0, 3)).toContain(expected);
  });

  it('finds the same knives whichever transliteration is typed', async () => {
    const search = async (query: string) =>
      (
        (
          await t.request(shop, { method: 'GET', url: `/api/products/products/?search=${encodeURIComponent(query)}` })
        ).json() as { slug: string }[]
      )
        .map((product) => product.slug)
        .sort();
    const khukuri = await search('khukuri');
    expect(khukuri.length).toBeGreaterThan(10);
    for (const spelling of ['kukri', 'khukri', 'gurkha knife']) expect(await search(spelling)).toEqual(khukuri);
  });
});
