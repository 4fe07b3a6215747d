import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

// `react-router dev` serves the pages only; the API (and its media) run apart, e.g. `PORT=8001 npm start`.
const apiTarget = process.env.DEV_API_URL ?? 'http://127.0.0.1:8001';

export default defineConfig({
  plugins: [reactRouter()],
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/media': { target: apiTarget, changeOrigin: true },
    },
  },
});
