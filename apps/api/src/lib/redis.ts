// A Redis client for what the app can do without (the response cache, the rate limits): it fails at once while
// Redis is away instead of holding the request, and says so in the log.
import { Redis } from 'ioredis';

export interface RedisLogger {
  warn(object: object, message: string): void;
}

/**
 * A client that never queues nor retries a command (a command fails at once while disconnected) and gives up on one
 * after a second. The first failed connection or lost link is logged as a warning with `unavailable` (then at most
 * one line a minute while Redis stays away); the client reconnects on its own.
 */
export function failFastRedis(url: string, log: RedisLogger, unavailable: string): Redis {
  const redis = new Redis(url, {
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    connectTimeout: 2_000,
    commandTimeout: 1_000,
    enableAutoPipelining: true,
  });
  let reported = 0;
  const report = (error: unknown) => {
    if (Date.now() - reported < 60_000) return;
    reported = Date.now();
    log.warn({ err: error }, unavailable);
  };
  redis.on('error', report);
  // A link cut without an error (the server closed it) shows only as a reconnection, never after `quit()`.
  redis.on('reconnecting', () => report(new Error(`connection to Redis lost (${redis.status})`)));
  return redis;
}
