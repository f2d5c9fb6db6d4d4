import { resolve } from 'node:path';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { RETRY_PARAM } from './pwa/src/lib/retry-import.ts';
import { CHAT_FILE_CACHE, WORKING_SET } from './schema/constants.ts';
import { initialChunk } from './scripts/vite-initial-chunk.ts';
import { inlinedCssNotPreloaded } from './scripts/vite-inlined-css.ts';
import { offlineShellFiles } from './scripts/vite-offline-shell.ts';
import { prerender } from './scripts/vite-prerender.ts';
import { SW_OUTBOX_FILE, swOutbox, writeShellRevision } from './scripts/vite-sw-outbox.ts';

const app = initialChunk();
const outDir = process.env.STATIC_DIR
  ? resolve(process.env.STATIC_DIR)
  : resolve(import.meta.dirname, 'dist');

// The PWA lives in pwa/; the built files go to dist/ where the sync server serves them.
export default defineConfig({
  root: 'pwa',
  publicDir: 'public',
  build: {
    // STATIC_DIR (also read by the server) lets parallel work build into its own folder.
    outDir,
    emptyOutDir: true,
    target: 'es2022',
    // The home page must paint from the prerendered HTML; keep chunks honest so the budget shows.
    chunkSizeWarningLimit: 400,
    modulePreload: { polyfill: false },
    // .vite/manifest.json: the server preloads the detail page's chunk for a direct visit.
    manifest: true,
    rolldownOptions: {
      output: { codeSplitting: { groups: [{ name: 'app', test: app.test }] } },
    },
  },
  server: {
    proxy: {
      '/api': { target: 'http://localhost:8080', ws: true },
      '/uploads': 'http://localhost:8080',
      '/auth': 'http://localhost:8080',
    },
  },
  plugins: [
    app.plugin,
    tanstackRouter({
      target: 'react',
      routesDirectory: './src/routes',
      generatedRouteTree: './src/routeTree.gen.ts',
      autoCodeSplitting: false,
      quoteStyle: 'single',
      semicolons: true,
    }),
    react(),
    prerender(),
    // The app's stylesheet is inside every HTML response: no lazy chunk fetches it again.
    inlinedCssNotPreloaded(),
    swOutbox(),
    VitePWA({
      injectRegister: false,
      registerType: 'autoUpdate',
      strategies: 'generateSW',
      // The install icons are the browser's business (it fetches them when it installs the app): they stay
      // out of the precache, so a first visit does not download 512-pixel images nobody sees.
      includeAssets: [],
      includeManifestIcons: false,
      // The web app manifest is a file of its own (pwa/public/manifest.webmanifest, linked from index.html),
      // not the plugin's: the plugin would add it to the precache, and the browser fetches it by itself.
      manifest: false,
      workbox: {
        // The device outboxes' Background Sync drain (pwa/src/sw/outbox-worker.ts).
        importScripts: [`/${SW_OUTBOX_FILE}`],
        clientsClaim: true,
        skipWaiting: true,
        cleanupOutdatedCaches: true,
        // Navigations are answered with the app's HTML by pwa/src/sw/shell-worker.ts, not by Workbox (null:
        // the plugin's default would bind them to an index.html the precache no longer holds).
        navigateFallback: null,
        // Precache = what a guest's first visit offers offline (docs/decisions.md, "First visit's bytes"):
        // the home and the announcement page (scripts/vite-offline-shell.ts). Hashed chunks carry no
        // revision, so the worker's fetch reuses what the page has just downloaded (HTTP cache). The HTML
        // is kept by the shell worker, which is handed its revision here; the web app manifest and the
        // icons are the browser's business.
        globPatterns: ['index.html', 'assets/*.{js,css}'],
        // A chunk tried again under `?retry=N` (pwa/src/lib/retry-import.ts) is the same file: the
        // precache answers it too.
        ignoreURLParametersMatching: [/^utm_/, /^fbclid$/, new RegExp(`^${RETRY_PARAM}$`)],
        manifestTransforms: [
          (entries) => {
            const html = entries.find((e) => e.url === 'index.html');
            if (!html?.revision) throw new Error('service worker: index.html has no revision');
            writeShellRevision(outDir, html.revision);
            const shell = offlineShellFiles(outDir);
            const manifest = entries.filter((e) => e.url.startsWith('assets/') && shell.has(e.url));
            return { manifest, warnings: [] };
          },
        ],
        runtimeCaching: [
          {
            // Every other hashed chunk (publish form, chat, settings, static pages, place names) is cached
            // the first time a page needs it: it never changes under the same name.
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
            handler: 'CacheFirst',
            options: {
              cacheName: 'hobbiz-assets',
              expiration: { maxEntries: 200, purgeOnQuotaError: true },
              // A chunk tried again under `?retry=N` (pwa/src/lib/retry-import.ts) is the file kept under its
              // plain name, and what it brings answers the plain name later (offline).
              matchOptions: { ignoreSearch: true },
              cacheableResponse: { statuses: [200] },
              plugins: [
                {
                  // A missing chunk answered with the app's HTML (an old release's name) is never kept.
                  cacheWillUpdate: async ({ response }) =>
                    response.headers.get('content-type')?.includes('text/html') ? null : response,
                },
              ],
            },
          },
          {
            // Chat files are private (fetched with the token, pwa/src/api/chat-files.ts): a cache of their
            // own, emptied at sign-out, apart from the photos' budget; only real answers are kept.
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/uploads/chat/'),
            handler: 'CacheFirst',
            options: {
              cacheName: CHAT_FILE_CACHE,
              expiration: { maxEntries: 200, maxAgeSeconds: 60 * 60 * 24 * 60, purgeOnQuotaError: true },
              cacheableResponse: { statuses: [200] },
            },
          },
          {
            // Announcement photos never change under the same name (new upload = new file name).
            urlPattern: ({ url }) => url.pathname.startsWith('/uploads/'),
            handler: 'CacheFirst',
            options: {
              cacheName: 'hobbiz-images',
              expiration: {
                maxEntries: WORKING_SET.photos,
                maxAgeSeconds: 60 * 60 * 24 * 60,
                purgeOnQuotaError: true,
              },
              cacheableResponse: { statuses: [0, 200] },
            },
          },
        ],
      },
    }),
  ],
});
