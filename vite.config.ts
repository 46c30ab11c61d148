import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { appRoutes } from './src/app/registry';
import { delivery } from './scripts/delivery-plugin';
import { VitePWA } from 'vite-plugin-pwa';

const apiPort = process.env.PORT ?? '3000';

/**
 * React Router's package exports only its development build (dev warnings on); its production
 * build, the same code with them off, is in the package beside it: about 0.5 KB less gzipped on
 * the first load. Both entry points are aliased so that one copy of the router is bundled.
 */
const routerBuild = (file: string) =>
  fileURLToPath(new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url));
const productionRouter = [
  { find: /^react-router$/, replacement: routerBuild('index.mjs') },
  { find: /^react-router\/dom$/, replacement: routerBuild('dom-export.mjs') },
];

export default defineConfig(({ command }) => ({
  resolve: { alias: command === 'build' ? productionRouter : [] },
  plugins: [
    react(),
    // Installable, and offline after the first visit: every built file (WASM and workers included)
    // is precached; navigations fall back to the app shell. /api and /healthz always go to the network.
    VitePWA({
      registerType: 'autoUpdate',
      injectRegister: 'script',
      manifest: {
        name: 'BitSmith',
        short_name: 'BitSmith',
        description: 'Free browser-based tools for developers, hardware engineers and designers.',
        start_url: '/',
        display: 'standalone',
        theme_color: '#4f46e5',
        background_color: '#f6f7fb',
        icons: [{ src: '/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,wasm,svg,json}'],
        // Yosys in WebAssembly (31 MB, the CRC synthesis report, loaded only when asked) is not
        // precached: the report needs a first online use.
        globIgnores: ['**/yosys*', '**/resources-yosys*'],
        // Its first use keeps it (and the built files not precached: Yosys' cell libraries), so the
        // report then runs offline; it was fetched every time ("Synthesis failed: Failed to fetch").
        // Their names are hashed: the cached copy is always right; old builds' copies expire.
        runtimeCaching: [
          {
            urlPattern: ({ sameOrigin, url }) => sameOrigin && url.pathname.startsWith('/assets/'),
            handler: 'CacheFirst',
            options: { cacheName: 'bitsmith-assets', expiration: { maxEntries: 40 } },
          },
        ],
        maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/healthz/],
        cleanupOutdatedCaches: true,
        // What registerType 'autoUpdate' means, set by hand: the plugin sets them only with
        // injectRegister 'auto'. Without them a new deploy's worker waited for every tab to close,
        // and reloads kept serving the old build. An old tab's missing chunks reload it (stale-chunks.ts).
        skipWaiting: true,
        clientsClaim: true,
      },
    }),
    // routes.json from appRoutes (/diagnostics included: it was missing, so it was an HTTP 404).
    delivery(appRoutes),
  ],
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
}));
