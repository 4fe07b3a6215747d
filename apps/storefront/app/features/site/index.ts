// The site feature's public surface: the shop's public settings and the formatting bound to its locale.
export { useFormat, useShopperFormat, useSiteSettings } from './site-settings.tsx';
