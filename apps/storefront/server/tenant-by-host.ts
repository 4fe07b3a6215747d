// Which shop a request is for, from its host name: the configured map first, then the platform's answer for the host
// (kept for a while), else the default shop.
import { ShopByHost } from '@platform/contracts';

/** Parses STOREFRONT_TENANTS_BY_HOST ("shop.example.com=token,other.example=token2"). */
export function tenantsByHost(spec: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const pair of spec.split(',')) {
    const [host, token] = pair.split('=').map((part) => part.trim());
    if (host && token) map.set(host.toLowerCase(), token);
  }
  return map;
}

// A host name (letters, digits, dots, hyphens) or a bracketed IPv6 address, then an optional port.
const HOST_HEADER = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::\d{1,5})?$/i;
const MAX_HOSTNAME_LENGTH = 253;

/** The host name of a Host header: lowercased, without its port or a final dot; null when it is not one. */
export function hostnameOf(host: string | undefined): string | null {
  const match = host ? HOST_HEADER.exec(host) : null;
  const hostname = match?.[1]?.toLowerCase().replace(/\.$/, '');
  return hostname && hostname.length <= MAX_HOSTNAME_LENGTH ? hostname : null;
}

export interface TenantResolverOptions {
  /** Host names with a fixed shop (STOREFRONT_TENANTS_BY_HOST): never looked up. */
  byHost: ReadonlyMap<string, string>;
  /** The shop of every other host (STOREFRONT_TENANT_TOKEN). */
  defaultToken: string;
  /** Base URL of the platform API, ending in `/api`. */
  apiBaseUrl: string;
  apiFetch: typeof fetch;
  /** How long the platform's answer for a host (a shop, or none) is kept. */
  ttlMs?: number;
  /** How many hosts' answers are kept at most; the oldest goes first. */
  maxHosts?: number;
  now?: () => number;
  /** A lookup that failed (no answer, or an unexpected one): the request gets the default shop, nothing is kept. */
  onLookupError?: (error: unknown, hostname: string) => void;
}

const DEFAULT_TTL_MS = 60_000;
const DEFAULT_MAX_HOSTS = 1_000;

/** The shop of a request's host, and whether the host is that shop's own (mapped, or one of its domains). */
export interface HostShop {
  token: string;
  ownHost: boolean;
}

/** The shop token for a request's Host header (see `createHostResolver`). */
export function createTenantResolver(options: TenantResolverOptions): (host: string | undefined) => Promise<string> {
  const resolve = createHostResolver(options);
  return async (host) => (await resolve(host)).token;
}

/**
 * The shop of a request's Host header. A host that is neither in the map nor known to the platform
 * (`GET /platform/shops/by-host/`, which answers 404 for it), or that is malformed, gets the default shop, as a host
 * that is not its own.
 */
export function createHostResolver(options: TenantResolverOptions): (host: string | undefined) => Promise<HostShop> {
  const ttlMs = options.ttlMs ?? DEFAULT_TTL_MS;
  const maxHosts = options.maxHosts ?? DEFAULT_MAX_HOSTS;
  const now = options.now ?? Date.now;
  const baseUrl = options.apiBaseUrl.replace(/\/$/, '');
  const answers = new Map<string, { token: string | null; expiresAt: number }>();
  // One lookup per host at a time: requests that arrive meanwhile wait for it.
  const lookups = new Map<string, Promise<string | null>>();

  function remember(hostname: string, token: string | null): void {
    answers.delete(hostname);
    if (answers.size >= maxHosts) {
      const oldest = answers.keys().next().value;
      if (oldest !== undefined) answers.delete(oldest);
    }
    answers.set(hostname, { token, expiresAt: now() + ttlMs });
  }

  async function lookUp(hostname: string): Promise<string | null> {
    try {
      // The platform's own call: no shop header.
      const response = await options.apiFetch(
        `${baseUrl}/platform/shops/by-host/?host=${encodeURIComponent(hostname)}`,
        { headers: { Accept: 'application/json' } },
      );
      const text = await response.text();
      if (response.status === 404) {
        remember(hostname, null);
        return null;
      }
      if (!response.ok) throw new Error(`The shop lookup answered ${response.status}.`);
      const token = ShopByHost.parse(JSON.parse(text)).token || null;
      remember(hostname, token);
      return token;
    } catch (error) {
      options.onLookupError?.(error, hostname);
      return null;
    }
  }

  const found = (token: string | null | undefined): HostShop =>
    token ? { token, ownHost: true } : { token: options.defaultToken, ownHost: false };

  return async (host) => {
    const hostname = hostnameOf(host);
    if (!hostname) return found(null);
    const fixed = options.byHost.get(hostname);
    if (fixed) return found(fixed);
    const known = answers.get(hostname);
    if (known && known.expiresAt > now()) return found(known.token);
    let lookup = lookups.get(hostname);
    if (!lookup) {
      lookup = lookUp(hostname).finally(() => lookups.delete(hostname));
      lookups.set(hostname, lookup);
    }
    return found(await lookup);
  };
}
