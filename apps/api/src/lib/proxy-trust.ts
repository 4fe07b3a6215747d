// Which proxies in front of a server may say, in `X-Forwarded-*`, who the client is (`TRUST_PROXY`).
import net from 'node:net';
import type { FastifyServerOptions } from 'fastify';

/**
 * No proxy (`false`: the client is the connection's peer), the nearest `n` proxies (the client is the address the
 * outermost of them saw), or the proxies at these addresses and CIDR ranges.
 */
export type ProxyTrust = false | number | string[];

/** `false`/`0`, a hop count, `true` (the nearest proxy only, as `1`), or addresses and CIDRs separated by commas. */
export function parseProxyTrust(text: string): ProxyTrust | null {
  const value = text.trim().toLowerCase();
  if (value === '' || value === 'false') return false;
  // NOTE: `true` once trusted every hop, so that any client could name itself in X-Forwarded-For; now one proxy.
  if (value === 'true') return 1;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return Number.isSafeInteger(hops) ? hops || false : null;
  }
  const entries = value.split(',').map((entry) => entry.trim());
  return entries.every(isAddressOrRange) ? entries : null;
}

function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * The `trustProxy` option of a Fastify server. A hop count becomes a function: Fastify itself trusts no proxy when
 * given a number.
 */
export function trustProxyOption(trust: ProxyTrust): FastifyServerOptions['trustProxy'] {
  if (trust === false) return false;
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
}
