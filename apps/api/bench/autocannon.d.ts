declare module 'autocannon' {
  interface Histogram {
    average: number;
    mean: number;
    p50: number;
    p99: number;
    max: number;
  }
  interface Result {
    requests: Histogram & { total: number };
    latency: Histogram;
    /** Bytes received, headers included. */
    throughput: Histogram & { total: number };
    /** How long the run took, in seconds. */
    duration: number;
    non2xx: number;
    errors: number;
    timeouts: number;
  }
  interface Options {
    url: string;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    connections?: number;
    duration?: number;
    pipelining?: number;
    /** Stop after this many requests instead of after `duration`. */
    amount?: number;
    /** A sequence each connection sends in turn; `setupRequest` may rewrite a request before it goes, `onResponse`
     * sees each answer (its headers with the names as sent). */
    requests?: {
      setupRequest?: (request: Record<string, unknown>) => Record<string, unknown>;
      onResponse?: (status: number, body: string, context: unknown, headers: Record<string, string>) => void;
    }[];
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
