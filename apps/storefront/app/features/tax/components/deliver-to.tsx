import { type SplitPart, splitComponent } from '../../../lib/split-component.tsx';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { useSiteSettings } from '../../site/index.ts';
import { CURRENCY_KEY, setDestination, useDestination, useShownPrices } from '../destination.tsx';
import type { ClosedDestination } from './deliver-to-panel.tsx';

// NOTE: its styles come with the pages that show it (the product page, the cart's summary import deliver-to.css), never
// with this module: a stylesheet imported both by a page and by a module it loads apart is linked twice (React Router
// marks the page's link so that React keeps it apart; Vite's loader then adds its own), and the second link, added as
// the page's scripts start, makes the browser restyle the whole page.

const NONE_CLOSED: readonly ClosedDestination[] = [];

// The selects and their lists load apart from the pages' first load, once the page is interactive (or when a view
// that shows them whole waits for them: `DELIVER_TO_PANEL`).
const DeliverToPanel = splitComponent(async () => (await import('./deliver-to-panel.tsx')).DeliverToPanel, {
  eager: false,
});
export const DELIVER_TO_PANEL: SplitPart = DeliverToPanel;

/** Keeps the currency the shopper chose (its code) and tells every part of the page (the browser tells other tabs). */
function setCurrency(code: string): void {
  window.localStorage.setItem(CURRENCY_KEY, code);
  window.dispatchEvent(new StorageEvent('storage', { key: CURRENCY_KEY }));
}

/**
 * Where the shopper delivers, beside a price: a labelled country select, the currency prices are written in when the
 * shop shows prices in others than its own (decision 028), and what the prices hold there (the destination's notice).
 * Its room is kept from the server's render on (a row more for the currency, as the shop's settings say, the same for
 * every visitor), so loading it, reading the stored choice after hydration, or choosing moves nothing on the page.
 */
export function DeliverTo({
  notice,
  closed = NONE_CLOSED,
}: {
  notice?: string | null | undefined;
  /** The destinations closed to the product shown (issue 48): the panel says the shop's words for the one chosen. */
  closed?: readonly ClosedDestination[];
}) {
  const hydrated = useHydrated();
  const destination = useDestination();
  const currencies = useSiteSettings()?.currencies ?? [];
  const { currency } = useShownPrices();
  return (
    <div className={currencies.length > 0 ? 'destination destination--currencies' : 'destination'}>
      {hydrated && (
        <DeliverToPanel
          destination={destination}
          notice={notice ?? null}
          closed={closed}
          onChoose={setDestination}
          currencies={currencies}
          currency={currency?.code ?? null}
          onCurrency={setCurrency}
        />
      )}
    </div>
  );
}
