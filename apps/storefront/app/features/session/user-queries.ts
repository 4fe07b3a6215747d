import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useIsSignedIn } from './session.ts';

/**
 * First part of the key of every query that belongs to the signed-in customer (cart, orders): one prefix, so that
 * signing out forgets them all and the next customer on this browser never sees them.
 */
export const USER_QUERY_SCOPE = 'user';

/** Forgets the customer's cached data when the session ends (logout, failed refresh, another tab logging out). */
export function useForgetUserQueriesOnSignOut(): void {
  const signedIn = useIsSignedIn();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!signedIn) queryClient.removeQueries({ queryKey: [USER_QUERY_SCOPE] });
  }, [signedIn, queryClient]);
}
