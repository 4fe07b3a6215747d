// Starts the shop in one process: the platform API under /api, media under /media, the storefront for the rest.
// With API_URL set, it serves the storefront only and reaches that API over HTTP.
import {
  cacheTagsKey,
  compression,
  createResponseCache,
  type DemoAccount,
  demoAccountsToShow,
  fetchWithCacheTagsKey,
  flushLog,
  listen,
  loadConfigOrExit,
  prepareApp,
  rejectMalformedHost,
  securityHeaders,
  serverLogging,
  trustProxyOption,
} from '@platform/api';
import Fastify, { type FastifyInstance } from 'fastify';
import { apiProxy } from './api-proxy.ts';
import { createShopOrigins } from './canonical-host.ts';
import { startBanner } from './start-banner.ts';
import { storefront } from './storefront.ts';

const config = loadConfigOrExit();
if (config.API_URL) {
  const app = Fastify({ ...serverLogging(config), trustProxy: trustProxyOption(config.TRUST_PROXY) });
  app.addHook('onRequest', rejectMalformedHost);
  await app.register(securityHeaders);
  await app.register(compression);
  const apiBaseUrl = `${config.API_URL.replace(/\/$/, '')}/api`;
  // The browser's calls to /api and /media go to the API through this server, on the shop's own origin.
  await app.register(apiProxy, { apiUrl: config.API_URL });
  // Pages are kept only where the API's changes reach them (through a shared Redis) and where the API tells what each
  // answer shows (its cache tags, to the holder of the deployment's shared JWT_SECRET).
  const keepsPages = Boolean(config.REDIS_URL && config.JWT_SECRET);
  if (config.REDIS_URL && !config.JWT_SECRET) {
    app.log.warn('pages are not kept: set JWT_SECRET to the API’s, with which the API tells what each answer shows');
  }
  const cache = keepsPages ? createResponseCache(config, app.log) : undefined;
  if (cache) app.addHook('onClose', () => cache.close());
  app.addHook('onClose', () => flushLog(app.log));
  const apiFetch = config.JWT_SECRET ? fetchWithCacheTagsKey(fetch, cacheTagsKey(config.JWT_SECRET)) : fetch;
  await app.register(storefront, { config, apiBaseUrl, apiFetch, ...(cache ? { cache } : {}) });
  await listen(app, config);
  await announce(app, apiBaseUrl, fetch);
} else {
  const app = await prepareApp(config);
  const apiBaseUrl = 'http://api.internal/api';
  const apiFetch = fetchWithCacheTagsKey(injectFetch(app), app.cacheTagsKey);
  await app.register(storefront, { config, apiBaseUrl, apiFetch, cache: app.deps.cache });
  await listen(app, config);
  await announce(app, apiBaseUrl, apiFetch, await demoAccountsToShow(app));
}

/** Says where the shop is: the shop's configured origin (the address its pages are served on), not the listen address. */
async function announce(
  app: FastifyInstance,
  apiBaseUrl: string,
  apiFetch: typeof fetch,
  accounts: DemoAccount[] = [],
) {
  const configured = await createShopOrigins({ apiBaseUrl, apiFetch })(config.STOREFRONT_TENANT_TOKEN);
  const origin = configured?.origin ?? new URL(config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).origin;
  app.log.info(startBanner(origin, accounts));
}

/** A `fetch` answered by the in-process API through `inject`: same client code, no socket. */
function injectFetch(app: Awaited<ReturnType<typeof prepareApp>>): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const response = await app.inject({
      method: request.method as 'GET',
      url: url.pathname + url.search,
      headers: Object.fromEntries(request.headers),
      ...(body ? { payload: body } : {}),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value === undefined) continue;
      for (const item of [value].flat()) headers.append(name, String(item));
    }
    const nullBody = [101, 204, 205, 304].includes(response.statusCode);
    return new Response(nullBody ? null : new Uint8Array(response.rawPayload), {
      status: response.statusCode,
      headers,
    });
  };
}
