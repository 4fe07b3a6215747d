import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  ssr: true,
  // Adopted v8 behaviour that needs no code change. Not v8_middleware: loaders read the plain context object
  // server/storefront.ts passes; not v8_passThroughRequests: loaders keep receiving the page URL, not the `.data` one.
  future: {
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
