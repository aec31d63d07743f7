/**
 * Build of the PWA. The service worker precaches only the app shell (JS, CSS, HTML, icons,
 * flags); /api and /files are never cached and never answered with index.html, so a stale
 * shell can never mask a server answer (decisions D12/D13: data lives in IndexedDB, not in
 * the HTTP cache).
 */
import { defineConfig, type ProxyOptions } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

const API_TARGET = 'http://127.0.0.1:5180';

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
        navigateFallback: 'index.html',
        navigateFallbackDenylist: [/^\/api/, /^\/files/],
        // No runtimeCaching: API answers and uploaded files always go to the network.
        runtimeCaching: [],
        cleanupOutdatedCaches: true,
      },
      devOptions: { enabled: false },
    }),
  ],
  worker: { format: 'es' },
  server: { proxy: { '/api': proxy(), '/files': proxy() } },
  preview: { proxy: { '/api': proxy(), '/files': proxy() } },
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 700,
  },
});
