import { type ApiClient, createApiClient } from './api-client.ts';

let client: ApiClient | undefined;
let clientConfig: { baseUrl: string; tenantToken: string } | undefined;

/**
 * Set once by the root (through the session's `configureBrowserSession`) from the settings embedded in the page, before
 * any component calls the API: the client, or undefined when it was set already or this is the server.
 */
export function configureBrowserApi({
  getAccessToken,
  ...config
}: {
  baseUrl: string;
  tenantToken: string;
  /** The token each call sends (the session refreshes an expired one first). */
  getAccessToken: () => Promise<string | null>;
}): ApiClient | undefined {
  if (typeof window === 'undefined' || client) return undefined;
  client = createApiClient({
    ...config,
    // Bound so the browser does not throw "Illegal invocation" when the client calls it detached.
    fetch: (input, init) => window.fetch(input, init),
    getAccessToken,
  });
  clientConfig = config;
  return client;
}

/** A call made before the root configured the browser's API (or on the server): a mistake in the app. */
const UNCONFIGURED = 'The browser API is used before the root configured it.';

/** Where the browser's API is and which shop it speaks for (for a call that is no JSON: a file to download). */
export function browserApiConfig(): { baseUrl: string; tenantToken: string } {
  if (!clientConfig) throw new Error(UNCONFIGURED);
  return clientConfig;
}

/** The browser's API client (for queries and mutations in components); loaders use `apiFromContext` instead. */
export function browserApi(): ApiClient {
  if (!client) throw new Error(UNCONFIGURED);
  return client;
}
