// One HTTP client for the administration: base `/api`, the shop's `X-Tenant-Token` and the signed-in staff member's
// `Authorization: Bearer` on every call, JSON bodies, the API's errors as react-admin's `HttpError`. The access token
// is renewed (once, for every call waiting on it) by the storefront's rule (`accessTokenNeedsRefresh`: unreadable, or
// less than a minute from its expiry), or when a call answers 401 with it.
import { accessTokenNeedsRefresh, readAnswerBody } from '@platform/contracts';
import { HttpError } from 'ra-core';
import { NETWORK_ERROR, toHttpError } from './errors.ts';
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

export interface LoginAnswer {
  access: string;
  refresh: string;
  user: { id: number; email: string; username: string; role: string };
}

export interface Download {
  blob: Blob;
  /** The file name the server suggests (Content-Disposition), if any. */
  filename: string | null;
}

export interface Api {
  /** The parsed JSON answer of a call (null for an empty one); throws `HttpError` for any failure. */
  request<T>(path: string, options?: RequestOptions): Promise<T>;
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
  let refreshing: Promise<string | null> | null = null;

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

  /** Renews the session with its refresh token; the new access token, or null when the session is over. */
  async function renew(): Promise<string | null> {
    const refresh = session.refresh();
    if (!refresh) {
      session.clear();
      return null;
    }
    const response = await call(
      '/accounts/token/refresh/',
      { method: 'POST', body: { refresh } },
      null,
      'application/json',
    );
    if (!response.ok) {
      // A refused refresh token ends the session; anything else (a server error) leaves it for the next try.
      if (response.status === 400 || response.status === 401 || response.status === 403) session.clear();
      return response.status >= 500 || response.status === 429 ? session.access() : null;
    }
    const answer = (await readAnswerBody(response)) as { access?: unknown; refresh?: unknown } | null;
    if (typeof answer?.access !== 'string') return session.access();
    session.save({ access: answer.access, refresh: typeof answer.refresh === 'string' ? answer.refresh : undefined });
    return answer.access;
  }

  /** One renewal at a time: calls that need one meanwhile wait for it. `stale` is the token found wanting. */
  function renewOnce(stale: string): Promise<string | null> {
    const current = session.access();
    if (current && current !== stale) return Promise.resolve(current);
    refreshing ??= renew()
      .catch(() => session.access())
      .finally(() => {
        refreshing = null;
      });
    return refreshing;
  }

  async function accessToken(): Promise<string | null> {
    if (refreshing) return refreshing;
    const access = session.access();
    if (!access) return null;
    return accessTokenNeedsRefresh(access, now()) ? renewOnce(access) : access;
  }

  async function send(path: string, request: RequestOptions, accept: string): Promise<Response> {
    const auth = request.auth ?? true;
    const token = auth ? await accessToken() : null;
    const response = await call(path, request, token, accept);
    if (response.status === 401 && token) {
      const renewed = await renewOnce(token);
      if (renewed && renewed !== token) return call(path, request, renewed, accept);
    }
    return response;
  }

  async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const response = await send(path, options, 'application/json');
    const body = await readAnswerBody(response);
    if (!response.ok) throw toHttpError(response.status, body);
    return body as T;
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
      request<LoginAnswer>('/accounts/login/', {
        method: 'POST',
        body: { login_id: loginId, password },
        auth: false,
      }),
    async logout() {
      const refresh = session.refresh();
      session.clear();
      if (!refresh) return;
      try {
        await request('/accounts/logout/', { method: 'POST', body: { refresh }, auth: false });
      } catch {
        // Signed out here in any case; the refresh token runs out on its own.
      }
    },
  };
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
