// The one HTTP client of the storefront: every call to the platform API (server loaders and browser) goes through it,
// and every answer is parsed with the contract of its call (packages/contracts).
import type { AnswerSchema } from '@platform/contracts';
import {
  errorDetailOf,
  fieldErrorsOf,
  fieldErrorsText,
  firstFieldError,
  readAnswerBody,
  reportMismatchOnce,
} from '@platform/contracts/plain';
import type { LazyContract } from './contracts.ts';

type FieldErrors = Record<string, string[]>;

/** Any failed call: a non-2xx answer, or a network failure (then `status` is 0 and `body` is null). */
export class ApiError extends Error {
  readonly status: number;
  /** The server's `detail` text, when the answer had one. */
  readonly detail: string | undefined;
  /** The answer body when it is a `{field: [messages]}` object (DRF shape). */
  readonly fieldErrors: FieldErrors | undefined;
  /** The parsed answer body (JSON, else text), kept for the spec's "JSON text of the error body" messages. */
  readonly body: unknown;

  constructor(status: number, body: unknown, message?: string) {
    const detail = errorDetailOf(body);
    // Same wording as the axios client the spec was written against, so the spec's "else the message" reads alike.
    super(detail ?? message ?? `Request failed with status code ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.detail = detail;
    this.fieldErrors = fieldErrorsOf(body);
  }
}

/**
 * A successful answer that does not match the contract of its call. The screen treats it as the call failing and
 * shows the call's own fallback text (never this message); `answer` is what came.
 */
export class ApiContractError extends ApiError {
  readonly answer: unknown;

  constructor(status: number, call: string, answer: unknown) {
    super(status, null, `The answer of ${call} does not match its contract.`);
    this.name = 'ApiContractError';
    this.answer = answer;
  }
}

/** A rule the storefront checks itself before calling (e.g. adding to the cart signed out): its message is shown. */
export class RuleError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RuleError';
  }
}

/** Which parts of a failure a screen shows before its fallback text (spec section 8). */
export interface ErrorTextOptions {
  /** Texts for some statuses, before anything else: `{ 404: 'Product not found.' }`. */
  byStatus?: Readonly<Record<number, string>>;
  /**
   * After the detail, the per-field errors: `'first'`, the first message of the first field (of the first of
   * `fieldNames` that has one, when given); `'all'`, every field as 'field: messages' joined with '; '.
   */
  fields?: 'first' | 'all';
  fieldNames?: readonly string[];
  /** After the detail and the fields, the JSON text of an object body. */
  body?: boolean;
  /** The error's message before the fallback; on unless `false`. */
  message?: boolean;
}

/**
 * The one way a failure becomes text. By default the spec's general pattern: the server's detail if present, else
 * the message, else the fallback; `options` add the variants of section 8. A rule the storefront checks itself shows
 * its own text; an answer that breaks its contract shows the fallback.
 */
export function errorText(error: unknown, fallback: string, options: ErrorTextOptions = {}): string {
  if (error instanceof RuleError) return error.message;
  if (error instanceof ApiContractError) return fallback;
  if (error instanceof ApiError) {
    const forStatus = options.byStatus?.[error.status];
    if (forStatus) return forStatus;
    if (error.detail) return error.detail;
    if (options.fields && error.fieldErrors) {
      const text =
        options.fields === 'all'
          ? fieldErrorsText(error.fieldErrors)
          : firstFieldError(error.fieldErrors, options.fieldNames);
      if (text) return text;
    }
    if (options.body && typeof error.body === 'object' && error.body !== null) return JSON.stringify(error.body);
  }
  if (options.message !== false && error instanceof Error && error.message) return error.message;
  return fallback;
}

/** A call's query parameters; a list is the parameter repeated (`option=a&option=b`). */
type Query = Record<string, string | number | boolean | readonly string[] | null | undefined>;

interface RequestOptions<T> {
  /**
   * The contract of the answer (a schema of @platform/contracts, or `contract(...)` of lib/contracts.ts where the
   * first load must not carry the schemas): the call resolves to the answer parsed with it, and an answer that does
   * not match fails with an ApiContractError.
   */
  schema: AnswerSchema<T> | LazyContract<T>;
  query?: Query;
  signal?: AbortSignal;
  /** Extra headers of one call, e.g. the `Idempotency-Key` of an order. */
  headers?: Record<string, string>;
  /** Told the address that answered when a redirect was followed to it (a product's old address, decision 018). */
  onRedirected?: (url: string) => void;
}

interface ApiClientOptions {
  /** Base URL ending in `/api`: absolute on the server, `/api` in the browser. */
  baseUrl: string;
  tenantToken: string;
  fetch: typeof fetch;
  /** The access token to send as `Authorization: Bearer`; may refresh it first (the session's refresh queue). */
  getAccessToken?: () => string | null | Promise<string | null>;
}

export interface ApiClient {
  get<T>(path: string, options: RequestOptions<T>): Promise<T>;
  post<T>(path: string, body: unknown, options: RequestOptions<T>): Promise<T>;
  patch<T>(path: string, body: unknown, options: RequestOptions<T>): Promise<T>;
  delete<T>(path: string, options: RequestOptions<T>): Promise<T>;
}

// Spec section 7: no Authorization header on the login, token and register calls.
const ANONYMOUS_PATHS = /^\/accounts\/(login|register|token)\//;

/**
 * Builds a client for one shop; paths are the spec's and each call names the contract of its answer, e.g.
 * `api.get('/products/categories/', { schema: listAnswer(Category) })`.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const baseUrl = options.baseUrl.replace(/\/$/, '');

  async function request<T>(
    method: string,
    path: string,
    body: unknown,
    { schema, query, signal, headers: callHeaders, onRedirected }: RequestOptions<T>,
  ): Promise<T> {
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

    if (response.redirected) onRedirected?.(response.url);
    const payload = await readAnswerBody(response);
    if (!response.ok) throw new ApiError(response.status, payload);
    const parsed = (typeof schema === 'function' ? await schema() : schema).safeParse(payload);
    if (parsed.success) return parsed.data;
    const call = `${method} ${path}`;
    reportMismatchOnce(call, parsed.error.issues);
    throw new ApiContractError(response.status, call, payload);
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
    if (Array.isArray(value)) for (const item of value) params.append(key, item);
    else if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
