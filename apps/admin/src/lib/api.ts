// One HTTP client for the administration: base `/api`, the shop's `X-Tenant-Token` and the signed-in staff member's
// `Authorization: Bearer` on every call, JSON bodies, every answer checked against its contract (as the storefront
// checks its own), the API's errors as react-admin's `HttpError`. The access token is renewed by the platform's one
// rule for both apps (`createTokenRenewal`): once for every call waiting on it, before a call when it is about to
// expire or after a call answered 401 with it; a renewal that fails ends the session.
import {
  type AnswerSchema,
  createTokenRenewal,
  DetailResponse,
  LoginResponse,
  RefreshResponse,
  readAnswerBody,
  reportMismatchOnce,
} from '@platform/contracts';
import { HttpError } from 'ra-core';
import { ANSWER_UNREADABLE, NETWORK_ERROR, toHttpError } from './errors.ts';
import type { SessionStore } from './session.ts';

export interface ApiOptions {
  tenantToken: string;
  session: SessionStore;
  /** Base URL of the API, ending in `/api` (default `/api`: the same origin as the admin). */
  baseUrl?: string;
  fetch?: typeof fetch;
  now?: () => number;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  query?: URLSearchParams;
  body?: unknown;
  /** Send the staff member's access token (default true). */
  auth?: boolean;
  signal?: AbortSignal | undefined;
  /** Makes a retried write answer what the first one did (`Idempotency-Key`). */
  idempotencyKey?: string | undefined;
}

export type LoginAnswer = LoginResponse;

export interface Download {
  blob: Blob;
  /** The file name the server suggests (Content-Disposition), if any. */
  filename: string | null;
}

export interface Api {
  /**
   * The JSON answer of a call (null for an empty one), checked against `answer`, its contract: one that does not
   * match fails as any other failure, with an `HttpError`. The answer is given as the API sent it (a schema would
   * drop the fields it does not name).
   */
  request<T>(path: string, answer: AnswerSchema<T>, options?: RequestOptions): Promise<T>;
  /** The body of a call as a file (e.g. a CSV export), with the same headers and errors as `request`. */
  download(path: string, options?: RequestOptions): Promise<Download>;
  login(loginId: string, password: string): Promise<LoginAnswer>;
  /** Ends the session on the server (its refresh token) and forgets it here; never fails. */
  logout(): Promise<void>;
  readonly tenantToken: string;
}

export function createApi(options: ApiOptions): Api {
  const baseUrl = (options.baseUrl ?? '/api').replace(/\/$/, '');
  const fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const now = options.now ?? Date.now;
  const { session, tenantToken } = options;

  function url(path: string, query?: URLSearchParams): string {
    const search = query?.toString();
    return `${baseUrl}${path}${search ? `?${search}` : ''}`;
  }

  async function call(path: string, request: RequestOptions, token: string | null, accept: string) {
    const headers: Record<string, string> = { Accept: accept, 'X-Tenant-Token': tenantToken };
    if (token) headers.Authorization = `Bearer ${token}`;
    if (request.idempotencyKey) headers['Idempotency-Key'] = request.idempotencyKey;
    // A FormData body (a file upload) goes as multipart/form-data, its boundary set by fetch; anything else as JSON.
    const multipart = typeof FormData !== 'undefined' && request.body instanceof FormData;
    if (request.body !== undefined && !multipart) headers['Content-Type'] = 'application/json';
    try {
      return await fetchImpl(url(path, request.query), {
        method: request.method ?? 'GET',
        headers,
        ...(request.body !== undefined
          ? { body: multipart ? (request.body as FormData) : JSON.stringify(request.body) }
          : {}),
        ...(request.signal ? { signal: request.signal } : {}),
      });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new HttpError(NETWORK_ERROR, 0, null);
    }
  }

  const renewal = createTokenRenewal({
    store: session,
    async renew(refresh) {
      const response = await call('/accounts/token/refresh/', { method: 'POST', body: { refresh } }, null, ACCEPT_JSON);
      const body = await readAnswerBody(response);
      if (!response.ok) throw toHttpError(response.status, body);
      return checked('POST /accounts/token/refresh/', RefreshResponse, response.status, body);
    },
    errors: {
      noRefreshToken: () => new HttpError('Your session has ended: sign in again.', 401, null),
      invalidAnswer: () => new HttpError(ANSWER_UNREADABLE, 502, null),
    },
    now,
  });

  async function send(path: string, request: RequestOptions, accept: string): Promise<Response> {
    // A session whose renewal failed is over: the call goes without a token, and its 401 signs the staff member out.
    const token = (request.auth ?? true) ? await renewal.accessToken().catch(() => null) : null;
    const response = await call(path, request, token, accept);
    if (response.status === 401 && token) {
      const renewed = await renewal.renewAfterUnauthorized(token).catch(() => null);
      if (renewed && renewed !== token) return call(path, request, renewed, accept);
    }
    return response;
  }

  async function request<T>(path: string, answer: AnswerSchema<T>, options: RequestOptions = {}): Promise<T> {
    const response = await send(path, options, ACCEPT_JSON);
    const body = await readAnswerBody(response);
    if (!response.ok) throw toHttpError(response.status, body);
    return checked(`${options.method ?? 'GET'} ${path}`, answer, response.status, body);
  }

  return {
    tenantToken,
    request,
    async download(path, options = {}) {
      const response = await send(path, options, 'text/csv, application/json;q=0.5');
      if (!response.ok) throw toHttpError(response.status, await readAnswerBody(response));
      return { blob: await response.blob(), filename: filenameOf(response.headers.get('content-disposition')) };
    },
    login: (loginId, password) =>
      request('/accounts/login/', LoginResponse, {
        method: 'POST',
        body: { login_id: loginId, password },
        auth: false,
      }),
    async logout() {
      const refresh = session.refresh();
      session.clear();
      if (!refresh) return;
      try {
        await request('/accounts/logout/', DetailResponse, { method: 'POST', body: { refresh }, auth: false });
      } catch {
        // Signed out here in any case; the refresh token runs out on its own.
      }
    },
  };
}

const ACCEPT_JSON = 'application/json';

/** An answer that matches its contract, as the API sent it; else an `HttpError` a person can read (logged once). */
function checked<T>(call: string, answer: AnswerSchema<T>, status: number, body: unknown): T {
  const parsed = answer.safeParse(body);
  if (parsed.success) return body as T;
  reportMismatchOnce(call, parsed.error.issues);
  throw new HttpError(ANSWER_UNREADABLE, status, body);
}

/** The file name of a Content-Disposition header (`filename*=UTF-8''…` or `filename="…"`). */
export function filenameOf(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // fall through to the plain form
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;\s]+)/.exec(header);
  return plain?.[1] ?? plain?.[2] ?? null;
}
