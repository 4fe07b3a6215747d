// The cache of public answers that are the same for every visitor: server-rendered pages and public API reads.
// Kept per shop and address for a short time, served stale while one refresh runs, filled by one render at a time
// per key, and emptied for a shop at once when something its pages show changes (a domain event bumps the shop's
// generation: every key of an older generation is never read again). In process memory (bounded) by default, in
// Redis when configured, so that every instance shares entries, generations and the single flight.
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';

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
}

/** What a cache lookup found: `hit` (fresh), `stale` (served while one refresh runs), `miss` (this request rendered),
 * `shared` (waited for another request's render of the same key), `bypass` (the cache could not be used). */
export type CacheState = 'hit' | 'stale' | 'miss' | 'shared' | 'bypass';

/** A render's outcome: the answer, and whether it may be kept (a 200 that is the same for every visitor). */
export interface Rendered {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  cacheable: boolean;
}

interface Logger {
  warn(object: object, message: string): void;
}

/** Where entries and generations live. */
export interface CacheStore {
  /** Shared by several processes (their renders must not run twice either). */
  readonly shared: boolean;
  generation(namespace: string): Promise<number>;
  bump(namespace: string): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  set(key: string, value: Buffer, ttlMs: number): Promise<void>;
  /** Takes the right to render a key for a while; false while another process holds it. */
  acquire(key: string, ttlMs: number): Promise<boolean>;
  release(key: string): Promise<void>;
  close(): Promise<void>;
  /** Calls `listener` each time the store answers again after it could not be reached (shared stores). */
  onReconnect?(listener: () => void): void;
}

/** Entries in this process's memory, at most `maxBytes` of them (least recently used go first). */
export class MemoryCacheStore implements CacheStore {
  readonly shared = false;
  private readonly generations = new Map<string, number>();
  private readonly entries: LRUCache<string, Buffer>;

  constructor(maxBytes: number) {
    this.entries = new LRUCache<string, Buffer>({ maxSize: maxBytes, sizeCalculation: (value) => value.length || 1 });
  }

  async generation(namespace: string) {
    return this.generations.get(namespace) ?? 0;
  }
  async bump(namespace: string) {
    this.generations.set(namespace, (this.generations.get(namespace) ?? 0) + 1);
  }
  async get(key: string) {
    return this.entries.get(key) ?? null;
  }
  async set(key: string, value: Buffer, ttlMs: number) {
    this.entries.set(key, value, { ttl: ttlMs });
  }
  async acquire() {
    return true;
  }
  async release() {}
  async close() {}
}

const REDIS_PREFIX = 'platform-cache:';

/**
 * Entries, generations and render locks in Redis, shared by every instance. A Redis that does not answer makes
 * every call fail at once (no offline queue), so that the caller renders without the cache instead of waiting.
 */
export class RedisCacheStore implements CacheStore {
  readonly shared = true;
  private readonly redis: Redis;

  constructor(url: string, log: Logger) {
    this.redis = new Redis(url, {
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
      connectTimeout: 2_000,
      commandTimeout: 1_000,
      enableAutoPipelining: true,
      lazyConnect: false,
    });
    let reported = 0;
    this.redis.on('error', (error) => {
      // One line a minute while it is down is enough.
      if (Date.now() - reported < 60_000) return;
      reported = Date.now();
      log.warn({ err: error }, 'response cache (Redis) unavailable: pages are rendered without it');
    });
  }

  /** Resolves once connected (or after `timeoutMs`): until then every call fails and pages render without it. */
  async connected(timeoutMs = 2_000): Promise<boolean> {
    if (this.redis.status === 'ready') return true;
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      this.redis.once('ready', () => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }

  async generation(namespace: string) {
    return Number((await this.redis.get(`${REDIS_PREFIX}gen:${namespace}`)) ?? 0);
  }
  async bump(namespace: string) {
    await this.redis.incr(`${REDIS_PREFIX}gen:${namespace}`);
  }
  async get(key: string) {
    return this.redis.getBuffer(`${REDIS_PREFIX}${key}`);
  }
  async set(key: string, value: Buffer, ttlMs: number) {
    await this.redis.set(`${REDIS_PREFIX}${key}`, value, 'PX', Math.max(1, Math.round(ttlMs)));
  }
  async acquire(key: string, ttlMs: number) {
    return (await this.redis.set(`${REDIS_PREFIX}lock:${key}`, '1', 'PX', Math.round(ttlMs), 'NX')) === 'OK';
  }
  async release(key: string) {
    await this.redis.del(`${REDIS_PREFIX}lock:${key}`);
  }
  async close() {
    await this.redis.quit().catch(() => undefined);
  }
  onReconnect(listener: () => void) {
    let lost = false;
    this.redis.on('close', () => {
      lost = true;
    });
    this.redis.on('ready', () => {
      if (lost) listener();
      lost = false;
    });
  }
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const COMPRESS_ABOVE_BYTES = 1024;

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

export function decodeAnswer(buffer: Buffer): CachedAnswer {
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
  log: Logger;
  /** How long a request waits for another instance's render of the same key before rendering itself. */
  waitForOthersMs?: number;
}

/** What `begin` found: an answer to send, or the duty to render one and hand it to `finish`. */
export type CacheLookup =
  | { kind: 'answer'; answer: CachedAnswer | Rendered; state: 'hit' | 'stale' | 'shared' }
  | { kind: 'render'; state: 'miss' | 'bypass'; finish: (rendered: Rendered | null) => Promise<CachedAnswer | null> };

type Flight = Promise<CachedAnswer | Rendered | null>;

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

  /** Empties the namespaces whose emptying failed; throws while the store still cannot be reached. */
  private async catchUp(): Promise<void> {
    for (const namespace of [...this.missedInvalidations]) {
      await this.options.store.bump(namespace);
      this.missedInvalidations.delete(namespace);
    }
  }

  /**
   * The answer for `key` in `namespace`: fresh from the cache, stale while one refresh runs, or rendered once for
   * every concurrent request that missed it. A cache that cannot be reached renders without it.
   */
  async serve(
    namespace: string,
    key: string,
    render: () => Promise<Rendered>,
  ): Promise<{ answer: CachedAnswer | Rendered; state: CacheState }> {
    const lookup = await this.begin(namespace, key, { allowStale: true });
    if (lookup.kind === 'answer') {
      if (lookup.state === 'stale') this.refreshInBackground(namespace, key, render);
      return { answer: lookup.answer, state: lookup.state };
    }
    return { answer: await renderInto(lookup.finish, render), state: lookup.state };
  }

  /**
   * Looks a key up. A miss makes the caller the key's one renderer (in this process, and with a shared store across
   * instances for a while): concurrent lookups of the key wait for its `finish` and share its answer.
   */
  async begin(namespace: string, key: string, options: { allowStale: boolean }): Promise<CacheLookup> {
    const bypass: CacheLookup = { kind: 'render', state: 'bypass', finish: async () => null };
    const { store } = this.options;
    if (this.options.freshMs <= 0) return bypass;
    let fullKey: string;
    let found: CachedAnswer | null;
    try {
      if (this.missedInvalidations.size > 0) await this.catchUp();
      fullKey = `${namespace}:${await store.generation(namespace)}:${key}`;
      const stored = await store.get(fullKey);
      found = stored ? decodeAnswer(stored) : null;
    } catch {
      return bypass;
    }
    const now = Date.now();
    if (found && found.freshUntil > now) return { kind: 'answer', answer: found, state: 'hit' };
    if (found && options.allowStale && found.staleUntil > now) return { kind: 'answer', answer: found, state: 'stale' };
    const running = this.inFlight.get(fullKey);
    if (running) {
      const answer = await running;
      // A render that could not be shared (it failed) leaves this request to render on its own.
      return answer ? { kind: 'answer', answer, state: 'shared' } : bypass;
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
      if (stored) {
        const answer = decodeAnswer(stored);
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
          const answer = await toCachedAnswer(rendered, this.options.freshMs, this.options.staleMs);
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

/** The answer as stored: its ETag and its compressed bodies made once. */
async function toCachedAnswer(rendered: Rendered, freshMs: number, staleMs: number): Promise<CachedAnswer> {
  const now = Date.now();
  const etag = `W/"${createHash('sha1').update(rendered.body).digest('base64url')}"`;
  const compressible = rendered.body.length >= COMPRESS_ABOVE_BYTES;
  const [br, gz] = compressible
    ? await Promise.all([
        brotli(rendered.body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } }),
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
  };
}

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

/** The codings an Accept-Encoding header allows (a `q=0` refuses one). */
function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...parameters] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const quality = parameters.find((parameter) => parameter.startsWith('q='));
    if (name && !(quality && Number(quality.slice(2)) === 0)) accepted.add(name);
  }
  if (accepted.has('*')) for (const name of ['br', 'gzip']) accepted.add(name);
  return accepted;
}

/** Query parameters that only say where a visitor came from: they never change a page, so they never split a key. */
const TRACKING_PARAMETER = /^(utm_[a-z]+|fbclid|gclid|gbraid|wbraid|msclkid|mc_cid|mc_eid|igshid|_ga|yclid|ref)$/i;

/** The cache key of an address: its path and its meaningful query parameters in a stable order. */
export function cacheKeyOf(pathAndQuery: string): string {
  const url = new URL(pathAndQuery, 'http://key.invalid');
  const parameters = [...url.searchParams.entries()]
    .filter(([name]) => !TRACKING_PARAMETER.test(name))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const query = new URLSearchParams(parameters).toString();
  return query ? `${url.pathname}?${query}` : url.pathname;
}

export interface ResponseCacheConfig {
  REDIS_URL?: string | undefined;
  RESPONSE_CACHE_FRESH_SECONDS: number;
  RESPONSE_CACHE_STALE_SECONDS: number;
  RESPONSE_CACHE_MAX_MB: number;
}

/** The configured cache: shared through Redis with REDIS_URL, else in this process's memory. */
export function createResponseCache(config: ResponseCacheConfig, log: Logger): ResponseCache {
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
