import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The administration is a static single-page app under /admin/, served by the storefront's server (which puts the
// shop's tenant token into its index.html). `vite` alone serves it for development, with /api proxied to the API.
const apiTarget = process.env.DEV_API_URL ?? 'http://127.0.0.1:8001';

export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // react-admin and Material UI make one large vendor chunk; it is cached for good (hashed name).
    chunkSizeWarningLimit: 2_500,
  },
  server: {
    port: 8002,
    proxy: { '/api': { target: apiTarget, changeOrigin: true } },
  },
});
