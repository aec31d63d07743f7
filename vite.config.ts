/**
 * Build of the PWA. The service worker precaches only the app shell (JS, CSS, HTML, icons,
 * flags); /api and /files are never cached and never answered with index.html, so a stale
 * shell can never mask a server answer (data lives in IndexedDB, not in the
 * HTTP cache).
 */
import fs from 'node:fs';
import path from 'node:path';
import { defineConfig, type ProxyOptions } from 'vite';
import react from '@vitejs/plugin-react';
import optimizeLocales from '@react-aria/optimize-locales-plugin';
import { VitePWA } from 'vite-plugin-pwa';
import { precompressPlugin } from './scripts/vite-precompress.ts';
import { appManifest, manifestHref } from './scripts/pwa-manifest.ts';
import { bootShellFile } from './scripts/boot-shell.ts';

const API_TARGET = 'http://127.0.0.1:5180';
/** Build files left out of the service worker's precache (see workbox.globIgnores). */
const LAZY_ASSETS = ['assets/exceljs*.js', 'assets/import.worker-*.js'];

/**
 * The dev and preview proxies forward the app's own calls to the API server, which refuses
 * state-changing calls from an origin that is not its own host (server/http/cross-site.ts). A call
 * from the page the proxy serves is same-origin, so it is sent on with the API's origin; any other
 * origin passes through unchanged and is refused as it would be in production.
 */
const proxy = (): ProxyOptions => ({
  target: API_TARGET,
  changeOrigin: true,
  configure: (server) =>
    server.on('proxyReq', (out, req) => {
      if (req.headers.origin === `http://${req.headers.host}`) out.setHeader('origin', API_TARGET);
    }),
});

export default defineConfig({
  plugins: [
    react(),
    // react-aria ships its built-in strings (date fields, calendars, lists) in 34 languages; we speak two.
    { ...optimizeLocales.vite({ locales: ['en-US', 'zh-CN'] }), enforce: 'pre' },
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['favicon.svg', 'flags/*.svg'],
      manifest: appManifest('en-us'),
      workbox: {
        // boot-shell.json: the signed-in frame the worker paints into index.html (public/boot-shell-sw.js).
        globPatterns: ['**/*.{js,css,html,svg,png,ico,woff2}', 'boot-shell.json'],
        // Answers navigations before workbox's routes, as navigateFallback would, with that frame drawn in.
        importScripts: ['/boot-shell-sw.js'],
        // Import-only code (the XLSX reader, the import worker with the CSV parser) is not in the
        // first download: it is fetched when an import starts, then kept by the rule below.
        globIgnores: LAZY_ASSETS,
        navigateFallback: 'index.html',
        // The extension's package (/downloads/) is a file download, not an app route.
        navigateFallbackDenylist: [/^\/api/, /^\/files/, /^\/downloads\//],
        // API answers and uploaded files always go to the network. Build files the precache
        // leaves out are cached on first use: their names carry a content hash, so a cached copy
        // is never stale, and an import started once also opens offline.
        runtimeCaching: [
          {
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
            handler: 'CacheFirst',
            options: {
              cacheName: 'lazy-assets',
              expiration: { maxEntries: 40, purgeOnQuotaError: true },
            },
          },
        ],
        cleanupOutdatedCaches: true,
        // One self-contained sw.js: its import of boot-shell-sw.js and every listener run while it is
        // first evaluated, so a failed import fails the install (docs/decisions/pwa.md, "Taking a new
        // version"). A separate runtime file made them a loader callback whose failure left an installed
        // worker with no listeners, deaf to the update bar's Reload.
        inlineWorkboxRuntime: true,
      },
      devOptions: { enabled: false },
    }),
    {
      // vite-plugin-pwa writes the en-us manifest; the zh-cn one goes beside it (scripts/pwa-manifest.ts).
      name: 'creatordesk:manifest-zh-cn',
      apply: 'build',
      generateBundle() {
        this.emitFile({
          type: 'asset',
          fileName: manifestHref('zh-cn').slice(1),
          source: JSON.stringify(appManifest('zh-cn')),
        });
      },
    },
    {
      // The signed-in shell as HTML per language, which the server paints before any script runs
      // (scripts/boot-shell.ts), and the service worker too when it answers (public/boot-shell-sw.js).
      name: 'creatordesk:boot-shell',
      apply: 'build',
      generateBundle() {
        const read = (l: string) =>
          JSON.parse(fs.readFileSync(path.resolve('messages', `${l}.json`), 'utf8')) as Record<
            string,
            string
          >;
        this.emitFile({
          type: 'asset',
          fileName: 'boot-shell.json',
          source: JSON.stringify(bootShellFile({ 'en-us': read('en-us'), 'zh-cn': read('zh-cn') })),
        });
      },
    },
    precompressPlugin(),
  ],
  worker: { format: 'es' },
  server: { proxy: { '/api': proxy(), '/files': proxy(), '/downloads': proxy() } },
  preview: { proxy: { '/api': proxy(), '/files': proxy(), '/downloads': proxy() } },
  build: {
    target: 'es2022',
    sourcemap: false,
    // A lazily loaded route or dialog gets links for its stylesheets only: a <link rel=modulepreload>
    // per script it imports cost ~300 ms of main thread on a cold /home at 4× CPU (appendChild in
    // the preload helper) and fetched scripts the first screen never ran; the browser finds the
    // imports itself (docs/benchmarks.md, "lazy code without its script preloads"). The entry's
    // own preloads stay in index.html: the HTML parser starts those fetches at no script cost.
    modulePreload: {
      resolveDependencies: (_file, deps, { hostType }) =>
        hostType === 'html' ? deps : deps.filter((d) => d.endsWith('.css')),
    },
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The messages every signed-in screen shows (common, app, sync, grid, pager) in one chunk:
          // split by importer they made a dozen ~200-byte chunks on /home, each a request with ~1 kB
          // of headers (what /home's cold load may transfer). Other messages stay with their screens.
          groups: [
            {
              name: 'messages-common',
              test: /paraglide[\\/]messages[\\/](common|app|sync|grid|pager)_/,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});
