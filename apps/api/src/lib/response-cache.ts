// The cache of public answers that are the same for every visitor: server-rendered pages and public API reads.
// Kept per shop and address for a short time, served stale while one refresh runs, filled by one render at a time
// per key. An entry carries tags for what it shows (`product:12`, `account:7`): a change of one of them (a domain
// event) makes every entry tagged with it unusable, and a change of the shop's administration empties the shop at
// once (its generation is bumped: every key of an older generation is never read again). In process memory (bounded)
// by default, in Redis when configured, so that every instance shares entries, tags, generations and the single
// flight (the stores: response-cache-stores.ts).

import { createHmac, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { weakEtagOf } from './etag.ts';
import { type CacheLogger, type CacheStore, MemoryCacheStore, RedisCacheStore } from './response-cache-stores.ts';

/** One stored answer: its status, headers, body and the body compressed once for every later reader. */
export interface CachedAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  /** The body in brotli and gzip; absent when the body is too small to gain from it. */
  br?: Buffer;
  gzip?: Buffer;
  etag: string;
  /** When it stops being fresh, and when it may no longer be served even while a refresh runs (epoch ms). */
  freshUntil: number;
  staleUntil: number;
  /** What it shows: a change of any of these after `since` makes it unusable. */
  tags: string[];
  /** The store's change sequence read before its render began. */
  since: number;
}

/** What a cache lookup found: `hit` (fresh), `stale` (served while one refresh runs), `miss` (this request rendered),
 * `shared` (waited for another request's render of the same key), `bypass` (the cache could not be used). */
export type CacheState = 'hit' | 'stale' | 'miss' | 'shared' | 'bypass';

/** A render's outcome: the answer, whether it may be kept (a 200 that is the same for every visitor) and its tags. */
export interface Rendered {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  cacheable: boolean;
  tags?: readonly string[];
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const COMPRESS_ABOVE_BYTES = 1024;
/**
 * Brotli's quality for a kept answer, compressed once for every later reader. 10, not 9: on the shop's pages and
 * lists (28–88 kB) quality 9 took 45–87 ms and 10 took 10–30 ms for 7–10 % fewer bytes (`docs/benchmarks.md`); the
 * request that fills an entry waits for it. 11 saves 3 % more for two to three times the time.
 */
const KEPT_BROTLI_QUALITY = 10;

/** Encodes an entry as one buffer: a 4-byte length, the JSON of everything but the bodies, then the bodies. */
export function encodeAnswer(answer: CachedAnswer): Buffer {
  const { body, br, gzip: gz, ...meta } = answer;
  const head = Buffer.from(
    JSON.stringify({ ...meta, sizes: [body.length, br?.length ?? -1, gz?.length ?? -1] }),
    'utf8',
  );
  const length = Buffer.alloc(4);
  length.writeUInt32BE(head.length);
  return Buffer.concat([length, head, body, br ?? Buffer.alloc(0), gz ?? Buffer.alloc(0)]);
}

/**
 * Entries already decoded, by their buffer: the memory store hands out the same buffer for every hit of an entry, which
 * is then decoded once (a hit's JSON parse was a tenth of its CPU); Redis gives a new one each time, forgotten with it.
 * NOTE: a decoded answer is shared, as concurrent misses share their render's: nothing writes to one.
 */
const decodedAnswers = new WeakMap<Buffer, CachedAnswer>();

export function decodeAnswer(buffer: Buffer): CachedAnswer {
  let answer = decodedAnswers.get(buffer);
  if (!answer) {
    answer = decodeAnswerOnce(buffer);
    decodedAnswers.set(buffer, answer);
  }
  return answer;
}

function decodeAnswerOnce(buffer: Buffer): CachedAnswer {
  const headLength = buffer.readUInt32BE(0);
  const { sizes, ...meta } = JSON.parse(buffer.subarray(4, 4 + headLength).toString('utf8')) as Omit<
    CachedAnswer,
    'body' | 'br' | 'gzip'
  > & { sizes: [number, number, number] };
  let offset = 4 + headLength;
  const take = (size: number) => {
    if (size < 0) return undefined;
    const part = buffer.subarray(offset, offset + size);
    offset += size;
    return part;
  };
  const body = take(sizes[0]) ?? Buffer.alloc(0);
  const br = take(sizes[1]);
  const gz = take(sizes[2]);
  return { ...meta, body, ...(br ? { br } : {}), ...(gz ? { gzip: gz } : {}) };
}

export interface ResponseCacheOptions {
  store: CacheStore;
  /** How long an entry is served as it is. */
  freshMs: number;
  /** How long after that it may still be served while one refresh runs. */
  staleMs: number;
  log: CacheLogger;
  /** How long a request waits for another instance's render of the same key before rendering itself. */
  waitForOthersMs?: number;
}

/** What `begin` found: an answer to send, or the duty to render one and hand it to `finish`. */
export type CacheLookup =
  | { kind: 'answer'; answer: CachedAnswer | Rendered; state: 'hit' | 'stale' | 'shared' }
  | { kind: 'render'; state: 'miss' | 'bypass'; finish: (rendered: Rendered | null) => Promise<CachedAnswer | null> };

type Flight = Promise<CachedAnswer | Rendered | null>;

/** The cache could not be used: the caller renders, and nothing is kept. */
const BYPASS: CacheLookup = { kind: 'render', state: 'bypass', finish: async () => null };

/** The cache: `serve` answers from it or renders once; `invalidate` empties one shop's part at once. */
export class ResponseCache {
  private readonly inFlight = new Map<string, Flight>();
  private readonly refreshing = new Set<string>();
  private renders = 0;
  /** Namespaces whose emptying the store did not take (it was unreachable): emptied as soon as it answers again. */
  private readonly missedInvalidations = new Set<string>();

  constructor(private readonly options: ResponseCacheOptions) {
    options.store.onReconnect?.(() => void this.catchUp().catch(() => undefined));
  }

  /** How many answers this process rendered for the cache (misses and refreshes). */
  get renderCount(): number {
    return this.renders;
  }

  /** Empties the namespace (a shop): every entry stored before is never served again. */
  async invalidate(namespace: string): Promise<void> {
    try {
      await this.options.store.bump(namespace);
    } catch (error) {
      // NOTE: entries kept from before an outage of the store must not be served once it is back: the change is
      // remembered, and the namespace emptied before this process reads the store again (and as it reconnects).
      this.missedInvalidations.add(namespace);
      this.options.log.warn({ err: error, namespace }, 'response cache could not be emptied');
    }
  }

  /**
   * Makes every entry of the namespace tagged with one of `tags` unusable (a product's stock, a customer's name); the
   * namespace's other entries stay. A change the store did not take empties the whole namespace once it answers again.
   */
  async invalidateTags(namespace: string, tags: readonly string[]): Promise<void> {
    if (tags.length === 0) return;
    try {
      // NOTE: a tag's change must outlive every entry rendered before it: twice an entry's lifetime, and a minute for
      // a slow render. Forgotten sooner, an entry that shows the old state would be usable again.
      const { freshMs, staleMs } = this.options;
      await this.options.store.bumpTags(namespace, tags, 2 * (freshMs + staleMs) + 60_000);
    } catch (error) {
      this.missedInvalidations.add(namespace);
      this.options.log.warn({ err: error, namespace }, 'response cache could not be emptied');
    }
  }

  /** Empties the namespaces whose emptying failed; throws while the store still cannot be reached. */
  private async catchUp(): Promise<void> {
    for (const namespace of [...this.missedInvalidations]) {
      await this.options.store.bump(namespace);
      this.missedInvalidations.delete(namespace);
    }
  }

  /** Whether none of an entry's tags changed since its render began (one read of the store for all its tags). */
  private async isCurrent(namespace: string, answer: CachedAnswer): Promise<boolean> {
    // An entry stored without tags (by an older version of this code) is never current.
    if (!Array.isArray(answer.tags)) return false;
    if (answer.tags.length === 0) return true;
    const versions = await this.options.store.tagVersions(namespace, answer.tags);
    return versions.every((version) => version <= answer.since);
  }

  /**
   * The answer for `key` in `namespace`: fresh from the cache, stale while one refresh runs, or rendered once for
   * every concurrent request that missed it. A cache that cannot be reached renders without it. `render` is told
   * whether its answer may be kept: one that will not (the cache off or out of reach) need not make itself fit to be.
   */
  async serve(
    namespace: string,
    key: string,
    render: (keeping: boolean) => Promise<Rendered>,
  ): Promise<{ answer: CachedAnswer | Rendered; state: CacheState }> {
    const lookup = await this.begin(namespace, key, { allowStale: true });
    if (lookup.kind === 'answer') {
      if (lookup.state === 'stale') this.refreshInBackground(namespace, key, () => render(true));
      return { answer: lookup.answer, state: lookup.state };
    }
    return { answer: await renderInto(lookup.finish, () => render(lookup.state === 'miss')), state: lookup.state };
  }

  /**
   * Looks a key up. A miss makes the caller the key's one renderer (in this process, and with a shared store across
   * instances for a while): concurrent lookups of the key wait for its `finish` and share its answer.
   */
  async begin(namespace: string, key: string, options: { allowStale: boolean }): Promise<CacheLookup> {
    if (this.options.freshMs <= 0) return BYPASS;
    // An answer shared from a render that began before a change of its tags is not this request's: it looks again,
    // and then renders itself (the render it waited for is over).
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const lookup = await this.lookUp(namespace, key, options);
      if (lookup !== 'again') return lookup;
    }
    return BYPASS;
  }

  private async lookUp(
    namespace: string,
    key: string,
    options: { allowStale: boolean },
  ): Promise<CacheLookup | 'again'> {
    const { store } = this.options;
    let fullKey: string;
    let since: number;
    let found: CachedAnswer | null;
    try {
      if (this.missedInvalidations.size > 0) await this.catchUp();
      // Read before anything is rendered: a tag changed after this number makes the render's entry unusable.
      const state = await store.state(namespace);
      since = state.sequence;
      fullKey = `${namespace}:${state.generation}:${key}`;
      const stored = await store.get(fullKey);
      found = stored ? decodeAnswer(stored) : null;
      // NOTE: an entry whose tags changed is missed, never served stale: the change's write has answered.
      if (found && !(await this.isCurrent(namespace, found))) found = null;
    } catch {
      return BYPASS;
    }
    const now = Date.now();
    if (found && found.freshUntil > now) return { kind: 'answer', answer: found, state: 'hit' };
    if (found && options.allowStale && found.staleUntil > now) return { kind: 'answer', answer: found, state: 'stale' };
    const running = this.inFlight.get(fullKey);
    if (running) {
      const answer = await running;
      // A render that could not be shared (it failed) leaves this request to render on its own.
      if (!answer) return BYPASS;
      if ('since' in answer && !(await this.isCurrent(namespace, answer).catch(() => false))) return 'again';
      return { kind: 'answer', answer, state: 'shared' };
    }
    let settle: (answer: CachedAnswer | Rendered | null) => void = () => undefined;
    const flight: Flight = new Promise((resolve) => {
      settle = resolve;
    });
    this.inFlight.set(fullKey, flight);
    const locked = await this.lockOrWait(fullKey);
    if (locked === 'other') {
      // Another instance rendered it meanwhile.
      const stored = await store.get(fullKey).catch(() => null);
      const answer = stored ? decodeAnswer(stored) : null;
      if (answer && (await this.isCurrent(namespace, answer).catch(() => false))) {
        settle(answer);
        this.inFlight.delete(fullKey);
        return { kind: 'answer', answer, state: 'shared' };
      }
    }
    this.renders += 1;
    return {
      kind: 'render',
      state: 'miss',
      finish: async (rendered) => {
        try {
          if (!rendered) {
            settle(null);
            return null;
          }
          if (!rendered.cacheable) {
            settle(rendered);
            return null;
          }
          const answer = await toCachedAnswer(rendered, this.options.freshMs, this.options.staleMs, since);
          await store
            .set(fullKey, encodeAnswer(answer), this.options.freshMs + this.options.staleMs)
            .catch((error: unknown) =>
              this.options.log.warn({ err: error }, 'response cache could not store an answer'),
            );
          settle(answer);
          return answer;
        } finally {
          this.inFlight.delete(fullKey);
          if (locked === 'mine') await store.release(fullKey).catch(() => undefined);
        }
      },
    };
  }

  private refreshInBackground(namespace: string, key: string, render: () => Promise<Rendered>) {
    const id = `${namespace}\n${key}`;
    if (this.refreshing.has(id)) return;
    this.refreshing.add(id);
    void (async () => {
      const lookup = await this.begin(namespace, key, { allowStale: false });
      if (lookup.kind === 'render') await renderInto(lookup.finish, render);
    })()
      .catch((error: unknown) => this.options.log.warn({ err: error, key }, 'background render failed'))
      .finally(() => this.refreshing.delete(id));
  }

  /**
   * With a shared store: takes the key's render lock, or waits (a while) for the instance that holds it to store its
   * answer. `mine`: this process renders; `other`: another stored it (or gave up: look again); `none`: no lock.
   */
  private async lockOrWait(fullKey: string): Promise<'mine' | 'other' | 'none'> {
    const { store } = this.options;
    if (!store.shared) return 'none';
    const waitMs = this.options.waitForOthersMs ?? 5_000;
    try {
      if (await store.acquire(fullKey, Math.max(waitMs, 5_000))) return 'mine';
      const deadline = Date.now() + waitMs;
      while (Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        if (await store.get(fullKey)) return 'other';
      }
    } catch {
      // The store is down: render without it.
    }
    return 'none';
  }

  async close(): Promise<void> {
    await this.options.store.close();
  }
}

/** Runs a render for a lookup's `finish` (which releases the key's waiters, also when the render fails). */
async function renderInto(
  finish: (rendered: Rendered | null) => Promise<CachedAnswer | null>,
  render: () => Promise<Rendered>,
): Promise<CachedAnswer | Rendered> {
  let rendered: Rendered;
  try {
    rendered = await render();
  } catch (error) {
    await finish(null);
    throw error;
  }
  return (await finish(rendered)) ?? rendered;
}

/** The answer as stored: its ETag, its compressed bodies made once, its tags and the sequence its render began at. */
async function toCachedAnswer(
  rendered: Rendered,
  freshMs: number,
  staleMs: number,
  since: number,
): Promise<CachedAnswer> {
  const now = Date.now();
  const etag = weakEtagOf(rendered.body);
  const compressible = rendered.body.length >= COMPRESS_ABOVE_BYTES;
  const [br, gz] = compressible
    ? await Promise.all([
        brotli(rendered.body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: KEPT_BROTLI_QUALITY } }),
        gzip(rendered.body, { level: 9 }),
      ])
    : [undefined, undefined];
  return {
    status: rendered.status,
    headers: rendered.headers,
    body: rendered.body,
    ...(br ? { br } : {}),
    ...(gz ? { gzip: gz } : {}),
    etag,
    freshUntil: now + freshMs,
    staleUntil: now + freshMs + staleMs,
    tags: [...new Set(rendered.tags ?? [])],
    since,
  };
}

/**
 * The Vary of an answer kept or rendered once for every client, whose body differs by Accept-Encoding. Written in lower
 * case as @fastify/compress writes it: when it compresses an answer (one rendered without the cache) it adds its own
 * unless the value holds these exact words, which made `Accept-Encoding, accept-encoding`.
 */
export const VARY_ON_ENCODING = 'accept-encoding';

/** The body to send for a client's Accept-Encoding, and its Content-Encoding (none for identity). */
export function pickEncoding(
  answer: CachedAnswer | Rendered,
  acceptEncoding: string | undefined,
): { body: Buffer; encoding?: 'br' | 'gzip' } {
  const accepted = acceptedEncodings(acceptEncoding);
  if ('br' in answer && answer.br && accepted.has('br')) return { body: answer.br, encoding: 'br' };
  if ('gzip' in answer && answer.gzip && accepted.has('gzip')) return { body: answer.gzip, encoding: 'gzip' };
  return { body: answer.body };
}

/** Accept-Encoding headers already read: browsers send a few, each the same on every request. */
const encodingsByHeader = new Map<string, ReadonlySet<string>>();
const ENCODING_HEADERS_KEPT = 64;

/** The codings an Accept-Encoding header allows (a `q=0` refuses one). */
function acceptedEncodings(header = ''): ReadonlySet<string> {
  let accepted = encodingsByHeader.get(header);
  if (!accepted) {
    if (encodingsByHeader.size >= ENCODING_HEADERS_KEPT) encodingsByHeader.clear();
    accepted = readAcceptedEncodings(header);
    encodingsByHeader.set(header, accepted);
  }
  return accepted;
}

function readAcceptedEncodings(header: string): Set<string> {
  const accepted = new Set<string>();
  for (const part of header.split(',')) {
    const [name = '', ...parameters] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const quality = parameters.find((parameter) => parameter.startsWith('q='));
    if (name && !(quality && Number(quality.slice(2)) === 0)) accepted.add(name);
  }
  if (accepted.has('*')) for (const name of ['br', 'gzip']) accepted.add(name);
  return accepted;
}

/**
 * The cache key of an address: its path and, of its query, only the parameters its page or route reads (`known`), in
 * a stable order. Any other parameter (tracking ones such as `utm_*` and `fbclid`, or made-up ones) neither splits
 * the cache nor bypasses it. Values stay as given: to a route, an empty one may mean something else than none.
 * NOTE: the answer must then be made for this key's address too, else one visitor's parameter reaches the others.
 */
export function cacheKeyOf(pathAndQuery: string, known: readonly string[]): string {
  const url = new URL(pathAndQuery, 'http://key.invalid');
  const names = new Set(known);
  const parameters = [...url.searchParams.entries()]
    .filter(([name]) => names.has(name))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const query = new URLSearchParams(parameters).toString();
  return query ? `${url.pathname}?${query}` : url.pathname;
}

/**
 * The header in which a public API answer names what it shows: its cache tags, separated by spaces. Sent only to the
 * shop's own storefront server, which proves it with `CACHE_TAGS_KEY_HEADER`: the tags name internal ids (a
 * reviewer's or commenter's account, `account:7`) that the answers themselves never show.
 */
export const CACHE_TAGS_HEADER = 'x-cache-tags';

/** The request header with which the storefront server asks for an answer's cache tags: `cacheTagsKey` of the secret. */
export const CACHE_TAGS_KEY_HEADER = 'x-cache-tags-key';

/**
 * The key that asks the API for cache tags, derived from the token signing secret (JWT_SECRET) that every instance of
 * a deployment shares: a storefront served apart from its API knows it from the same setting.
 */
export function cacheTagsKey(secret: string): string {
  return createHmac('sha256', secret).update('cache tags of public answers').digest('base64url');
}

/** Whether a request's `CACHE_TAGS_KEY_HEADER` holds the key (compared in constant time). */
export function asksForCacheTags(given: string | string[] | undefined, key: string): boolean {
  if (typeof given !== 'string') return false;
  // Compared as bytes: a header of the key's length in characters may be longer in bytes (timingSafeEqual throws).
  const [asked, expected] = [Buffer.from(given), Buffer.from(key)];
  return asked.length === expected.length && timingSafeEqual(asked, expected);
}

/** A `fetch` to the API that asks for the cache tags of its answers with the key (the storefront server's). */
export function fetchWithCacheTagsKey(fetch: typeof globalThis.fetch, key: string): typeof globalThis.fetch {
  return (input, init) => {
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
    headers.set(CACHE_TAGS_KEY_HEADER, key);
    return fetch(input, { ...init, headers });
  };
}

/**
 * A `fetch` for one page render that gathers the cache tags of the API answers it receives: a page shows what they
 * show. `tags()` is null once an answer named none (a read that is not public, a failure): no change would reach a
 * page made of it, so it is not kept.
 */
export function cacheTagCollector(fetch: typeof globalThis.fetch): {
  fetch: typeof globalThis.fetch;
  tags: () => string[] | null;
} {
  const tags = new Set<string>();
  let complete = true;
  return {
    fetch: async (input, init) => {
      let response: Response;
      try {
        response = await fetch(input, init);
      } catch (error) {
        complete = false;
        throw error;
      }
      const named = response.headers.get(CACHE_TAGS_HEADER);
      if (named === null) complete = false;
      for (const tag of named?.split(' ') ?? []) if (tag) tags.add(tag);
      return response;
    },
    tags: () => (complete ? [...tags] : null),
  };
}

export interface ResponseCacheConfig {
  REDIS_URL?: string | undefined;
  RESPONSE_CACHE_FRESH_SECONDS: number;
  RESPONSE_CACHE_STALE_SECONDS: number;
  RESPONSE_CACHE_MAX_MB: number;
}

/** The configured cache: shared through Redis with REDIS_URL, else in this process's memory. */
export function createResponseCache(config: ResponseCacheConfig, log: CacheLogger): ResponseCache {
  const store = config.REDIS_URL
    ? new RedisCacheStore(config.REDIS_URL, log)
    : new MemoryCacheStore(config.RESPONSE_CACHE_MAX_MB * 1024 * 1024);
  return new ResponseCache({
    store,
    freshMs: config.RESPONSE_CACHE_FRESH_SECONDS * 1000,
    staleMs: config.RESPONSE_CACHE_STALE_SECONDS * 1000,
    log,
  });
}
