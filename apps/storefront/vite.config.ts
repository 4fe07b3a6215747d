import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

// `react-router dev` serves the pages only; the API (and its media) run apart, e.g. `PORT=8001 npm start`.
const apiTarget = process.env.DEV_API_URL ?? 'http://127.0.0.1:8001';

export default defineConfig({
  plugins: [reactRouter()],
  environments: {
    // React Router 8 is published as separate modules; kept in one chunk of the client build, the first load of a
    // page is one file and about 2 KiB smaller gzipped than with its modules spread over shared chunks.
    client: {
      build: {
        rolldownOptions: {
          output: { codeSplitting: { groups: [{ name: 'react-router', test: /node_modules[\\/]react-router[\\/]/ }] } },
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
