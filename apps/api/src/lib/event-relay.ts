// Events some handler must see on every instance (it empties what that instance keeps in memory) cross between
// instances through Redis pub/sub, on one channel per Redis database: each instance sends them there after its own
// handlers ran, and hands what the others sent to its handlers that asked for every instance
// (`on(…, { everyInstance: true })`).
import { randomUUID } from 'node:crypto';
import type { DomainEvent } from './domain-events.ts';
import { failFastRedis, type RedisLogger } from './redis.ts';

/** Carries events to the other instances and back. */
export interface EventRelay {
  /** Sends a committed event to the other instances (never waits, never throws: a lost one only ages out). */
  send(event: DomainEvent): void;
  close(): Promise<void>;
}

/**
 * The channel of the Redis database the URL names (`redis://host:6379/3` → `platform:events:3`; none named: 0).
 * Redis's pub/sub is one for the whole server, whatever the database: two deployments sharing a server on two
 * databases (or two test runs) each keep their keys apart by the database, and so their events by the channel.
 */
export function eventChannel(url: string): string {
  const database = Number.parseInt(new URL(url).pathname.slice(1), 10);
  return `platform:events:${Number.isNaN(database) ? 0 : database}`;
}

interface RelayLogger extends RedisLogger {
  error(object: object, message: string): void;
}

/**
 * The Redis relay: one client publishes, one listens (a listening client can do nothing else). While Redis is away,
 * sends fail at once and are logged (the receivers' copies then age out on their own time); the listener
 * subscribes again when the link comes back. `ready` resolves once it listens (or after `timeoutMs`).
 */
export function redisEventRelay(
  url: string,
  log: RelayLogger,
  deliver: (event: DomainEvent) => void,
): EventRelay & { ready(timeoutMs?: number): Promise<boolean> } {
  const instance = randomUUID();
  const channel = eventChannel(url);
  const unavailable = 'event relay (Redis) unavailable: other instances learn of changes when their copies expire';
  const publisher = failFastRedis(url, log, unavailable);
  const listener = failFastRedis(url, log, unavailable);
  let listening = false;
  const subscribed = new Set<() => void>();
  listener.on('ready', () => {
    listener
      .subscribe(channel)
      .then(() => {
        listening = true;
        for (const resolve of subscribed) resolve();
        subscribed.clear();
      })
      .catch((error: unknown) => log.warn({ err: error }, unavailable));
  });
  listener.on('message', (heardOn: string, message: string) => {
    if (heardOn !== channel) return;
    try {
      const parsed = JSON.parse(message) as { from: string; event: DomainEvent };
      if (parsed.from !== instance) deliver(parsed.event);
    } catch (error) {
      log.error({ err: error }, 'event relay: a message that is not an event');
    }
  });
  return {
    send(event) {
      publisher
        .publish(channel, JSON.stringify({ from: instance, event }))
        .catch((error: unknown) => log.warn({ err: error, event: event.name }, unavailable));
    },
    ready(timeoutMs = 2_000) {
      if (listening) return Promise.resolve(true);
      return new Promise((resolve) => {
        const done = () => {
          clearTimeout(timer);
          resolve(true);
        };
        const timer = setTimeout(() => {
          subscribed.delete(done);
          resolve(false);
        }, timeoutMs);
        subscribed.add(done);
      });
    },
    async close() {
      // At once, even while Redis is away: what was sent went out when it was sent.
      listener.disconnect();
      publisher.disconnect();
    },
  };
}
