// One measurement: autocannon against the running server, as a browser or an API client would send the request.
import { createRequire } from 'node:module';
import autocannon from 'autocannon';

// autocannon appends each answer's body to a string as it comes (`body += chunk`), decoding it as UTF-8, for checks
// the bench does not use. A compressed body is not UTF-8: decoding one costs the load generator more than a cached
// page costs the server, on the cores they share (a bare Fastify sending the same 4.4 kB of bytes did 35 000–38 000
// answers/s with them random, 84 000–89 000 with them ASCII). The bench reads headers only; it counts the bytes.
const PipelinedRequestsQueue = createRequire(import.meta.url)('autocannon/lib/pipelinedRequestsQueue.js') as {
  prototype: { addBody: (data: Buffer) => void };
};
PipelinedRequestsQueue.prototype.addBody = () => {};

/** A request to repeat. Pages are sent as a browser sends them (the shop from the host); API calls name the shop. */
export interface BenchRequest {
  method?: 'GET' | 'POST';
  path: string;
  /** The shop's token (`X-Tenant-Token`), for API calls. */
  tenantToken?: string;
  body?: unknown;
  /** Each request takes the next of these bearer tokens (one customer after another). */
  bearerTokens?: TokenSource;
  /** A fixed number of requests instead of the fixed duration (a case that uses up its data). */
  amount?: number;
}

/** Bearer tokens handed out in turn, across every measurement of a case (an order uses up its customer's cart). */
export class TokenSource {
  private next = 0;
  constructor(private readonly tokens: string[]) {}
  take(): string {
    const token = this.tokens[this.next % this.tokens.length] as string;
    this.next += 1;
    return token;
  }
}

export interface Figures {
  connections: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Non-2xx answers, socket errors and timeouts. */
  errors: number;
  /** Of those, requests without an answer after autocannon's 10 s. */
  timeouts: number;
  /** The server process's CPU time per answer (the answers autocannon counted; PGlite's work included, PostgreSQL's
   * not), ms: unlike requests/s, it hardly depends on what else the machine runs. */
  cpuMsPerAnswer: number | null;
  /** Average bytes received per answer, headers included. */
  bytes: number;
  /** How many answers said each `X-Cache` state (none: the header was absent). */
  cacheStates: Record<string, number>;
}

/** What Chromium (since 123) and Firefox (since 126) accept: the server compresses what it builds in zstd then. */
export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

/** Headers every request carries: compressed answers are welcome, as in a browser. */
function headersOf(request: BenchRequest): Record<string, string> {
  return {
    'accept-encoding': BROWSER_ACCEPT_ENCODING,
    ...(request.tenantToken ? { 'x-tenant-token': request.tenantToken } : {}),
    ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
  };
}

/** Sends the request once and fails on anything but a 2xx (a case must measure a working request). */
export async function checkOnce(origin: string, request: BenchRequest): Promise<void> {
  const headers = headersOf(request);
  const token = request.bearerTokens?.take();
  const response = await fetch(`${origin}${request.path}`, {
    method: request.method ?? 'GET',
    headers: token ? { ...headers, authorization: `Bearer ${token}` } : headers,
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
  });
  const text = await response.text();
  if (!response.ok)
    throw new Error(`${request.method ?? 'GET'} ${request.path}: ${response.status} ${text.slice(0, 300)}`);
}

/** Repeats the request with `connections` concurrent connections for `durationSeconds` (or `amount` requests). */
export async function measure(
  server: { origin: string; cpuMs: () => number | null },
  request: BenchRequest,
  connections: number,
  durationSeconds: number,
): Promise<Figures> {
  const { origin } = server;
  const cpuBefore = server.cpuMs();
  const headers = headersOf(request);
  const cacheStates: Record<string, number> = {};
  const tokens = request.bearerTokens;
  const result = await autocannon({
    url: `${origin}${request.path}`,
    method: request.method ?? 'GET',
    headers,
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
    connections,
    ...(request.amount ? { amount: request.amount } : { duration: durationSeconds }),
    requests: [
      {
        ...(tokens
          ? {
              setupRequest: (sent: Record<string, unknown>) => ({
                ...sent,
                headers: { ...headers, authorization: `Bearer ${tokens.take()}` },
              }),
            }
          : {}),
        onResponse: (_status: number, _body: string, _context: unknown, received: Record<string, string>) => {
          const state = received['x-cache'] ?? received['X-Cache'] ?? 'none';
          cacheStates[state] = (cacheStates[state] ?? 0) + 1;
        },
      },
    ],
  });
  // The requests still open when the time ran out are dropped by autocannon but still served: let the server finish
  // them (about one round of the connections at the measured rate) before the next measurement starts.
  if (!request.amount) {
    const rate = result.requests.total / result.duration;
    const backlogMs = rate > 0 ? (connections / rate) * 1000 : 10_000;
    await new Promise((resolve) => setTimeout(resolve, Math.min(10_000, 100 + backlogMs * 1.5)));
  }
  const cpuAfter = server.cpuMs();
  return {
    connections,
    cpuMsPerAnswer:
      cpuBefore === null || cpuAfter === null || result.requests.total === 0
        ? null
        : (cpuAfter - cpuBefore) / result.requests.total,
    // Over the run's own length (autocannon's per-second average leaves out a last partial second).
    requestsPerSecond: result.duration > 0 ? result.requests.total / result.duration : 0,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
    timeouts: result.timeouts,
    bytes: result.requests.total > 0 ? Math.round(result.throughput.total / result.requests.total) : 0,
    cacheStates,
  };
}
