// Where the response cache keeps its entries, generations, tag changes and render locks: this process's memory
// (bounded, least recently used first), or Redis, shared by every instance. `ResponseCache` (response-cache.ts)
// holds the serving rules; a store only keeps and answers.
import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import { failFastRedis } from './redis.ts';

export interface CacheLogger {
  warn(object: object, message: string): void;
}

/** Where entries, generations and tag changes live. */
export interface CacheStore {
  /** Shared by several processes (their renders must not run twice either). */
  readonly shared: boolean;
  /** The namespace's generation, and the change sequence (which every tag change raises), in one read. */
  state(namespace: string): Promise<{ generation: number; sequence: number }>;
  bump(namespace: string): Promise<void>;
  /** Marks tags changed: each gets the next change sequence number, kept for `ttlMs` (longer than any entry). */
  bumpTags(namespace: string, tags: readonly string[], ttlMs: number): Promise<void>;
  /** The sequence number of each tag's last change (0 when it has not changed while entries could hold it). */
  tagVersions(namespace: string, tags: readonly string[]): Promise<number[]>;
  get(key: string): Promise<Buffer | null>;
  set(key: string, value: Buffer, ttlMs: number): Promise<void>;
  /** Takes the right to render a key for a while; false while another process holds it. */
  acquire(key: string, ttlMs: number): Promise<boolean>;
  release(key: string): Promise<void>;
  close(): Promise<void>;
  /** Calls `listener` each time the store answers again after it could not be reached (shared stores). */
  onReconnect?(listener: () => void): void;
}

/** How many tag changes the memory store remembers at once (far more than change within an entry's lifetime). */
const MEMORY_TAG_LIMIT = 200_000;

/** Entries in this process's memory, at most `maxBytes` of them (least recently used go first). */
export class MemoryCacheStore implements CacheStore {
  readonly shared = false;
  private readonly generations = new Map<string, number>();
  private readonly entries: LRUCache<string, Buffer>;
  private readonly tagChanges: LRUCache<string, number>;
  private sequence = 0;
  /** A tag change forgotten for lack of room counts as made at this sequence number (older entries are unusable). */
  private forgottenAt = 0;

  constructor(maxBytes: number) {
    this.entries = new LRUCache<string, Buffer>({ maxSize: maxBytes, sizeCalculation: (value) => value.length || 1 });
    this.tagChanges = new LRUCache<string, number>({
      max: MEMORY_TAG_LIMIT,
      dispose: (_value, _key, reason) => {
        if (reason === 'evict') this.forgottenAt = this.sequence;
      },
    });
  }

  async state(namespace: string) {
    return { generation: this.generations.get(namespace) ?? 0, sequence: this.sequence };
  }
  async bump(namespace: string) {
    this.generations.set(namespace, (this.generations.get(namespace) ?? 0) + 1);
  }
  async bumpTags(namespace: string, tags: readonly string[], ttlMs: number) {
    this.sequence += 1;
    for (const tag of tags) this.tagChanges.set(`${namespace}\n${tag}`, this.sequence, { ttl: ttlMs });
  }
  async tagVersions(namespace: string, tags: readonly string[]) {
    return tags.map((tag) => this.tagChanges.get(`${namespace}\n${tag}`) ?? this.forgottenAt);
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
const SEQUENCE_KEY = `${REDIS_PREFIX}sequence`;

/** Raises the change sequence and gives every tag key (KEYS[2..]) the new number, for ARGV[1] ms, at once. */
const BUMP_TAGS_SCRIPT = `
local sequence = redis.call('INCR', KEYS[1])
for i = 2, #KEYS do redis.call('SET', KEYS[i], sequence, 'PX', ARGV[1]) end
return sequence`;

/**
 * Entries, generations and render locks in Redis, shared by every instance. A Redis that does not answer makes
 * every call fail at once (no offline queue), so that the caller renders without the cache instead of waiting.
 */
export class RedisCacheStore implements CacheStore {
  readonly shared = true;
  private readonly redis: Redis;

  constructor(url: string, log: CacheLogger) {
    this.redis = failFastRedis(url, log, 'response cache (Redis) unavailable: pages are rendered without it');
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

  async state(namespace: string) {
    const [generation, sequence] = await this.redis.mget(`${REDIS_PREFIX}gen:${namespace}`, SEQUENCE_KEY);
    return { generation: Number(generation ?? 0), sequence: Number(sequence ?? 0) };
  }
  async bump(namespace: string) {
    await this.redis.incr(`${REDIS_PREFIX}gen:${namespace}`);
  }
  async bumpTags(namespace: string, tags: readonly string[], ttlMs: number) {
    // One script: a tag never gets a number lower than one it had (two changes racing), nor is read half-changed.
    const keys = tags.map((tag) => this.tagKey(namespace, tag));
    await this.redis.eval(BUMP_TAGS_SCRIPT, keys.length + 1, SEQUENCE_KEY, ...keys, String(Math.round(ttlMs)));
  }
  async tagVersions(namespace: string, tags: readonly string[]) {
    if (tags.length === 0) return [];
    const versions = await this.redis.mget(tags.map((tag) => this.tagKey(namespace, tag)));
    return versions.map((version) => Number(version ?? 0));
  }
  private tagKey(namespace: string, tag: string) {
    return `${REDIS_PREFIX}tag:${namespace}:${tag}`;
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
