import type { SiteSettings } from '@platform/contracts';
import { createContext, type ReactNode, useContext } from 'react';
import { DEFAULT_FORMAT, type Formatter, formatter } from '../../lib/format.ts';

interface SiteContextValue {
  settings: SiteSettings | null;
  mediaHost: string;
}

const SiteContext = createContext<SiteContextValue>({ settings: null, mediaHost: '' });

/** Gives the settings fixed in the page (root loader data) to every component. */
export function SiteSettingsProvider({ children, ...value }: SiteContextValue & { children: ReactNode }) {
  return <SiteContext.Provider value={value}>{children}</SiteContext.Provider>;
}

/** The shop's public settings; `null` when the shop has none. */
export function useSiteSettings(): SiteSettings | null {
  return useContext(SiteContext).settings;
}

/**
 * The formatting module bound to the shop's locale and time zone: every date and price of a page goes through it, so
 * that the server's render and the browser's hydration print the same text.
 */
export function useFormat(): Formatter {
  const settings = useSiteSettings();
  return formatter(settings ? { locale: settings.locale, timeZone: settings.time_zone } : DEFAULT_FORMAT);
}

/** Turns a media path of the API (`/media/...`) into the address the browser loads. */
export function useMediaUrl(): (path: string) => string {
  const { mediaHost } = useContext(SiteContext);
  return (path) => mediaUrl(mediaHost, path);
}

export function mediaUrl(mediaHost: string, path: string): string {
  return /^https?:\/\//.test(path) ? path : `${mediaHost}${path}`;
}
