// The event relay between instances: an event one sends reaches the others on its Redis database, and never an
// instance on another database of the same server (Redis's pub/sub is one for the whole server).
import { afterAll, describe, expect, it } from 'vitest';
import { testRedisUrl } from '../../test/redis.ts';
import type { DomainEvent } from './domain-events.ts';
import { eventChannel, redisEventRelay } from './event-relay.ts';

const quiet = { warn: () => undefined, error: () => undefined };
const relays: { close(): Promise<void> }[] = [];
afterAll(async () => {
  for (const relay of relays) await relay.close();
});

/** A relay on `url` and what it heard. */
async function relayOn(url: string) {
  const heard: DomainEvent[] = [];
  const relay = redisEventRelay(url, quiet, (event) => heard.push(event));
  relays.push(relay);
  expect(await relay.ready(5_000)).toBe(true);
  return { relay, heard };
}

function onDatabase(url: string, database: number): string {
  const other = new URL(url);
  other.pathname = `/${database}`;
  return other.toString();
}

describe('the event relay', () => {
  it('names its channel after the Redis database', () => {
    expect(eventChannel('redis://127.0.0.1:6379/3')).toBe('platform:events:3');
    expect(eventChannel('redis://127.0.0.1:6379')).toBe('platform:events:0');
    expect(eventChannel('rediss://user:secret@cache.example:6380/12')).toBe('platform:events:12');
  });

  it('carries an event to the instances on its database only', async () => {
    const url = testRedisUrl();
    const database = Number(new URL(url).pathname.slice(1));
    const [sender, sibling, stranger] = [
      await relayOn(url),
      await relayOn(url),
      await relayOn(onDatabase(url, database === 0 ? 1 : database - 1)),
    ];
    const event = { name: 'shop.changed', payload: { tenantId: 987_654, entity: 'product' } } as DomainEvent;
    sender.relay.send(event);
    await expect.poll(() => sibling.heard).toEqual([event]);
    // An instance on the other database hears its own database's events: once one sent after the first arrived there,
    // the first would have reached the stranger too, were the channel the same.
    const strangerSibling = await relayOn(onDatabase(url, database === 0 ? 1 : database - 1));
    stranger.relay.send({ name: 'shop.changed', payload: { tenantId: 123, entity: 'product' } } as DomainEvent);
    await expect.poll(() => strangerSibling.heard.length).toBe(1);
    expect(stranger.heard).toEqual([]);
    expect(sender.heard).toEqual([]);
    expect(sibling.heard).toEqual([event]);
  });
});
