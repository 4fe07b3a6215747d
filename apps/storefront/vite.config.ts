import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

// `react-router dev` serves the pages only; the API (and its media) run apart, e.g. `PORT=8001 npm start`.
const apiTarget = process.env.DEV_API_URL ?? 'http://127.0.0.1:8001';

/** React, React Router and TanStack Query. */
const FRAMEWORK = /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/][^\\/]+)[\\/]/;
/** TanStack Query's mutations: the cart's changes, a discount code, stock alerts; no first load but the cart's. */
const MUTATIONS = /@tanstack[\\/][^\\/]+[\\/]build[\\/]modern[\\/](mutationObserver|useMutation)\.js$/;
/** The cart's changes and rules. */
const CART = /app[\\/]features[\\/]cart[\\/](use-cart|cart-rules|line-customization)\.ts/;

export default defineConfig({
  plugins: [reactRouter()],
  environments: {
    // The framework (React, React Router, TanStack Query) in one chunk, and what every page's first load needs of the
    // app in another: fewer, larger files compress better than the modules spread over small shared chunks (about
    // 8 KiB gzipped of the first load; scripts/bundle-budget.mjs). TanStack Query's mutations (the cart's changes, a
    // discount code, stock alerts) go with the cart's code instead: no other page's first load changes anything.
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                {
                  name: 'framework',
                  test: (id: string) => FRAMEWORK.test(id) && !MUTATIONS.test(id),
                },
                // What every page's first load runs besides its route: the API client, the shell, the session, the
                // shop's settings, the cart's and catalog's calls, the catalog's pictures, and the contracts' plain
                // helpers (never a schema). Not the forms' messages nor the way onward from a missing page: the
                // pages that show them load them.
                {
                  name: 'shell',
                  test: /(app[\\/](lib[\\/]((api-client|browser-api|contracts|format|query-client|seo|session-store|use-hydrated)\.ts|(media-url|split-component)\.tsx)|components[\\/](error-box|picture|spinner|site-head|rich-text)\.tsx|features[\\/]shell[\\/](index\.ts|components[\\/](?!search-combobox|not-found-help))|features[\\/]site[\\/]|features[\\/]session[\\/](index|session|user-queries|browser-session)\.ts|features[\\/]cart[\\/](index\.ts|use-cart-count\.ts|api[\\/])|features[\\/]categories[\\/]|features[\\/]catalog[\\/](index\.ts|api[\\/]|(pictures|format|variant-param)\.ts))|contracts[\\/]src[\\/](plain|json|minor-units|catalog-rules|customization|error-texts)\.ts)/,
                },
                // The cart's changes and rules, in one file rather than small ones: the cart page's first load, and the
                // product page's cart button after its first load.
                {
                  name: 'cart',
                  test: (id: string) => CART.test(id) || MUTATIONS.test(id),
                },
              ],
            },
          },
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/media': { target: apiTarget, changeOrigin: true },
    },
  },
});
