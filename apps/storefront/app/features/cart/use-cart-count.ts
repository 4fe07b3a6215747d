import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useIsSignedIn } from '../session/index.ts';
import { useDestination } from '../tax/index.ts';
import { cartQueryOptions } from './api/cart.ts';

/**
 * Number of items in the cart (its `total_items`), for the header badge: the cart's query as `useCart` asks for it
 * (the same answers), without the changes, which every page's first load would otherwise carry.
 */
export function useCartCount(): number {
  const signedIn = useIsSignedIn();
  const query = useQuery({
    ...cartQueryOptions(useDestination()),
    enabled: signedIn,
    placeholderData: keepPreviousData,
  });
  return (signedIn && query.data?.total_items) || 0;
}
