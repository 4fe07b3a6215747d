// What other packages (the storefront server) use of the API.
export { type AppDeps, buildApp } from './app.ts';
export { type Config, ConfigError, loadConfig } from './config.ts';
export { ifNoneMatchHolds } from './lib/etag.ts';
export { flushLog, serverLogging } from './lib/logging.ts';
export { type ProxyTrust, trustProxyOption } from './lib/proxy-trust.ts';
export {
  type CachedAnswer,
  type CacheState,
  cacheTagCollector,
  cacheTagsKey,
  createResponseCache,
  fetchWithCacheTagsKey,
  pickEncoding,
  type Rendered,
  type ResponseCache,
  VARY_ON_ENCODING,
} from './lib/response-cache.ts';
export { compression } from './plugins/compression.ts';
export { rejectMalformedHost } from './plugins/input-guard.ts';
export { securityHeaders } from './plugins/security-headers.ts';
export { demoAccountsToShow, listen, loadConfigOrExit, prepareApp } from './runtime.ts';
export type { DemoAccount } from './seed/index.ts';
