import { createContext, RouterContextProvider } from 'react-router';

/** What the storefront server gives every loader: how to reach the platform API for the request's shop. */
export interface StorefrontLoadContext {
  /** The shop's `X-Tenant-Token`, chosen by the server from the request host or STOREFRONT_TENANT_TOKEN. */
  tenantToken: string;
  /** Base URL of the API on the server side, ending in `/api` (in one process: an in-process address). */
  apiBaseUrl: string;
  /** `fetch` that reaches that base URL (in one process it calls the API in memory, without a socket). */
  apiFetch: typeof fetch;
  /** Host prefix for media URLs as seen from the browser ('' = same origin). */
  mediaHost: string;
  /** Base URL of the API as seen from the browser ('/api' by default). */
  publicApiBaseUrl: string;
  /** This response's Content-Security-Policy nonce: every inline script of the page carries it. */
  nonce: string;
}

/** Where a request's router context holds it; null when `react-router dev` renders without the storefront server. */
export const storefrontLoadContext = createContext<StorefrontLoadContext | null>(null);

/**
 * The router context of one request, as the storefront server hands it to React Router. The server calls this through
 * the server build (entry.server.tsx exports it): a context is found by the identity of its key, and a second copy of
 * this module, bundled into the server, would make a key that no loader reads.
 */
export function createLoadContext(values: StorefrontLoadContext): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(storefrontLoadContext, values);
  return context;
}
