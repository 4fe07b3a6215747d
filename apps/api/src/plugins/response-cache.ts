// Public API reads (catalog, content, settings) answered from the response cache: the same for every visitor of a
// shop, kept per shop and the address of the query parameters they read, tagged with what they show, and made
// unusable at once by the domain events of every write that changes it.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { accountTag, productTag, STOCK_TAG } from '../lib/cache-tags.ts';
import type { EventBus } from '../lib/context.ts';
import { ifNoneMatchHolds } from '../lib/etag.ts';
import {
  asksForCacheTags,
  CACHE_TAGS_HEADER,
  CACHE_TAGS_KEY_HEADER,
  type CachedAnswer,
  cacheKeyOf,
  pickEncoding,
  type Rendered,
  type ResponseCache,
  VARY_ON_ENCODING,
} from '../lib/response-cache.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The answer is the same for every visitor of the shop (no user data): it may be served from the cache. */
    publicCache?: boolean;
    /** The query parameters a `publicCache` route reads: the names of its querystring schema unless given. */
    cacheQuery?: readonly string[];
    /** Whether this request's answer may be kept (a `publicCache` route's queries that could be endless are not). */
    cacheable?: (request: FastifyRequest) => boolean;
  }
  interface FastifyRequest {
    cacheFill?: { finish: (rendered: Rendered | null) => Promise<CachedAnswer | null> };
  }
  interface FastifyInstance {
    /** What the shop's storefront server sends in `x-cache-tags-key` to get the cache tags of public answers. */
    cacheTagsKey: string;
  }
}

/**
 * Entities whose administration writes never change a public page or answer. Payment settings are not among them:
 * every page's test-mode banner follows the card gateway.
 */
const PRIVATE_ENTITIES = new Set(['order', 'customer', 'staff', 'contact_message', 'media']);

/**
 * Empties a shop's cached pages and answers when something they show changes: all of them for an administration
 * write, a review or a comment; those tagged with the products for a change of stock (and the lists that depend on
 * stock); those tagged with the account for a display name. Awaited: the write's answer goes out after it, so the
 * next read sees the change.
 */
export function invalidateOnChanges(
  events: EventBus,
  cache: ResponseCache,
  findTenantToken: (tenantId: number) => Promise<string | null>,
): void {
  const tokens = new Map<number, string>();
  const tokenOf = async (tenantId: number) => {
    const known = tokens.get(tenantId);
    if (known) return known;
    const token = await findTenantToken(tenantId);
    if (token) tokens.set(tenantId, token);
    return token;
  };
  const invalidate = async (tenantId: number) => {
    const token = await tokenOf(tenantId);
    if (token) await cache.invalidate(token);
  };
  const invalidateTags = async (tenantId: number, tags: string[]) => {
    const token = await tokenOf(tenantId);
    if (token) await cache.invalidateTags(token, tags);
  };
  events.on(
    'shop.changed',
    ({ tenantId, entity }) => (PRIVATE_ENTITIES.has(entity) ? undefined : invalidate(tenantId)),
    {
      awaited: true,
    },
  );
  events.on(
    'stock.changed',
    ({ tenantId, productIds }) => invalidateTags(tenantId, [...productIds.map(productTag), STOCK_TAG]),
    { awaited: true },
  );
  // Reviews, comments and posts show their author's display name.
  events.on('account.display_name_changed', ({ tenantId, userId }) => invalidateTags(tenantId, [accountTag(userId)]), {
    awaited: true,
  });
}

/** Headers of an API answer that belong to what is cached (the rest is made per answer). */
const KEPT_HEADERS = ['content-type', 'link', 'content-language'];

/**
 * Serves the routes marked `publicCache` from the cache. Registered on the root before compression and ETags, so that
 * it stores the answer as serialized and sends stored answers already compressed.
 */
export const publicAnswerCache = fp(
  async (app: FastifyInstance, options: { cache: ResponseCache; tagsKey: string }) => {
    const { cache, tagsKey } = options;
    app.decorate('cacheTagsKey', tagsKey);
    const sendsTags = (request: FastifyRequest) => asksForCacheTags(request.headers[CACHE_TAGS_KEY_HEADER], tagsKey);
    // NOTE: before validation, so that the handler reads (and links to) exactly the address its answer is kept under.
    const keepAddress = async (request: FastifyRequest) => {
      const known = request.routeOptions.config.cacheQuery;
      if (!known || request.method !== 'GET') return;
      const address = cacheKeyOf(request.url, known);
      if (address === request.url) return;
      request.raw.url = address;
      // The parsed query keeps what the hooks before this one made of it (a search's NUL read as a space).
      const names = new Set(known);
      const query = (request.query ?? {}) as Record<string, unknown>;
      request.query = Object.fromEntries(Object.entries(query).filter(([name]) => names.has(name)));
    };
    const answerFromCache = async (request: FastifyRequest, reply: FastifyReply) => {
      if (request.method !== 'GET' || !request.ctx?.tenant) return;
      request.ctx.cacheTags = new Set();
      // A signed-in request may see more (its own review, say): it is answered fresh.
      if (request.headers.authorization) return;
      if (request.routeOptions.config.cacheable?.(request) === false) return;
      const lookup = await cache.begin(request.ctx.tenant.token, `api:${request.url}`, { allowStale: false });
      if (lookup.kind === 'answer') return sendCached(request, reply, lookup.answer, lookup.state, sendsTags(request));
      // This request renders: its handler runs, and its answer (onSend) fills the key for the others.
      reply.header('x-cache', lookup.state);
      request.cacheFill = { finish: lookup.finish };
    };
    // The request hooks on the cached routes only: the others (writes, signed-in reads, the health check) pass none.
    app.addHook('onRoute', (route) => {
      if (!route.config?.publicCache) return;
      if (!route.config.cacheQuery) {
        route.config = { ...route.config, cacheQuery: queryNamesOf(route.schema?.querystring, route.url) };
      }
      route.preValidation = [...hooksOf(route.preValidation), keepAddress];
      route.preHandler = [...hooksOf(route.preHandler), answerFromCache];
    });
    // On the root (every answer passes it, with a callback and no promise for the others), before compression and
    // ETags: the answer is stored as serialized.
    app.addHook('onSend', (request, reply, payload, done) => {
      if (!request.routeOptions.config.publicCache) return done(null, payload);
      const tags = request.ctx?.cacheTags;
      // What the answer shows, for the pages made of it (the storefront's render gathers them). A 404 says what is
      // not there, as lasting as what is: only a failure leaves a page without the tags it needs to be kept.
      const answered = reply.statusCode === 200 || reply.statusCode === 404;
      if (tags && answered && !reply.hasHeader(CACHE_TAGS_HEADER) && sendsTags(request)) {
        reply.header(CACHE_TAGS_HEADER, [...tags].join(' '));
      }
      const fill = request.cacheFill;
      if (!fill) return done(null, payload);
      request.cacheFill = undefined;
      const body = typeof payload === 'string' ? Buffer.from(payload) : Buffer.isBuffer(payload) ? payload : null;
      fill
        .finish(
          reply.statusCode === 200 && body !== null
            ? { status: 200, headers: keptHeaders(reply), body, cacheable: true, tags: [...(tags ?? [])] }
            : null,
        )
        .then((stored) => {
          // The same validator as the stored answer's, so that a 304 holds whichever way the next answer comes.
          if (stored) reply.header('etag', stored.etag);
          done(null, payload);
        }, done);
    });
    // An answer that never reached onSend (an error thrown before it) releases its waiters.
    app.addHook('onResponse', (request, _reply, done) => {
      const fill = request.cacheFill;
      if (!fill) return done();
      request.cacheFill = undefined;
      fill.finish(null).then(() => done(), done);
    });
  },
  { name: 'public-answer-cache' },
);

/** A route's own hooks of one kind, as a list. */
function hooksOf<T>(hooks: T | T[] | undefined): T[] {
  return hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];
}

/** The parameter names of a route's querystring schema (a zod object); none without a schema. */
function queryNamesOf(schema: unknown, url: string): string[] {
  if (schema === undefined) return [];
  const shape = (schema as { shape?: unknown }).shape;
  if (shape !== null && typeof shape === 'object') return Object.keys(shape);
  throw new Error(`${url}: a publicCache route names its query parameters (config.cacheQuery) or has a zod object`);
}

function keptHeaders(reply: FastifyReply): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const value = reply.getHeader(name);
    if (value !== undefined) kept[name] = String(value);
  }
  return kept;
}

function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: CachedAnswer | Rendered,
  state: string,
  withTags: boolean,
): FastifyReply {
  reply.code(answer.status).headers(answer.headers).header('x-cache', state).header('vary', VARY_ON_ENCODING);
  if ('etag' in answer) {
    if (withTags) reply.header(CACHE_TAGS_HEADER, answer.tags.join(' '));
    reply.header('etag', answer.etag);
    if (ifNoneMatchHolds(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  }
  const { body, encoding } = pickEncoding(answer, request.headers['accept-encoding']);
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(body);
}
