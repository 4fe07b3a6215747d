import { and, asc, desc, eq, gt, gte, lte, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { categories, productAttributes, products } from '../../../db/schema/index.ts';
import type { TenantScope } from '../../../db/tenant-scope.ts';
import { mediaColumns } from '../../media/index.ts';
import {
  FUZZY_SEARCH_MAX_CANDIDATES,
  SEARCH_CANDIDATES_MAX,
  type SearchDocument,
  type SearchPlan,
  STRICT_SEARCH_MIN_MATCHES,
  searchSql,
} from '../../search/index.ts';
import { hasVariant, type OptionChoice, variantChoices } from './option-filter.repository.ts';
import { summaryColumns, variantCount } from './summary-columns.repository.ts';

// The storefront's reads of products: lists (filtered, searched, faceted), the product page and the type-ahead's
// products. A search's plan comes from the search module; the statements that match and rank products with it are
// here, where `products` is.

/** A product of a list with what its card shows: category and main image, in one row. */
export type ProductSummaryRow = Awaited<ReturnType<typeof selectSummaries<Record<never, SQL>>>>[number];

export type ProductSort =
  | 'price'
  | '-price'
  | 'name'
  | '-name'
  | 'created_at'
  | '-created_at'
  | 'rating'
  | '-rating'
  | 'relevance'
  | 'weight'
  | '-weight'
  | 'length'
  | '-length';

export interface ProductFilter {
  categorySlug?: string;
  search?: SearchPlan;
  featured?: boolean;
  discounted?: boolean;
  /** Only these products (the home page's chosen ones). */
  ids?: number[];
  /** Bounds of the current price (the "from" price of a product sold in options), in minor units, inclusive. */
  minPriceCents?: number;
  maxPriceCents?: number;
  inStock?: boolean;
  /**
   * Only products with a variant on sale that has, for each option type named, one of the values chosen of it
   * ("Blade length": 12 or 15 inch, and "Finish": mirror-polished, in the same variant).
   */
  options?: OptionChoice[];
}

/** The filter's values a list's statement may take as parameters: it is then prepared once per shape. */
type BindableValue = 'categorySlug' | 'ids' | 'minPriceCents' | 'maxPriceCents';

/** A filter whose values are given, or are placeholders of a statement prepared once (`listProductPage`). */
export type ConditionFilter = {
  [K in keyof ProductFilter]: K extends BindableValue ? ProductFilter[K] | Placeholder : ProductFilter[K];
};

/** The filters whose choices the facets count (the category, the price bounds, the option values) left out. */
export function withoutFacetFilters(filter: ProductFilter): ProductFilter {
  const { categorySlug: _category, minPriceCents: _min, maxPriceCents: _max, options: _options, ...others } = filter;
  return others;
}

/** The cards' rows, with the columns `extra` adds (a page's count). */
function selectSummaries<Extra extends Record<string, SQL>>(scope: TenantScope, extra = {} as Extra) {
  const image = mediaColumns.files(scope);
  return scope.db
    .select({ ...summaryColumns(scope, image), ...extra })
    .from(products)
    .innerJoin(categories, and(eq(categories.tenantId, products.tenantId), eq(categories.id, products.categoryId)))
    .leftJoin(image, eq(image.id, products.mainImageId));
}

/** The products' columns a search reads (migrations 0004b, 0060), for the search's SQL. */
const PRODUCT_DOCUMENT: SearchDocument = {
  vector: products.searchVector,
  head: products.searchHead,
  text: products.searchText,
};

const tsQuery = searchSql.query;

/**
 * The products a search finds. Strict: those with every concept; else those with any, and (unless `fullTextOnly`)
 * those whose text has words at least pg_trgm.word_similarity_threshold (0.45) alike (`%>`): a misspelling, not
 * another word. Under row-level security the planner compares every row for these operators rather than use their
 * indexes; so the trigram comparison, tens of microseconds a row, comes from its index through migration 0061's
 * function, and so do the few products with the words (`candidates`); many are cheaper read in full.
 */
function searchMatches(search: SearchPlan): SQL {
  const anyWords = search.candidates
    ? sql`${products.id} = any(${sql.param(search.candidates)}::int[])`
    : sql`${products.searchVector} @@ ${tsQuery(search.any)}`;
  if (search.strict) {
    // Every product with every concept has one of them.
    const everyWord = sql`${products.searchVector} @@ ${tsQuery(search.all)}`;
    return search.candidates ? sql`(${anyWords} and ${everyWord})` : everyWord;
  }
  if (search.fullTextOnly) return anyWords;
  const similar = sql`select * from catalog_search_similar(${search.text}::text)`;
  // One list of ids: the products are read by their key, not compared one by one.
  if (search.candidates) {
    return sql`${products.id} = any(${sql.param(search.candidates)}::int[] || array(${similar}))`;
  }
  return sql`(${anyWords} or ${products.id} in (${similar}))`;
}

/**
 * The ids of the shop's active products with one of the concepts of `search`, from the full-text index (migration
 * 0061); null when there are more than `max`.
 */
async function findSearchCandidates(scope: TenantScope, search: SearchPlan, max: number) {
  const rows = await scope.rows<{ id: number }>(
    sql`select id from catalog_search_matching(${tsQuery(search.any)}, ${max + 1}::int) as found(id)`,
  );
  return rows.length > max ? null : rows.map((row) => Number(row.id));
}

export function categoryCondition(filter: ConditionFilter): SQL | undefined {
  return filter.categorySlug === undefined ? undefined : eq(categories.slug, filter.categorySlug);
}

export function priceCondition(filter: ConditionFilter): SQL | undefined {
  return and(
    filter.minPriceCents === undefined ? undefined : gte(products.priceMinCents, filter.minPriceCents),
    filter.maxPriceCents === undefined ? undefined : lte(products.priceMinCents, filter.maxPriceCents),
  );
}

function optionCondition(scope: TenantScope, filter: ConditionFilter): SQL | undefined {
  return filter.options?.length ? hasVariant(scope, variantChoices(filter.options)) : undefined;
}

/** The filter's conditions; `facets` leaves out the category and price conditions (the facets count them apart). */
export function filterConditions(scope: TenantScope, filter: ConditionFilter, facets = false): SQL {
  // NOTE: the public catalog only ever shows active products; every read below goes through this.
  const conditions: SQL[] = [eq(products.isActive, true)];
  const category = facets ? undefined : categoryCondition(filter);
  if (category) conditions.push(category);
  if (filter.featured) conditions.push(eq(products.isFeatured, true));
  if (filter.ids) {
    const ids = Array.isArray(filter.ids) ? sql.param(filter.ids) : filter.ids;
    conditions.push(sql`${products.id} = any(${ids}::int[])`);
  }
  if (filter.discounted) conditions.push(sql`${products.priceBeforeDiscountCents} > ${products.priceCents}`);
  const price = facets ? undefined : priceCondition(filter);
  if (price) conditions.push(price);
  if (filter.inStock) conditions.push(gt(products.stock, 0));
  const options = optionCondition(scope, filter);
  if (options) conditions.push(options);
  if (filter.search) conditions.push(searchMatches(filter.search));
  return scope.where(products, ...conditions);
}

// NOTE: the same expression as the index `products_active_rating` (migration 0042), so that the index serves it.
const averageRating = sql`(${products.ratingSum}::numeric / nullif(${products.reviewCount}, 0))`;

/** Units a measured attribute may be written in, and what one of each is in grams or centimetres. */
const MEASURE_UNITS = sql.raw(`case lower(m[2])
    when 'kg' then 1000 when 'g' then 1 when 'oz' then 28.35 when 'lb' then 453.6 when 'lbs' then 453.6
    when 'inches' then 2.54 when 'inch' then 2.54 when 'in' then 2.54 when 'cm' then 1 when 'mm' then 0.1
    when 'm' then 100 end`);

/** The first number with a unit of a measured attribute's value. */
const MEASURE_PATTERN = String.raw`(\d+(?:\.\d+)?)\s*(kg|g|oz|lbs|lb|inches|inch|in|cm|mm|m)\M`;

/**
 * A product's measure (grams or centimetres) read from its first attribute whose key names it ("Weight", "Blade
 * length"): the first number with a unit of its value ("1,050 g", "10 inches (25 cm)"); null without one.
 */
function measuredAttribute(scope: TenantScope, keyWord: 'weight' | 'length'): SQL {
  return sql`(select m[1]::numeric * ${MEASURE_UNITS}
      from ${productAttributes},
           regexp_match(replace(${productAttributes.value}, ',', ''),
                        ${MEASURE_PATTERN}, 'i') as m
     where ${scope.where(
       productAttributes,
       eq(productAttributes.productId, products.id),
       sql`strpos(lower(${productAttributes.key}), ${keyWord}) > 0`,
     )}
     order by ${productAttributes.order}, ${productAttributes.id}
     limit 1)`;
}

function orderBy(scope: TenantScope, sort: ProductSort, search: SearchPlan | undefined): SQL[] {
  // An order asked in words lists the products of the kind the search names first.
  if (search?.kindFirst && sort !== 'relevance') {
    return [
      ...searchSql.ofNamedKind(search, PRODUCT_DOCUMENT),
      ...orderBy(scope, sort, { ...search, kindFirst: false }),
    ];
  }
  // Within an order by a measure, the search's relevance breaks ties.
  const thenRelevance = search ? [desc(searchSql.relevance(search, PRODUCT_DOCUMENT))] : [];
  switch (sort) {
    // Products without the measure come last both ways.
    case 'weight':
    case 'length':
      return [sql`${measuredAttribute(scope, sort)} asc nulls last`, ...thenRelevance, asc(products.id)];
    case '-weight':
    case '-length':
      return [
        sql`${measuredAttribute(scope, sort === '-weight' ? 'weight' : 'length')} desc nulls last`,
        ...thenRelevance,
        desc(products.id),
      ];
    case 'price':
      return [asc(products.priceMinCents), asc(products.id)];
    case '-price':
      return [desc(products.priceMinCents), desc(products.id)];
    case 'name':
      return [asc(products.name), asc(products.id)];
    case '-name':
      return [desc(products.name), desc(products.id)];
    case 'created_at':
      return [asc(products.createdAt), asc(products.id)];
    // Unreviewed products come last both ways: no rating is neither the best nor the worst. Among equal averages,
    // the one more customers reviewed comes first.
    case '-rating':
      return [sql`${averageRating} desc nulls last`, desc(products.reviewCount), desc(products.id)];
    case 'rating':
      return [sql`${averageRating} asc nulls last`, desc(products.reviewCount), asc(products.id)];
    case 'relevance':
      // Stock, then rating, break ties of relevance.
      return search
        ? [
            desc(searchSql.relevance(search, PRODUCT_DOCUMENT)),
            sql`(${products.stock} > 0) desc`,
            sql`${averageRating} desc nulls last`,
            asc(products.id),
          ]
        : orderBy(scope, '-created_at', undefined);
    default:
      return [desc(products.createdAt), desc(products.id)];
  }
}

/** Active products matching `filter`, in `sort` order, at most `limit`; one statement whatever their number. */
export async function listProductSummaries(
  scope: TenantScope,
  filter: ProductFilter,
  sort: ProductSort,
  limit?: number,
): Promise<ProductSummaryRow[]> {
  const rows = selectSummaries(scope)
    .where(filterConditions(scope, filter))
    .orderBy(...orderBy(scope, sort, filter.search));
  return limit === undefined ? rows : rows.limit(limit);
}

/**
 * A page of the list (`limit` products from `offset`) and, unless `counted`, how many products the whole list has:
 * one statement. The page's ids are read first, then their rows: the attributes are aggregated for its products only,
 * not for every row an offset skips; the count is a subquery the database runs once.
 */
function pageStatement(scope: TenantScope, filter: ConditionFilter, sort: ProductSort, counted: boolean) {
  const order = orderBy(scope, sort, filter.search);
  const matching = () =>
    scope.db
      .select({ id: products.id })
      .from(products)
      .innerJoin(categories, and(eq(categories.tenantId, products.tenantId), eq(categories.id, products.categoryId)))
      .where(filterConditions(scope, filter));
  const pageIds = matching()
    .orderBy(...order)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'));
  const total = counted ? sql<null>`null::int` : sql<number>`(select count(*)::int from (${matching()}) as matching)`;
  return selectSummaries(scope, { total })
    .where(scope.where(products, sql`${products.id} in (${pageIds})`))
    .orderBy(...order);
}

/**
 * The filters' values a prepared page statement takes, by placeholder; null when the filter has no such shape. A list
 * without a search or an option filter is prepared once per shop handle and shape (its order and which filters it
 * has: `TenantScope.prepared`).
 */
function shapeOf(filter: ProductFilter, sort: ProductSort): { shape: string; bound: ConditionFilter } | null {
  if (filter.search || filter.options?.length) return null;
  const bound: ConditionFilter = {
    featured: filter.featured,
    discounted: filter.discounted,
    inStock: filter.inStock,
  };
  let shape = `${sort}_${filter.featured ? 'f' : ''}${filter.discounted ? 'd' : ''}${filter.inStock ? 's' : ''}`;
  const values = ['categorySlug', 'ids', 'minPriceCents', 'maxPriceCents'] as const;
  for (const [index, name] of values.entries()) {
    if (filter[name] === undefined) continue;
    bound[name] = sql.placeholder(name);
    shape += String(index);
  }
  return { shape, bound };
}

/**
 * A page of the active products matching `filter` in `sort` order, and how many match in all (`count`: null when the
 * page starts past the end); `count` given (a search counted them on its way) is taken as it is.
 */
export async function listProductPage(
  scope: TenantScope,
  filter: ProductFilter,
  sort: ProductSort,
  page: { limit: number; offset: number; count?: number },
): Promise<{ rows: ProductSummaryRow[]; count: number | null }> {
  const counted = page.count !== undefined;
  const shaped = counted ? null : shapeOf(filter, sort);
  let rows: (ProductSummaryRow & { total: number | null })[];
  if (shaped) {
    const statement = scope.prepared(`catalog_list_${shaped.shape}`, (shop) =>
      pageStatement(shop, shaped.bound, sort, false),
    );
    rows = await statement.execute({
      limit: page.limit,
      offset: page.offset,
      categorySlug: filter.categorySlug,
      ids: filter.ids,
      minPriceCents: filter.minPriceCents,
      maxPriceCents: filter.maxPriceCents,
    });
  } else {
    rows = await pageStatement(scope, filter, sort, counted).execute({ limit: page.limit, offset: page.offset });
  }
  const count = page.count ?? rows[0]?.total ?? (page.offset === 0 ? 0 : null);
  return { rows, count };
}

/** Whether at least `count` active products match `filter` (stops counting there). */
export async function hasProductsMatching(scope: TenantScope, filter: ProductFilter, count: number): Promise<boolean> {
  const matches = scope.db
    .select({ id: products.id })
    .from(products)
    .innerJoin(categories, and(eq(categories.tenantId, products.tenantId), eq(categories.id, products.categoryId)))
    .where(filterConditions(scope, filter))
    .limit(count)
    .as('matches');
  const [row] = await scope.db.select({ found: sql<number>`count(*)::int` }).from(matches);
  return (row?.found ?? 0) >= count;
}

/** What one reading of the products tells of a search (`countSearchMatches`). */
interface SearchMatchCounts {
  /** Products with every concept, and with any (texts only alike left out), past the facets' filters. */
  every: number;
  any: number;
  /** The same within every filter: what the list counts. */
  everyKept: number;
  anyKept: number;
  /** `searchSql.meaningHeld`'s flags, past the facets' filters. */
  held: string;
}

/**
 * How many active products matching `filter` have every concept of its search, and how many have any (texts only
 * alike left out), past the filters the facets count (category, price, options) and within them: one reading of
 * the products, from which the service decides how strict the search is and counts.
 */
async function countSearchMatches(
  scope: TenantScope,
  filter: ProductFilter & { search: SearchPlan },
): Promise<SearchMatchCounts> {
  // Whether the shop holds the search's words, and how strict the search is, are read past the filters the facets
  // count, which only narrow the list: so that a facet's count is what choosing it lists.
  const kept = sql`(${categoryCondition(filter) ?? sql`true`} and ${priceCondition(filter) ?? sql`true`}
    and ${optionCondition(scope, filter) ?? sql`true`})`;
  const every = sql`${products.searchVector} @@ ${tsQuery(filter.search.all)}`;
  const [row] = await scope.db
    .select({
      every: sql<number>`(count(*) filter (where ${every}))::int`,
      any: sql<number>`count(*)::int`,
      everyKept: sql<number>`(count(*) filter (where ${kept} and ${every}))::int`,
      anyKept: sql<number>`(count(*) filter (where ${kept}))::int`,
      held: searchSql.meaningHeld(filter.search, PRODUCT_DOCUMENT),
    })
    .from(products)
    .innerJoin(categories, and(eq(categories.tenantId, products.tenantId), eq(categories.id, products.categoryId)))
    .where(
      filterConditions(scope, {
        ...withoutFacetFilters(filter),
        search: { ...filter.search, strict: false, fullTextOnly: true },
      }),
    );
  return {
    every: row?.every ?? 0,
    any: row?.any ?? 0,
    everyKept: row?.everyKept ?? 0,
    anyKept: row?.anyKept ?? 0,
    held: row?.held ?? '',
  };
}

/**
 * How a list's search reads the products (the plan's `candidates`, `strict`, `fullTextOnly`, `noneHasEvery`), and
 * how many products it finds when that was counted on the way. Products with every concept, when there are enough of
 * them; else those with any, and, when these are few, the texts only alike (misspellings left uncorrected), ranked
 * by closeness of spelling too. The few products with the words are read from the full-text index first; one or two
 * statements. NOTE: how it reads them is decided past the filters the facets count (category, price, options), so
 * that the list a facet chooses is read as the facet counted it.
 */
export async function narrowSearch(
  scope: TenantScope,
  filter: ProductFilter,
  plan: SearchPlan,
): Promise<{ search: SearchPlan; count?: number }> {
  const search: SearchPlan = { ...plan };
  let count: number | undefined;
  const decide = (found: SearchMatchCounts) => {
    // A meaning word no product holds (nor its corrections, synonyms or related concepts): nothing is found.
    if (found.held.includes('0')) search.unheld = true;
    // Words of use weigh more than the words naming a kind of product, when the search has both.
    if (found.held.includes('2') && found.held.includes('1')) {
      search.uses = search.meaning.filter((_, index) => found.held[index] === '1');
    }
    if (found.every === 0) search.noneHasEvery = true;
    if (found.every >= STRICT_SEARCH_MIN_MATCHES) {
      search.strict = true;
      count = found.everyKept;
    } else if (found.any >= FUZZY_SEARCH_MAX_CANDIDATES) {
      search.fullTextOnly = true;
      count = found.anyKept;
    }
  };
  const candidates = await findSearchCandidates(scope, search, SEARCH_CANDIDATES_MAX);
  if (candidates) {
    search.candidates = candidates;
    decide(await countSearchMatches(scope, { ...filter, search }));
  } else if (
    // Many products with the words: whether enough hold every concept stops at the 24th.
    await hasProductsMatching(
      scope,
      { ...withoutFacetFilters(filter), search: { ...search, strict: true } },
      STRICT_SEARCH_MIN_MATCHES,
    )
  ) {
    search.strict = true;
  } else {
    decide(await countSearchMatches(scope, { ...filter, search }));
  }
  return count === undefined ? { search } : { search, count };
}

/** A product of the type-ahead's list: one line's worth (no description nor attributes). */
export interface CompletionProductRow {
  slug: string;
  name: string;
  priceCents: number;
  priceMinCents: number;
  priceMaxCents: number;
  variantCount: number;
  categoryName: string;
  categorySlug: string;
  thumbKey: string | null;
  thumbWidth: number | null;
  thumbHeight: number | null;
}

/**
 * What the type-ahead offers for `filter`'s search, in one statement: the first `limits.products` active products
 * of the search's relevance order within the filter's price bounds (none when a meaning word is held by no product of
 * the shop: `SearchPlan.unheld`, read in the same statement),
 * and the categories (display order, at most `limits.categories`) whose name holds every concept of the search or
 * looks like it (the search's trigram threshold).
 */
export async function listSearchCompletions(
  scope: TenantScope,
  filter: ProductFilter & { search: SearchPlan },
  limits: { products: number; categories: number },
): Promise<{ products: CompletionProductRow[]; categories: { slug: string; name: string }[] }> {
  const { search } = filter;
  const order = sql.join(orderBy(scope, 'relevance', search), sql`, `);
  const image = mediaColumns.files(scope);
  const [row] = await scope.rows<{
    products: CompletionProductRow[] | string;
    categories: { slug: string; name: string }[] | string;
  }>(sql`
    with held as (
      select ${searchSql.meaningHeld(search, PRODUCT_DOCUMENT)} as flags
        from ${products}
        join ${categories} on ${categories.tenantId} = ${products.tenantId} and ${categories.id} = ${products.categoryId}
       where ${filterConditions(scope, { search: { ...search, strict: false, fullTextOnly: true } })})
    select
      (select coalesce(json_agg(json_build_object(
                'slug', m.slug, 'name', m.name, 'priceCents', m.price_cents,
                'priceMinCents', m.price_min_cents, 'priceMaxCents', m.price_max_cents, 'variantCount', m.variant_count,
                'categoryName', m.category_name, 'categorySlug', m.category_slug,
                'thumbKey', m.thumb_key, 'thumbWidth', m.thumb_width, 'thumbHeight', m.thumb_height)
              order by m.rank), '[]'::json)
         from (select ${products.slug} as slug, ${products.name} as name, ${products.priceCents} as price_cents,
                      ${products.priceMinCents} as price_min_cents, ${products.priceMaxCents} as price_max_cents,
                      ${variantCount(scope)} as variant_count,
                      ${categories.name} as category_name, ${categories.slug} as category_slug,
                      ${image.thumbKey} as thumb_key, ${image.thumbWidth} as thumb_width,
                      ${image.thumbHeight} as thumb_height, row_number() over (order by ${order}) as rank
                 from ${products}
                 join ${categories} on ${categories.tenantId} = ${products.tenantId} and ${categories.id} = ${products.categoryId}
                 left join ${image} on ${image.id} = ${products.mainImageId}
                where ${filterConditions(scope, filter)} and position('0' in (select flags from held)) = 0
                order by ${order}
                limit ${limits.products}) m) as products,
      (select coalesce(json_agg(json_build_object('slug', c.slug, 'name', c.name) order by c.position, c.name), '[]'::json)
         from (select ${categories.slug} as slug, ${categories.name} as name, ${categories.position} as position
                 from ${categories}
                where ${scope.where(
                  categories,
                  sql`(to_tsvector('english', ${categories.name}) @@ ${tsQuery(search.all)} or ${categories.name} %> ${search.text})`,
                )}
                order by ${categories.position}, ${categories.name}
                limit ${limits.categories}) c) as categories`);
  // Drivers differ in whether they parse JSON columns.
  const parse = <T>(value: T | string | undefined): T | [] =>
    value === undefined ? [] : typeof value === 'string' ? (JSON.parse(value) as T) : value;
  return { products: parse(row?.products), categories: parse(row?.categories) };
}
