import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../lib/api-client.ts';
import { highlightPieces } from './highlight.ts';
import {
  isPriceBand,
  loadProductList,
  optionFacetGroups,
  productListHref,
  readProductListQuery,
  searchIntentChips,
} from './product-list.ts';

const CATEGORIES = [{ id: 1, slug: 'service', name: 'Service & Military', description: '<p>Issued</p>' }];

/** An API whose product list answers `body` with `status`, and whose categories are CATEGORIES; the calls it had. */
function apiAnswering(status: number, body: unknown, calls: URL[] = []) {
  return createApiClient({
    baseUrl: 'http://api.test/api',
    tenantToken: 'shop-1',
    fetch: async (input) => {
      const url = new URL(String(input));
      calls.push(url);
      if (url.pathname === '/api/products/categories/') return Response.json(CATEGORIES);
      return Response.json(body, { status });
    },
  });
}

const url = new URL('http://shop.test/products?search=kukri');

describe('loadProductList', () => {
  afterEach(() => vi.restoreAllMocks());

  it("shows the list's generic error when the answer breaks its contract, and logs it once", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const api = apiAnswering(200, { count: 1, next: null, previous: null, results: [{ id: 1, name: 'Kukri' }] });
    for (let render = 0; render < 2; render += 1) {
      await expect(loadProductList(api, url)).resolves.toMatchObject({
        products: null,
        error: 'Failed to load products.',
      });
    }
    expect(logged).toHaveBeenCalledTimes(1);
  });

  it("shows the server's detail of a failure, else the generic error", async () => {
    await expect(loadProductList(apiAnswering(503, { detail: 'The catalog is resting.' }), url)).resolves.toMatchObject(
      { products: null, error: 'The catalog is resting.' },
    );
    await expect(loadProductList(apiAnswering(500, {}), url)).resolves.toMatchObject({
      products: null,
      error: 'Failed to load products.',
    });
  });

  it("asks the API for the address's sort and filters, and finds the category among the shop's", async () => {
    const page = { count: 0, next: null, previous: null, results: [] };
    const calls: URL[] = [];
    const address = new URL(
      'http://shop.test/products?category=service&ordering=-price&min_price=50&max_price=120.5&in_stock=true&option=12+inch&option=Mirror-polished&page=2',
    );
    const data = await loadProductList(apiAnswering(200, page, calls), address);
    expect(data).toMatchObject({
      categorySlug: 'service',
      options: ['12 inch', 'Mirror-polished'],
      category: CATEGORIES[0],
      categories: CATEGORIES,
    });
    const list = calls.find((call) => call.pathname === '/api/products/products/');
    expect(Object.fromEntries(list?.searchParams ?? [])).toEqual({
      is_active: 'true',
      category__slug: 'service',
      ordering: '-price',
      min_price: '50',
      max_price: '120.5',
      in_stock: 'true',
      option: 'Mirror-polished',
      facets: 'true',
      page: '2',
      page_size: '24',
    });
    // Each option value chosen, the parameter repeated.
    expect(list?.searchParams.getAll('option')).toEqual(['12 inch', 'Mirror-polished']);
  });

  it('gives the page of products of a valid answer', async () => {
    const page = { count: 0, next: null, previous: null, results: [] };
    await expect(loadProductList(apiAnswering(200, page), url)).resolves.toMatchObject({
      search: 'kukri',
      products: page,
      error: null,
    });
  });
});

describe('the address of a product list', () => {
  const read = (query: string) => readProductListQuery(new URLSearchParams(query));

  it('reads back what it writes, with only what differs from the plain list, in one order', () => {
    const query = read(
      'option=12%20inch&in_stock=true&max_price=99.5&ordering=-rating&category=service&search=horn&min_price=10',
    );
    expect(productListHref(query)).toBe(
      '/products?search=horn&category=service&ordering=-rating&min_price=10&max_price=99.5&in_stock=true&option=12+inch',
    );
    expect(read(productListHref(query).split('?')[1] ?? '')).toEqual(query);
    expect(productListHref(read(''))).toBe('/products');
    expect(productListHref({ ...read('category=service'), page: 3 })).toBe('/products?category=service&page=3');
  });

  it('leaves out the default sort: newest for the list, relevance for a search', () => {
    expect(read('ordering=-created_at').ordering).toBeNull();
    expect(read('search=horn&ordering=relevance').ordering).toBeNull();
    expect(read('search=horn&ordering=-created_at').ordering).toBe('-created_at');
    expect(read('ordering=relevance').ordering).toBeNull();
    expect(productListHref({ ...read('search=horn'), ordering: 'relevance' })).toBe('/products?search=horn');
  });

  it('takes an unknown sort, a price that is not an amount or a stray stock flag as not given', () => {
    expect(read('ordering=stock&min_price=abc&max_price=-5&in_stock=yes')).toMatchObject({
      ordering: null,
      minPrice: '',
      maxPrice: '',
      inStock: false,
    });
    expect(read('min_price=1e3&max_price=85.001')).toMatchObject({ minPrice: '', maxPrice: '' });
  });

  it('keeps every option value chosen, trimmed, each once, in the order chosen', () => {
    expect(read('option=+Mirror+&option=12+inch&option=Mirror&option=%20').options).toEqual(['Mirror', '12 inch']);
    expect(productListHref({ ...read('option=15+inch&option=Mirror'), page: 2 })).toBe(
      '/products?option=15+inch&option=Mirror&page=2',
    );
    expect(read('option=%20').options).toEqual([]);
  });

  it('swaps price bounds given the wrong way round', () => {
    expect(read('min_price=120&max_price=85.50')).toMatchObject({ minPrice: '85.50', maxPrice: '120' });
  });
});

describe('the marks of a search result', () => {
  it("marks the name's words that answered the search, whatever their case, and nothing else", () => {
    expect(highlightPieces('Sirupate Khukuri, 10" Blade', ['khukuri', 'blade'])).toEqual([
      { text: 'Sirupate ', marked: false },
      { text: 'Khukuri', marked: true },
      { text: ', 10" ', marked: false },
      { text: 'Blade', marked: true },
    ]);
    expect(highlightPieces('Khukuri', [])).toEqual([{ text: 'Khukuri', marked: false }]);
    // A word is marked whole, never inside another.
    expect(highlightPieces('Hornbill horn', ['horn'])).toEqual([
      { text: 'Hornbill ', marked: false },
      { text: 'horn', marked: true },
    ]);
  });

  it('knows the chosen price band by its amounts, however they are written', () => {
    const band = { min: '20.00', max: '49.99' };
    expect(isPriceBand({ minPrice: '20', maxPrice: '49.99' }, band)).toBe(true);
    expect(isPriceBand({ minPrice: '20', maxPrice: '' }, band)).toBe(false);
    expect(isPriceBand({ minPrice: '20', maxPrice: '50' }, band)).toBe(false);
  });
});

describe('the option facets', () => {
  it('groups the values by option type, in the order of the answer', () => {
    const facets = {
      categories: [],
      price_bands: [],
      options: [
        { name: 'Blade length', value: '10 inch', count: 4 },
        { name: 'Blade length', value: '12 inch', count: 3 },
        { name: 'Finish', value: 'Mirror', count: 2 },
        { name: 'Finish', value: 'Satin', count: 5 },
      ],
    };
    expect([...optionFacetGroups(facets)]).toEqual([
      ['Blade length', facets.options.slice(0, 2)],
      ['Finish', facets.options.slice(2)],
    ]);
  });

  it('shows no group without options in the answer', () => {
    expect(optionFacetGroups(null).size).toBe(0);
    expect(optionFacetGroups({ categories: [], price_bands: [] }).size).toBe(0);
    expect(optionFacetGroups({ categories: [], price_bands: [], options: [] }).size).toBe(0);
  });
});

describe('the chips of what a search asked in words', () => {
  const query = readProductListQuery(new URLSearchParams('search=khukuri+under+90'));
  const price = (amount: string) => `$${amount}`;

  it('shows none when the search asked nothing beyond products', () => {
    expect(searchIntentChips(query, undefined, price)).toEqual([]);
  });

  it('removes a price by searching the text without its words', () => {
    const intent = { search: 'khukuri', min_price: null, max_price: '90.00', ordering: null };
    expect(searchIntentChips(query, intent, price)).toEqual([
      { kind: 'price', label: 'Price: up to $90.00', href: '/products?search=khukuri' },
    ]);
    const range = { ...intent, min_price: '50.00', max_price: '100.00' };
    expect(searchIntentChips(query, range, price)[0]?.label).toBe('Price: $50.00–$100.00');
    expect(searchIntentChips(query, { ...intent, min_price: '150.00', max_price: null }, price)[0]?.label).toBe(
      'Price: from $150.00',
    );
  });

  it('keeps, when one chip is removed, what the other asked as the list’s own filter or sort', () => {
    const intent = { search: 'khukuri', min_price: null, max_price: '90.00', ordering: 'price' as const };
    expect(searchIntentChips(query, intent, price)).toEqual([
      { kind: 'price', label: 'Price: up to $90.00', href: '/products?search=khukuri&ordering=price' },
      { kind: 'ordering', label: 'Cheapest first', href: '/products?search=khukuri&max_price=90.00' },
    ]);
    // An order the sort control does not offer goes with its words.
    const lightest = { ...intent, ordering: 'weight' as const };
    expect(searchIntentChips(query, lightest, price).map((chip) => [chip.label, chip.href])).toEqual([
      ['Price: up to $90.00', '/products?search=khukuri'],
      ['Lightest first', '/products?search=khukuri&max_price=90.00'],
    ]);
  });
});
