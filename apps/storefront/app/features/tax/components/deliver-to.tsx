import { lazy, Suspense } from 'react';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { setDestination, useDestination } from '../destination.tsx';
import './deliver-to.css';

// The select and its list of countries load apart from the pages' first load, once the page is interactive.
const DeliverToPanel = lazy(async () => ({
  default: (await import('./deliver-to-panel.tsx')).DeliverToPanel,
}));

/**
 * Where the shopper delivers, beside a price: a labelled country select and what the prices hold there (the
 * destination's notice). Its room is kept from the server's render on, so loading it, reading the stored choice
 * after hydration, or choosing moves nothing on the page.
 */
export function DeliverTo({ notice }: { notice: string | null }) {
  const hydrated = useHydrated();
  const destination = useDestination();
  return (
    <div className="destination">
      {hydrated && (
        <Suspense fallback={null}>
          <DeliverToPanel destination={destination} notice={notice} onChoose={setDestination} />
        </Suspense>
      )}
    </div>
  );
}
