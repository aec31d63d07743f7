/**
 * Builds the browser extension (docs/decisions/extension.md) into dist-extension/ with
 * @crxjs/vite-plugin: `npm run build:extension` (then extension/scripts/zip.mjs writes
 * dist-extension.zip). The extension imports contract/ by relative path, and nothing of the PWA.
 */
import { fileURLToPath } from 'node:url';
import { crx } from '@crxjs/vite-plugin';
import { defineConfig } from 'vite';
import manifest from './manifest.config.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  publicDir: false,
  plugins: [crx({ manifest })],
  build: {
    outDir: fileURLToPath(new URL('../dist-extension', import.meta.url)),
    emptyOutDir: true,
    target: 'chrome120',
    minify: true,
    sourcemap: false,
  },
  server: { fs: { allow: [fileURLToPath(new URL('..', import.meta.url))] } },
});
