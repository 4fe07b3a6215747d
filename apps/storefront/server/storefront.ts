import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { Config } from '@platform/api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, type ServerBuild } from 'react-router';
import type { StorefrontLoadContext } from '../app/lib/load-context.ts';

export interface StorefrontOptions {
  config: Config;
  apiBaseUrl: string;
  apiFetch: typeof fetch;
  /** Folder of the React Router build (client/ and server/); defaults to ../build next to this file's bundle. */
  buildDir?: string;
}

function findBuildDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (const candidate of [path.resolve(here, '../build'), path.resolve(here, 'build')]) {
    if (fs.existsSync(path.join(candidate, 'server/index.js'))) return candidate;
  }
  throw new Error('The storefront is not built: run `npm run build`.');
}

/** Parses STOREFRONT_TENANTS_BY_HOST ("shop.example.com=token,other.example=token2"). */
export function tenantsByHost(spec: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const pair of spec.split(',')) {
    const [host, token] = pair.split('=').map((part) => part.trim());
    if (host && token) map.set(host.toLowerCase(), token);
  }
  return map;
}

/** Serves the built client assets and renders every other GET on the server with React Router. */
export async function storefront(app: FastifyInstance, options: StorefrontOptions) {
  const buildDir = options.buildDir ?? findBuildDir();
  const build = (await import(path.join(buildDir, 'server/index.js'))) as ServerBuild;
  const handle = createRequestHandler(build, 'production');
  const hosts = tenantsByHost(options.config.STOREFRONT_TENANTS_BY_HOST);

  await app.register(fastifyStatic, {
    root: path.join(buildDir, 'client'),
    prefix: '/',
    wildcard: false,
    index: false,
    setHeaders: (reply, filePath) => {
      // Hashed assets never change; other public files may.
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    },
  });

  const render = async (request: FastifyRequest, reply: FastifyReply) => {
    const host = (request.hostname ?? '').split(':')[0]?.toLowerCase() ?? '';
    const context = {
      tenantToken: hosts.get(host) ?? options.config.STOREFRONT_TENANT_TOKEN,
      apiBaseUrl: options.apiBaseUrl,
      apiFetch: options.apiFetch,
      mediaHost: options.config.MEDIA_HOST,
      publicApiBaseUrl: '/api',
    } satisfies StorefrontLoadContext;
    const url = new URL(request.url, `${request.protocol}://${request.host}`);
    const controller = new AbortController();
    reply.raw.once('close', () => controller.abort());
    const webRequest = new Request(url, {
      method: request.method,
      headers: toHeaders(request.headers),
      signal: controller.signal,
      ...(request.method === 'GET' || request.method === 'HEAD'
        ? {}
        : { body: JSON.stringify(request.body ?? null), duplex: 'half' }),
    } as RequestInit);
    const response = await handle(webRequest, context);
    reply.status(response.status);
    for (const [name, value] of response.headers) {
      if (name === 'set-cookie') continue;
      reply.header(name, value);
    }
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) reply.header('set-cookie', cookies);
    if (!response.body) return reply.send();
    return reply.send(Readable.fromWeb(response.body as never));
  };

  app.route({ method: ['GET', 'HEAD'], url: '/*', handler: render });
}

function toHeaders(raw: FastifyRequest['headers']): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    for (const item of [value].flat()) headers.append(name, item);
  }
  return headers;
}
