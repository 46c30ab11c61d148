import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { pages } from './src/app/registry';
import { delivery } from './scripts/delivery-plugin';

const apiPort = process.env.PORT ?? '3000';

export default defineConfig({
  plugins: [react(), delivery(['/', ...pages.map((p) => p.path)])],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 800,
    // WASM stays a separate file: streamed compilation, cacheable, and allowed by the CSP.
    assetsInlineLimit: (file: string) => (file.endsWith('.wasm') ? false : undefined),
  },
  worker: { format: 'es' },
  server: {
    // Dev only: the API runs in `npm run serve` (or `npm start`) beside Vite.
    proxy: { '/api': `http://localhost:${apiPort}`, '/healthz': `http://localhost:${apiPort}` },
  },
});
