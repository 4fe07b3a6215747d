import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * False on the server and during hydration, true after: pages that depend on the browser session (cart, orders)
 * show their spinner until then instead of a guest view that flips once the session is read.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
