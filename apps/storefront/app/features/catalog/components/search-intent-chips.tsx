import type { SearchIntent } from '@platform/contracts';
import { Link } from 'react-router';
import { useFormat } from '../../site/site-settings.tsx';
import { type ProductListQuery, searchIntentChips } from '../product-list.ts';

/** What the search's words asked beyond products (a price, an order), each a chip the shopper can remove. */
export function SearchIntentChips({ query, intent }: { query: ProductListQuery; intent: SearchIntent | undefined }) {
  const format = useFormat();
  const chips = searchIntentChips(query, intent, format.price);
  if (chips.length === 0) return null;
  return (
    <ul className="search-intent" aria-label="Understood from your search">
      {chips.map((chip) => (
        <li key={chip.kind} className="search-intent__chip">
          <span className="search-intent__label">{chip.label}</span>
          <Link to={chip.href} className="search-intent__remove" aria-label={`Remove ${chip.label}`}>
            <span aria-hidden="true">×</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
