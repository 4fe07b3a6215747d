// One address per shop. A page asked for on a host that is neither the shop's configured origin nor one of the shops'
// own hosts (an IP address, `127.0.0.1` for a shop configured as `localhost`, a forgotten alias) is sent to the same
// path on that origin: the browser's storage (the session, the checkout's draft) is per origin, and the card gateway
// always comes back to the configured one.
import { SiteSettings } from '@platform/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type HostShop, hostnameOf } from './tenant-by-host.ts';

export interface ShopOriginsOptions {
  /** Base URL of the platform API, ending in `/api`. */
  apiBaseUrl: string;
  apiFetch: typeof fetch;
  /** How long a shop's origin (or the failure to read it) is kept. */
  ttlMs?: number;
  now?: () => number;
  onLookupError?: (error: unknown, token: string) => void;
}

/** A shop's public origin and its host name (read once, not on every request). */
export interface ShopOrigin {
  origin: string;
  hostname: string;
}

/**
 * A shop's public origin, as the platform configures it (its public settings' `site_url`: its primary domain, else
 * `PUBLIC_URL`, else `http://localhost:PORT`), kept a minute per shop; null when it cannot be read.
 */
export function createShopOrigins(options: ShopOriginsOptions): (token: string) => Promise<ShopOrigin | null> {
  const ttlMs = options.ttlMs ?? 60_000;
  const now = options.now ?? Date.now;
  const baseUrl = options.apiBaseUrl.replace(/\/$/, '');
  const kept = new Map<string, { origin: ShopOrigin | null; expiresAt: number }>();

  async function lookUp(token: string): Promise<ShopOrigin | null> {
    try {
      const response = await options.apiFetch(`${baseUrl}/pages/settings/public/`, {
        headers: { Accept: 'application/json', 'X-Tenant-Token': token },
      });
      const text = await response.text();
      // An unknown shop, or one without settings: nothing to send a visitor to.
      if (response.status === 403 || response.status === 404) return null;
      if (!response.ok) throw new Error(`The shop's settings answered ${response.status}.`);
      // Only the address is read: a field the settings gain later never stops the look-up.
      const url = new URL(SiteSettings.pick({ site_url: true }).parse(JSON.parse(text)).site_url);
      return { origin: url.origin, hostname: url.hostname };
    } catch (error) {
      options.onLookupError?.(error, token);
      return null;
    }
  }

  return async (token) => {
    const known = kept.get(token);
    if (known && known.expiresAt > now()) return known.origin;
    // A failed look-up is kept too: pages are served where they are asked for meanwhile, never refused.
    const origin = await lookUp(token);
    kept.set(token, { origin, expiresAt: now() + ttlMs });
    return origin;
  };
}

export interface CanonicalHostOptions {
  shopOf: (host: string | undefined) => Promise<HostShop>;
  originOf: (token: string) => Promise<ShopOrigin | null>;
}

/**
 * An `onRequest` hook of the storefront's pages (never registered for /api, /media or the health checks): a GET or
 * HEAD on a host that is not its shop's own nor the shop's configured origin answers 301 to the same path and query
 * on that origin. Not kept by browsers (`no-store`), so a machine whose address changes is not stuck with it.
 */
export function canonicalHost(options: CanonicalHostOptions) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    // Origin-form only ("/path?query"); a path starting with "//" stays a path on the origin (never another host).
    if (!request.url.startsWith('/')) return;
    const hostname = hostnameOf(request.host);
    if (!hostname) return;
    const shop = await options.shopOf(request.host);
    if (shop.ownHost) return;
    const shopOrigin = await options.originOf(shop.token);
    if (!shopOrigin || shopOrigin.hostname === hostname) return;
    return reply
      .code(301)
      .header('location', `${shopOrigin.origin}${request.url}`)
      .header('cache-control', 'no-store')
      .send();
  };
}
