import { getFreshAccessToken, setLogoutCall, setRefreshCall } from '../features/session/session.ts';
import { type ApiClient, createApiClient } from './api-client.ts';
import { contract } from './contracts.ts';

let client: ApiClient | undefined;
let clientConfig: { baseUrl: string; tenantToken: string } | undefined;

/** Set once by the root from the settings embedded in the page, before any component calls the API. */
export function configureBrowserApi(config: { baseUrl: string; tenantToken: string }): void {
  if (typeof window === 'undefined' || client) return;
  const api = createApiClient({
    ...config,
    // Bound so the browser does not throw "Illegal invocation" when the client calls it detached.
    fetch: (input, init) => window.fetch(input, init),
    // Refreshes an expired access token first, one refresh for all the requests waiting on it.
    getAccessToken: getFreshAccessToken,
  });
  setRefreshCall((refresh) =>
    api.post('/accounts/token/refresh/', { refresh }, { schema: contract((c) => c.RefreshResponse) }),
  );
  setLogoutCall((refresh) => api.post('/accounts/logout/', { refresh }, { schema: contract((c) => c.DetailResponse) }));
  client = api;
  clientConfig = config;
}

/** Where the browser's API is and which shop it speaks for (for a call that is no JSON: a file to download). */
export function browserApiConfig(): { baseUrl: string; tenantToken: string } {
  if (!clientConfig) throw new Error('browserApiConfig() was called before the root configured the API.');
  return clientConfig;
}

/** The browser's API client (for queries and mutations in components); loaders use `apiFromContext` instead. */
export function browserApi(): ApiClient {
  if (!client) throw new Error('browserApi() was called before the root configured it, or on the server.');
  return client;
}
