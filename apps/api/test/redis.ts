// The Redis database a test file uses: CI sets TEST_REDIS_URL; a developer's machine runs Redis on the default port.
// Each Vitest worker has a database of its own, counting down from the one named (15, then 14 …, of Redis's 16): two
// files running at once never read each other's keys, nor (the event channel being the database's) each other's
// events.
const BASE = new URL(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/15');

export function testRedisUrl(): string {
  const url = new URL(BASE);
  const base = Number.parseInt(url.pathname.slice(1), 10);
  const worker = Number(process.env.VITEST_POOL_ID ?? 1);
  url.pathname = `/${((((Number.isNaN(base) ? 15 : base) - (worker - 1)) % 16) + 16) % 16}`;
  return url.toString();
}
