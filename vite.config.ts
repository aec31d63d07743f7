/**
 * Build of the PWA. The service worker precaches only the app shell (JS, CSS, HTML, icons,
 * flags); /api and /files are never cached and never answered with index.html, so a stale
 * shell can never mask a server answer (decisions D12/D13: data lives in IndexedDB, not in
 * the HTTP cache).
 */
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { precompressPlugin } from './scripts/vite-precompress.ts';

const API_TARGET = 'http://127.0.0.1:5180';
/** Build files left out of the service worker's precache (see workbox.globIgnores). */
const LAZY_ASSETS = ['assets/exceljs*.js', 'assets/import.worker-*.js'];

export default defineConfig({
  plugins: [
    react(),
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['favicon.svg', 'flags/*.svg'],
      manifest: {
        name: 'CreatorDesk',
        short_name: 'CreatorDesk',
        description: 'Find, invite and track short-video creators.',
        theme_color: '#1f5eff',
        background_color: '#f5f7fa',
        display: 'standalone',
        start_url: '/',
        scope: '/',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          {
            src: '/icons/icon-maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico,woff2}'],
        // Import-only code (the XLSX reader, the import worker with the CSV parser) is not in the
        // first download: it is fetched when an import starts, then kept by the rule below.
        globIgnores: LAZY_ASSETS,
        navigateFallback: 'index.html',
        navigateFallbackDenylist: [/^\/api/, /^\/files/],
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
      },
      devOptions: { enabled: false },
    }),
    precompressPlugin(),
  ],
  worker: { format: 'es' },
  server: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true },
      '/files': { target: API_TARGET, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true },
      '/files': { target: API_TARGET, changeOrigin: true },
    },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 700,
  },
});
