import { describe, expect, it } from 'vitest';
import { createTenantResolver, hostnameOf, tenantsByHost } from './tenant-by-host.ts';

interface Lookup {
  url: URL;
  headers: Headers;
}

/** A platform that knows `known.example` (token-known) and answers 404 for other hosts, unless told otherwise. */
function fakePlatform(answer: (host: string) => Response | Promise<Response> = defaultAnswer) {
  const lookups: Lookup[] = [];
  const apiFetch: typeof fetch = async (input, init) => {
    const url = new URL(String(input));
    lookups.push({ url, headers: new Headers(init?.headers) });
    return answer(url.searchParams.get('host') ?? '');
  };
  return { apiFetch, lookups };
}

function defaultAnswer(host: string): Response {
  return host === 'known.example'
    ? Response.json({ token: 'token-known' })
    : Response.json({ detail: 'No shop runs on this host.', code: 'shop_not_found' }, { status: 404 });
}

function resolverWith(platform: ReturnType<typeof fakePlatform>, extra: { maxHosts?: number } = {}) {
  let clock = 1_000_000;
  const failures: string[] = [];
  const resolve = createTenantResolver({
    byHost: tenantsByHost('Shop.Example.com=token-mapped, other.example = token-other'),
    defaultToken: 'token-default',
    apiBaseUrl: 'http://api.internal/api/',
    apiFetch: platform.apiFetch,
    now: () => clock,
    onLookupError: (_error, hostname) => failures.push(hostname),
    ...extra,
  });
  return { resolve, failures, advance: (ms: number) => (clock += ms) };
}

describe('hostnameOf', () => {
  it('keeps the host name only: lowercased, without the port or a final dot', () => {
    expect(hostnameOf('Known.Example:8080')).toBe('known.example');
    expect(hostnameOf('known.example.')).toBe('known.example');
    expect(hostnameOf('[::1]:3000')).toBe('[::1]');
    expect(hostnameOf('127.0.0.1')).toBe('127.0.0.1');
  });

  it('refuses what is not a host name', () => {
    for (const host of [undefined, '', 'bad host', 'known.example/path', 'user@known.example', 'a:b:c', 'é.example']) {
      expect(hostnameOf(host)).toBeNull();
    }
    expect(hostnameOf(`${'a'.repeat(254)}`)).toBeNull();
  });
});

describe('createTenantResolver', () => {
  it('takes the configured map first, without asking the platform', async () => {
    const platform = fakePlatform();
    const { resolve } = resolverWith(platform);
    await expect(resolve('shop.example.com:443')).resolves.toBe('token-mapped');
    await expect(resolve('OTHER.example')).resolves.toBe('token-other');
    expect(platform.lookups).toEqual([]);
  });

  it('asks the platform for any other host, by its name only and without a shop header, and keeps the answer 60 s', async () => {
    const platform = fakePlatform();
    const { resolve, advance } = resolverWith(platform);
    await expect(resolve('Known.Example:8080')).resolves.toBe('token-known');
    const [lookup] = platform.lookups;
    expect(`${lookup?.url.origin}${lookup?.url.pathname}`).toBe('http://api.internal/api/platform/shops/by-host/');
    expect(lookup?.url.searchParams.get('host')).toBe('known.example');
    expect(lookup?.headers.has('X-Tenant-Token')).toBe(false);

    advance(59_000);
    await expect(resolve('known.example')).resolves.toBe('token-known');
    expect(platform.lookups).toHaveLength(1);
    advance(1_000);
    await expect(resolve('known.example')).resolves.toBe('token-known');
    expect(platform.lookups).toHaveLength(2);
  });

  it('gives the default shop to a host the platform does not know, and keeps that answer too', async () => {
    const platform = fakePlatform();
    const { resolve, advance } = resolverWith(platform);
    await expect(resolve('unknown.example')).resolves.toBe('token-default');
    await expect(resolve('unknown.example')).resolves.toBe('token-default');
    expect(platform.lookups).toHaveLength(1);
    advance(60_000);
    await resolve('unknown.example');
    expect(platform.lookups).toHaveLength(2);
  });

  it('gives the default shop to a malformed host, without asking', async () => {
    const platform = fakePlatform();
    const { resolve } = resolverWith(platform);
    for (const host of [undefined, '', 'bad host', '../../etc', 'known.example/x']) {
      await expect(resolve(host)).resolves.toBe('token-default');
    }
    expect(platform.lookups).toEqual([]);
  });

  it('asks once for requests that arrive together', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const platform = fakePlatform(async (host) => {
      await held;
      return defaultAnswer(host);
    });
    const { resolve } = resolverWith(platform);
    const answers = Promise.all([resolve('known.example'), resolve('known.example:80'), resolve('KNOWN.example')]);
    release();
    await expect(answers).resolves.toEqual(['token-known', 'token-known', 'token-known']);
    expect(platform.lookups).toHaveLength(1);
  });

  it('falls back to the default shop when the lookup fails, and asks again next time', async () => {
    const answers = [
      () => Promise.reject(new TypeError('fetch failed')),
      () => Response.json({ detail: 'A server error occurred.' }, { status: 500 }),
      () => Response.json({ shop: 'not the contract' }),
      () => new Response('<html>', { status: 200 }),
    ];
    const platform = fakePlatform(() => (answers.shift() ?? (() => defaultAnswer('known.example')))());
    const { resolve, failures } = resolverWith(platform);
    for (let attempt = 0; attempt < 4; attempt += 1) {
      await expect(resolve('known.example')).resolves.toBe('token-default');
    }
    expect(failures).toEqual(['known.example', 'known.example', 'known.example', 'known.example']);
    await expect(resolve('known.example')).resolves.toBe('token-known');
    expect(platform.lookups).toHaveLength(5);
  });

  it('keeps the answers of a bounded number of hosts, forgetting the oldest first', async () => {
    const platform = fakePlatform();
    const { resolve } = resolverWith(platform, { maxHosts: 2 });
    await resolve('a.example');
    await resolve('b.example');
    await resolve('c.example');
    expect(platform.lookups).toHaveLength(3);
    await resolve('c.example');
    await resolve('b.example');
    expect(platform.lookups).toHaveLength(3);
    await resolve('a.example');
    expect(platform.lookups).toHaveLength(4);
  });
});

describe('tenantsByHost', () => {
  it('reads "host=token" pairs, host names lowercased, and skips incomplete ones', () => {
    expect(tenantsByHost(' Shop.Example=t1 ,broken, =t2,other=t3')).toEqual(
      new Map([
        ['shop.example', 't1'],
        ['other', 't3'],
      ]),
    );
    expect(tenantsByHost('')).toEqual(new Map());
  });
});
