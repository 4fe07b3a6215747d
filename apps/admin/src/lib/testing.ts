// Test doubles for the admin's HTTP client: a storage in memory, JWT-shaped tokens, a fetch that records calls, and
// the client taking answers unchecked (for tests of what is asked, answered with partial records).
import { z } from 'zod';
import type { Api } from './api.ts';
import type { KeyValueStorage } from './session.ts';

export function memoryStorage(initial: Record<string, string> = {}): KeyValueStorage & { map: Map<string, string> } {
  const map = new Map(Object.entries(initial));
  return {
    map,
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
}

/** A token shaped like the API's access tokens (a JWT) that expires at `expSeconds`. */
export function jwt(expSeconds: number, subject = '7'): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: subject, exp: expSeconds })}.signature`;
}

export interface RecordedCall {
  method: string;
  url: URL;
  headers: Headers;
  body: unknown;
}

/** A JSON body as its value; a form as its fields (files by their name and type). */
function recordedBody(body: RequestInit['body']): unknown {
  if (typeof body === 'string') return JSON.parse(body);
  if (body instanceof FormData) {
    return Object.fromEntries(
      [...body.entries()].map(([name, value]) => [
        name,
        typeof value === 'string' ? value : `${value.name} (${value.type})`,
      ]),
    );
  }
  return undefined;
}

/** A fetch answered by `answer`, keeping every call. */
export function fakeFetch(answer: (call: RecordedCall) => Response | Promise<Response>) {
  const calls: RecordedCall[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const headers = new Headers(init?.headers);
    const call = {
      method: init?.method ?? 'GET',
      url: new URL(String(input), 'http://shop.example'),
      headers,
      body: recordedBody(init?.body),
    };
    calls.push(call);
    return answer(call);
  };
  return { fetch, calls };
}

/** The client with its answers taken as they come, unchecked against their contracts (`api.ts` tests the checking). */
export function answersUnchecked(api: Api): Api {
  return { ...api, request: (path, _answer, options) => api.request(path, z.any(), options) };
}
