import type { RouterContextProvider } from 'react-router';
import { type ApiClient, createApiClient } from './api-client.ts';
import { type StorefrontLoadContext, storefrontLoadContext } from './load-context.ts';

/** The API client of a server loader, for the request's shop. */
export function apiFromContext(context: Readonly<RouterContextProvider>): ApiClient {
  const { apiBaseUrl, apiFetch, tenantToken } = storefrontContext(context);
  return createApiClient({ baseUrl: apiBaseUrl, fetch: apiFetch, tenantToken });
}

/**
 * The loader context server/main.ts gives. `react-router dev` renders without that server (the request's router
 * context holds none), so in development the loaders fall back to the API the dev proxy targets (vite.config.ts).
 */
export function storefrontContext(context: Readonly<RouterContextProvider>): StorefrontLoadContext {
  const given = context.get(storefrontLoadContext);
  if (given) return given;
  if (!import.meta.env.DEV) throw new Error('No storefront load context: serve the build with server/main.ts.');
  return {
    tenantToken: process.env.STOREFRONT_TENANT_TOKEN ?? 'khukuri-demo',
    apiBaseUrl: `${process.env.DEV_API_URL ?? 'http://127.0.0.1:8001'}/api`,
    apiFetch: fetch,
    mediaHost: '',
    publicApiBaseUrl: '/api',
    // The dev server injects scripts of its own: no CSP there.
    nonce: '',
  };
}
