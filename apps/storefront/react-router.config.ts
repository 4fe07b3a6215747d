import type { Config } from '@react-router/dev/config';

// React Router 8's defaults: split route modules, the Vite Environment API, trailing-slash-aware `.data` requests,
// middleware (loaders read the server's values from the request's router context, app/lib/load-context.ts).
export default {
  appDirectory: 'app',
  ssr: true,
} satisfies Config;
