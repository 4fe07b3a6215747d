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

declare module 'react-router' {
  interface AppLoadContext extends StorefrontLoadContext {}
}
