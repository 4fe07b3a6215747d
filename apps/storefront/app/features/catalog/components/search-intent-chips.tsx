import type { ProductFacets, SearchIntent } from '@platform/contracts';
import { Link } from 'react-router';
import { useFormat } from '../../site/index.ts';
import { type ProductListQuery, productListHref, searchIntentChips } from '../product-list.ts';

/**
 * What narrows the list beyond its search's products, each a chip the shopper can remove: what the search's words
 * asked (a price, an order), and each option value chosen (named with its type when the facets give it).
 */
export function SearchIntentChips({
  query,
  intent,
  facets,
}: {
  query: ProductListQuery;
  intent: SearchIntent | undefined;
  facets?: ProductFacets | null | undefined;
}) {
  const format = useFormat();
  const chips = searchIntentChips(query, intent, format.price);
  const typeOf = new Map(facets?.options?.map((option) => [option.value, option.name]));
  const options = query.options.map((value) => {
    const type = typeOf.get(value);
    return {
      key: value,
      label: type ? `${type}: ${value}` : value,
      href: productListHref({ ...query, options: query.options.filter((option) => option !== value), page: 1 }),
    };
  });
  return (
    <>
      {chips.length > 0 && (
        <ChipList label="Understood from your search" chips={chips.map((c) => ({ ...c, key: c.kind }))} />
      )}
      {options.length > 0 && <ChipList label="Chosen options" chips={options} />}
    </>
  );
}

function ChipList({ label, chips }: { label: string; chips: { key: string; label: string; href: string }[] }) {
  return (
    <ul className="search-intent" aria-label={label}>
      {chips.map((chip) => (
        <li key={chip.key} className="search-intent__chip">
          <span className="search-intent__label">{chip.label}</span>
          <Link to={chip.href} className="search-intent__remove" aria-label={`Remove ${chip.label}`} preventScrollReset>
            <span aria-hidden="true">×</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
