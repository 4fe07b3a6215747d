import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { Config, ResponseCache } from '@platform/api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from 'react-router';
import type { StorefrontLoadContext } from '../app/lib/load-context.ts';
import { findAdminDistDir, registerAdminApp } from './admin.ts';
import { canonicalHost, createShopOrigins } from './canonical-host.ts';
import { isCacheablePage, sendPage, serveKeptPage } from './page-cache.ts';
import { registerSeoFiles } from './seo.ts';
import { createHostResolver, tenantsByHost } from './tenant-by-host.ts';

interface StorefrontOptions {
  config: Config;
  apiBaseUrl: string;
  apiFetch: typeof fetch;
  /** Folder of the React Router build (client/ and server/); defaults to ../build next to this file's bundle. */
  buildDir?: string;
  /** Folder of the shop administration's build (apps/admin/dist); defaults to ADMIN_DIST_DIR, else the repository's. */
  adminDistDir?: string;
  /** Where public pages are kept; only given when the API's changes reach it (same process, or a shared Redis). */
  cache?: ResponseCache;
}

function findBuildDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (const candidate of [path.resolve(here, '../build'), path.resolve(here, 'build')]) {
    if (fs.existsSync(path.join(candidate, 'server/index.js'))) return candidate;
  }
  throw new Error('The storefront is not built: run `npm run build`.');
}

/** Serves the built client assets and renders every other GET on the server with React Router. */
export async function storefront(app: FastifyInstance, options: StorefrontOptions) {
  const buildDir = options.buildDir ?? findBuildDir();
  const build = (await import(path.join(buildDir, 'server/index.js'))) as ServerBuild;
  const handle = createRequestHandler(build, 'production');
  const createLoadContext = loadContextMaker(build);
  const shopOf = createHostResolver({
    byHost: tenantsByHost(options.config.STOREFRONT_TENANTS_BY_HOST),
    defaultToken: options.config.STOREFRONT_TENANT_TOKEN,
    apiBaseUrl: options.apiBaseUrl,
    apiFetch: options.apiFetch,
    onLookupError: (error, hostname) =>
      app.log.warn({ err: error, hostname }, 'The shop of a host could not be looked up'),
  });
  const tenantOf = async (host: string | undefined) => (await shopOf(host)).token;
  const originOf = createShopOrigins({
    apiBaseUrl: options.apiBaseUrl,
    apiFetch: options.apiFetch,
    onLookupError: (error, token) => app.log.warn({ err: error, token }, "The shop's origin could not be read"),
  });

  // First, for everything this plugin serves (pages, assets, the admin app, robots.txt): one address per shop.
  app.addHook('onRequest', canonicalHost({ shopOf, originOf }));

  await app.register(fastifyStatic, {
    root: path.join(buildDir, 'client'),
    prefix: '/',
    wildcard: false,
    index: false,
    // Sent as compressed at build time when the client accepts it.
    preCompressed: true,
    setHeaders: (reply, filePath) => {
      // Hashed assets never change; other public files may.
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    },
  });

  const render = async (request: FastifyRequest, reply: FastifyReply) => {
    const tenantToken = await tenantOf(request.host);
    const url = pageUrl(request);
    // The CSP nonce of this request's render, made when it renders: a page from the cache has its scripts' hashes.
    let nonce: string | undefined;
    const nonceOf = () => {
      nonce ??= randomBytes(16).toString('base64');
      return nonce;
    };
    const renderPage = (method: string, address: URL, apiFetch: typeof fetch, signal?: AbortSignal) => {
      const context = createLoadContext({
        tenantToken,
        apiBaseUrl: options.apiBaseUrl,
        apiFetch,
        mediaHost: options.config.MEDIA_HOST,
        publicApiBaseUrl: '/api',
        nonce: nonceOf(),
      });
      const webRequest = new Request(address, {
        method,
        headers: toHeaders(request.headers),
        ...(signal ? { signal } : {}),
        ...(method === 'GET' || method === 'HEAD'
          ? {}
          : { body: JSON.stringify(request.body ?? null), duplex: 'half' }),
      } as RequestInit);
      return handle(webRequest, context);
    };
    const { cache } = options;
    if (cache && (request.method === 'GET' || request.method === 'HEAD') && isCacheablePage(url.pathname)) {
      // Rendered as a GET (a HEAD fills the cache too), whole, once for every concurrent request of the address.
      const { answer, state } = await serveKeptPage({
        cache,
        tenantToken,
        url,
        nonce: nonceOf,
        apiFetch: options.apiFetch,
        render: (address, apiFetch) => renderPage('GET', address, apiFetch),
      });
      return sendPage(request, reply, answer, state);
    }
    // A page for this request only stops rendering when its visitor goes (a kept one is rendered for everyone).
    const controller = new AbortController();
    reply.raw.once('close', () => controller.abort());
    const response = await renderPage(request.method, url, options.apiFetch, controller.signal);
    reply.status(response.status).header('cache-control', 'private, no-cache');
    for (const [name, value] of response.headers) {
      if (name === 'set-cookie') continue;
      reply.header(name, value);
    }
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) reply.header('set-cookie', cookies);
    if (!response.body) return reply.send();
    return reply.send(Readable.fromWeb(response.body as never));
  };

  // What search engines read first: robots.txt and the sitemaps of the request's shop.
  await registerSeoFiles(app, { apiBaseUrl: options.apiBaseUrl, apiFetch: options.apiFetch, tenantOf });

  // The shop administration under /admin: a separate app; nothing of it reaches the storefront's pages.
  await registerAdminApp(app, { distDir: options.adminDistDir ?? findAdminDistDir(), tenantOf });

  app.route({ method: ['GET', 'HEAD'], url: '/*', config: { document: true }, handler: render });
}

/**
 * The build's own maker of a request's router context (exported by app/entry.server.tsx): the loaders find their
 * values by the identity of the build's context key, which a copy of that module bundled here would not share.
 */
function loadContextMaker(build: ServerBuild): (values: StorefrontLoadContext) => RouterContextProvider {
  const { createLoadContext } = build.entry.module as { createLoadContext?: unknown };
  if (typeof createLoadContext !== 'function') {
    throw new Error('The storefront build exports no createLoadContext: rebuild it with `npm run build`.');
  }
  return createLoadContext as (values: StorefrontLoadContext) => RouterContextProvider;
}

/** The page's address; a Host header that is not a host name gives a neutral origin instead of a failure. */
function pageUrl(request: FastifyRequest): URL {
  try {
    return new URL(request.url, `${request.protocol}://${request.host}`);
  } catch {
    return new URL(request.url, `${request.protocol}://localhost`);
  }
}

function toHeaders(raw: FastifyRequest['headers']): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    for (const item of [value].flat()) headers.append(name, item);
  }
  return headers;
}
