// The one HTTP client of the storefront: every call to the platform API (server loaders and browser) goes through it.

/** Per-field validation errors as the API sends them (DRF shape): `{"email": ["Enter a valid email."]}`. */
export type FieldErrors = Record<string, string[]>;

/** Any failed call: a non-2xx answer, or a network failure (then `status` is 0 and `body` is null). */
export class ApiError extends Error {
  readonly status: number;
  /** The server's `detail` text, when the answer had one. */
  readonly detail: string | undefined;
  /** The answer body when it is a `{field: [messages]}` object. */
  readonly fieldErrors: FieldErrors | undefined;
  /** The parsed answer body (JSON, else text), kept for the spec's "JSON text of the error body" messages. */
  readonly body: unknown;

  constructor(status: number, body: unknown, message?: string) {
    const detail = detailOf(body);
    // Same wording as the axios client the spec was written against, so the spec's "else the message" reads alike.
    super(detail ?? message ?? `Request failed with status code ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.detail = detail;
    this.fieldErrors = fieldErrorsOf(body);
  }
}

/** The spec's error pattern: the server's detail text if present, else the message, else the fallback. */
export function errorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.detail) return error.detail;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  query?: Query;
  signal?: AbortSignal;
  /** Extra headers of one call, e.g. the `Idempotency-Key` of an order. */
  headers?: Record<string, string>;
}

export interface ApiClientOptions {
  /** Base URL ending in `/api`: absolute on the server, `/api` in the browser. */
  baseUrl: string;
  tenantToken: string;
  fetch: typeof fetch;
  /** The access token to send as `Authorization: Bearer`; may refresh it first (the session's refresh queue). */
  getAccessToken?: () => string | null | Promise<string | null>;
}

export interface ApiClient {
  get<T>(path: string, options?: RequestOptions): Promise<T>;
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  patch<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  delete<T>(path: string, options?: RequestOptions): Promise<T>;
}

// Spec section 7: no Authorization header on the login, token and register calls.
const ANONYMOUS_PATHS = /^\/accounts\/(login|register|token)\//;

/** Builds a client for one shop; paths are the spec's, e.g. `api.get('/products/categories/')`. */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const baseUrl = options.baseUrl.replace(/\/$/, '');

  async function request<T>(
    method: string,
    path: string,
    body: unknown,
    { query, signal, headers: callHeaders }: RequestOptions = {},
  ) {
    const headers = new Headers({ ...callHeaders, Accept: 'application/json', 'X-Tenant-Token': options.tenantToken });
    if (body !== undefined) headers.set('Content-Type', 'application/json');
    if (options.getAccessToken && !ANONYMOUS_PATHS.test(path)) {
      const token = await options.getAccessToken();
      if (token) headers.set('Authorization', `Bearer ${token}`);
    }

    let response: Response;
    try {
      response = await options.fetch(`${baseUrl}${path}${queryString(query)}`, {
        method,
        headers,
        body: body === undefined ? null : JSON.stringify(body),
        signal: signal ?? null,
      });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new ApiError(0, null, error instanceof Error ? error.message : 'Network error');
    }

    const payload = await readBody(response);
    if (!response.ok) throw new ApiError(response.status, payload);
    return payload as T;
  }

  return {
    get: (path, requestOptions) => request('GET', path, undefined, requestOptions),
    post: (path, body, requestOptions) => request('POST', path, body ?? {}, requestOptions),
    patch: (path, body, requestOptions) => request('PATCH', path, body ?? {}, requestOptions),
    delete: (path, requestOptions) => request('DELETE', path, undefined, requestOptions),
  };
}

function queryString(query: Query | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function detailOf(body: unknown): string | undefined {
  return isRecord(body) && typeof body.detail === 'string' && body.detail ? body.detail : undefined;
}

function fieldErrorsOf(body: unknown): FieldErrors | undefined {
  if (!isRecord(body) || 'detail' in body) return undefined;
  const entries = Object.entries(body);
  const isFieldErrors =
    entries.length > 0 &&
    entries.every(([, messages]) => Array.isArray(messages) && messages.every((m) => typeof m === 'string'));
  return isFieldErrors ? (body as FieldErrors) : undefined;
}

/** A list answer is a plain array, or `{results}` when the API paginates it (spec: "list or {results}"). */
export type ListAnswer<T> = T[] | { results: T[] };

export function listResults<T>(answer: ListAnswer<T>): T[] {
  return Array.isArray(answer) ? answer : answer.results;
}
