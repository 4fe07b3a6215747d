import { lazy, Suspense, useId } from 'react';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { useDestination } from '../destination.ts';
import './deliver-to.css';

const CountrySelect = lazy(async () => ({ default: (await import('./country-select.tsx')).CountrySelect }));

/**
 * Where the shopper delivers, beside a price: a labelled country select and what the prices hold there (the
 * destination's notice). Its room is kept from the server's render on, so choosing, or reading the stored choice
 * after hydration, moves nothing on the page.
 */
export function DeliverTo({ notice }: { notice: string | null }) {
  const id = useId();
  const hydrated = useHydrated();
  const destination = useDestination();
  return (
    <div className="destination">
      <div className="destination__choice">
        <label htmlFor={id}>Deliver to</label>
        {hydrated && (
          <Suspense fallback={null}>
            <CountrySelect id={id} destination={destination} />
          </Suspense>
        )}
      </div>
      <p className="destination__notice" aria-live="polite">
        {notice}
      </p>
    </div>
  );
}
