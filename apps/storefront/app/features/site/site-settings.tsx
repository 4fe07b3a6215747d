import type { SiteSettings } from '@platform/contracts';
import { createContext, type ReactNode, useContext } from 'react';
import { DEFAULT_FORMAT, type FormatSettings, type Formatter, formatter } from '../../lib/format.ts';
import { MediaHostProvider } from '../../lib/media-url.tsx';
import { useHydrated } from '../../lib/use-hydrated.ts';

const SiteContext = createContext<SiteSettings | null>(null);

/** Gives the settings and the media host fixed in the page (root loader data) to every component. */
export function SiteSettingsProvider({
  settings,
  mediaHost,
  children,
}: {
  settings: SiteSettings | null;
  mediaHost: string;
  children: ReactNode;
}) {
  return (
    <SiteContext.Provider value={settings}>
      <MediaHostProvider mediaHost={mediaHost}>{children}</MediaHostProvider>
    </SiteContext.Provider>
  );
}

/** The shop's public settings; `null` when the shop has none. */
export function useSiteSettings(): SiteSettings | null {
  return useContext(SiteContext);
}

/**
 * The formatting module bound to the shop's locale and time zone: every date and price of a page goes through it, so
 * that the server's render and the browser's hydration print the same text.
 */
export function useFormat(): Formatter {
  return formatter(useShopFormat());
}

function useShopFormat(): FormatSettings {
  const settings = useSiteSettings();
  return settings ? { locale: settings.locale, timeZone: settings.time_zone } : DEFAULT_FORMAT;
}

/** The time zone the shopper's browser is set to; null where none is known. */
function browserTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

/**
 * The formatting module bound to the shop's locale and the shopper's own time zone (their browser's): for the moments
 * of the customer's own pages (their orders: when placed, each status, until when to pay), which are never rendered
 * on the server. On the server and while hydrating it is the shop's zone, like `useFormat`.
 */
export function useShopperFormat(): Formatter {
  const shop = useShopFormat();
  const zone = useHydrated() ? browserTimeZone() : null;
  return formatter(zone ? { locale: shop.locale, timeZone: zone } : shop);
}
