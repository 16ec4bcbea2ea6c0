import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../web/vite-precompress';
import { firstScreen } from './vite-shell';
import { shellWorker } from './vite-sw';

/*
 * The customer's side, a bundle of its own (not the console's): `app.html`, the Lite App the server
 * answers at `/app/{organization}/…`, and `kiosk.html`, the kiosk's screen at `/kiosk`. Built files
 * live under `/customer/` on the server; in development Vite proxies the API to it.
 */
export default defineConfig({
  base: '/customer/',
  plugins: [react(), firstScreen(), shellWorker(), precompress()],
  server: {
    port: 5174,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rollupOptions: {
      input: {
        app: path.resolve(import.meta.dirname, 'app.html'),
        kiosk: path.resolve(import.meta.dirname, 'kiosk.html'),
      },
    },
  },
});
