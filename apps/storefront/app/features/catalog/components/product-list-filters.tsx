import type { Category, ProductFacets, SearchIntent } from '@platform/contracts';
import { isPriceBound } from '@platform/contracts/plain';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useFormat } from '../../site/index.ts';
import {
  defaultSort,
  isPriceBand,
  optionFacetGroups,
  PRODUCT_LIST_SORTS,
  type ProductListQuery,
  type ProductListSort,
  productListHref,
} from '../product-list.ts';

/**
 * The product list's sort and filters, kept in the address: a new sort, category or stock choice goes to the list's
 * new address at once (a history entry of its own, so Back undoes it); prices go with Apply. Without JavaScript the
 * form is a plain GET of the same address. With `facets`, each category says how many products choosing it lists,
 * and the price bands and option values (a group per option type) with products are links that choose them; option
 * values add up (any of a type's, and one of each type's), a band replaces the price the search's words asked. The
 * price fields show the bounds that apply: the address's, else those of the search's words (`intent`). On a phone
 * the form stays behind a "Filters" button that says how many filters are on, so that the first screen shows products.
 */
export function ProductListFilters({
  query,
  categories,
  facets,
  intent,
}: {
  query: ProductListQuery;
  categories: Category[];
  facets: ProductFacets | null;
  intent?: SearchIntent | undefined;
}) {
  const navigate = useNavigate();
  const format = useFormat();
  const categoryCount = new Map(facets?.categories.map((category) => [category.slug, category.count]));
  const counted = (name: string, count: number | undefined) => (count === undefined ? name : `${name} (${count})`);
  const href = productListHref(query);
  // The bounds the search's words asked, which apply while the address gives none (the answer reports them only then).
  const words = { minPrice: intent?.min_price ?? '', maxPrice: intent?.max_price ?? '' };
  const shown = query.minPrice || query.maxPrice ? query : { ...query, ...words };
  // What the controls show: the address's values, changed at once by the visitor while the list loads.
  const [draft, setDraft] = useState(shown);
  // Phones only (the button is hidden from 768 px on, where the form always shows).
  const [open, setOpen] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the address is the list's identity; Back and Forward change it.
  useEffect(() => setDraft(shown), [href, words.minPrice, words.maxPrice]);

  const sort = draft.ordering ?? defaultSort(draft.search);
  const sorts = (Object.keys(PRODUCT_LIST_SORTS) as ProductListSort[]).filter(
    (value) => value !== 'relevance' || draft.search,
  );
  const validPrice = (text: string, fallback: string) => (!text || isPriceBound(text) ? text : fallback);

  function apply(change: Partial<ProductListQuery>) {
    const next: ProductListQuery = {
      ...draft,
      minPrice: validPrice(draft.minPrice.trim(), shown.minPrice),
      maxPrice: validPrice(draft.maxPrice.trim(), shown.maxPrice),
      ...change,
      page: 1,
    };
    setDraft(next);
    // The words' bounds left as they were stay the words': the address gets bounds only when the shopper sets them.
    const unchanged =
      !query.minPrice && !query.maxPrice && next.minPrice === words.minPrice && next.maxPrice === words.maxPrice;
    navigate(productListHref(unchanged ? { ...next, minPrice: '', maxPrice: '' } : next), { preventScrollReset: true });
  }

  const active = activeFilterCount(query);
  const filtered = Boolean(query.ordering) || active > 0;
  return (
    <>
      <button
        type="button"
        className="button button--ghost product-filters-toggle"
        aria-expanded={open}
        aria-controls="product-filters"
        onClick={() => setOpen(!open)}
      >
        {active > 0 ? `Filters (${active})` : 'Filters'}
      </button>
      <form
        id="product-filters"
        className={open ? 'product-filters product-filters--open' : 'product-filters'}
        method="get"
        action="/products"
        aria-label="Sort and filter products"
        onSubmit={(event) => {
          event.preventDefault();
          apply({});
        }}
      >
        {draft.search && <input type="hidden" name="search" value={draft.search} />}
        {draft.options.map((option) => (
          <input key={option} type="hidden" name="option" value={option} />
        ))}
        <div className="product-filters__field">
          <label htmlFor="product-sort">Sort by</label>
          <select
            id="product-sort"
            name="ordering"
            value={sort}
            onChange={(event) => apply({ ordering: event.target.value as ProductListSort })}
          >
            {sorts.map((value) => (
              <option key={value} value={value}>
                {PRODUCT_LIST_SORTS[value]}
              </option>
            ))}
          </select>
        </div>
        <div className="product-filters__field">
          <label htmlFor="product-category">Category</label>
          <select
            id="product-category"
            name="category"
            value={draft.categorySlug}
            onChange={(event) => apply({ categorySlug: event.target.value })}
          >
            <option value="">All categories</option>
            {categories.map((category) => (
              <option key={category.slug} value={category.slug}>
                {counted(category.name, categoryCount.get(category.slug))}
              </option>
            ))}
            {draft.categorySlug && !categories.some((category) => category.slug === draft.categorySlug) && (
              <option value={draft.categorySlug}>{draft.categorySlug}</option>
            )}
          </select>
        </div>
        <div className="product-filters__field">
          <label htmlFor="product-min-price">Min price ($)</label>
          <input
            id="product-min-price"
            name="min_price"
            type="number"
            inputMode="decimal"
            min="0"
            step="0.01"
            value={draft.minPrice}
            onChange={(event) => setDraft({ ...draft, minPrice: event.target.value })}
          />
        </div>
        <div className="product-filters__field">
          <label htmlFor="product-max-price">Max price ($)</label>
          <input
            id="product-max-price"
            name="max_price"
            type="number"
            inputMode="decimal"
            min="0"
            step="0.01"
            value={draft.maxPrice}
            onChange={(event) => setDraft({ ...draft, maxPrice: event.target.value })}
          />
        </div>
        <label className="product-filters__check">
          <input
            type="checkbox"
            name="in_stock"
            value="true"
            checked={draft.inStock}
            onChange={(event) => apply({ inStock: event.target.checked })}
          />
          In stock only
        </label>
        <div className="product-filters__actions">
          <button type="submit" className="button button--primary">
            Apply
          </button>
          {filtered && (
            <Link
              to={productListHref({
                ...query,
                ordering: null,
                categorySlug: '',
                minPrice: '',
                maxPrice: '',
                inStock: false,
                options: [],
                page: 1,
              })}
              preventScrollReset
            >
              Clear filters
            </Link>
          )}
        </div>
        {facets && facets.price_bands.length > 0 && (
          <FacetGroup
            label="Price range"
            choices={facets.price_bands.map((band) => {
              const chosen = isPriceBand(query, band);
              return {
                name: `${format.price(band.min)}–${format.price(band.max)}`,
                count: band.count,
                chosen,
                to: productListHref({
                  ...query,
                  ...(chosen ? { minPrice: '', maxPrice: '' } : { minPrice: band.min, maxPrice: band.max }),
                  page: 1,
                }),
              };
            })}
          />
        )}
        {[...optionFacetGroups(facets)].map(([name, values]) => (
          <FacetGroup
            key={name}
            label={name}
            choices={values.map(({ value, count }) => {
              const chosen = query.options.includes(value);
              return {
                name: value,
                count,
                chosen,
                to: productListHref({
                  ...query,
                  options: chosen ? query.options.filter((option) => option !== value) : [...query.options, value],
                  page: 1,
                }),
              };
            })}
          />
        ))}
      </form>
    </>
  );
}

/**
 * How many filters narrow the list (the sort is none): the category, the price range, in stock only, each option
 * value.
 */
export function activeFilterCount(query: ProductListQuery): number {
  return (
    [query.categorySlug, query.minPrice || query.maxPrice, query.inStock].filter(Boolean).length + query.options.length
  );
}

/**
 * A facet's choices as links with their counts, under its name: choosing one lists what it counts; choosing the
 * chosen one (marked as current) again clears it.
 */
function FacetGroup({
  label,
  choices,
}: {
  label: string;
  /** Each choice's name is unique in its group. */
  choices: { name: string; count: number; chosen: boolean; to: string }[];
}) {
  return (
    <fieldset className="product-filters__bands">
      <legend className="product-filters__bands-label">{label}</legend>
      <ul>
        {choices.map(({ name, count, chosen, to }) => (
          <li key={name}>
            <Link to={to} className="product-filters__band" aria-current={chosen || undefined} preventScrollReset>
              {name} <span className="product-filters__band-count">({count})</span>
            </Link>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
