/**
 * The extension's manifest (MV3). It asks only for what it uses: storage (pairing, queue, caches)
 * and alarms (retrying the queue after the worker stopped). Hosts: the Affiliate Center pages the
 * content scripts read, and CreatorDesk on 127.0.0.1 (any port); any other CreatorDesk address is
 * an optional host permission the popup requests at pairing. No cookies permission, no <all_urls>.
 */
import { defineManifest } from '@crxjs/vite-plugin';
import { AFFILIATE_MATCHES } from './src/affiliate/adapter.ts';
import { EXTENSION_KEY } from './identity.ts';

const matches = [...AFFILIATE_MATCHES];

export default defineManifest({
  manifest_version: 3,
  name: 'CreatorDesk for TikTok Shop Affiliate Center',
  short_name: 'CreatorDesk',
  version: '0.1.0',
  description:
    'Badges from your CreatorDesk workspace on Affiliate Center, creators collected from the pages you browse, and chat templates filled for you (you press Send).',
  minimum_chrome_version: '120',
  // Pins the id (chrome-extension://<id> is what the server's ALLOWED_ORIGINS lists).
  key: EXTENSION_KEY,
  permissions: ['storage', 'alarms'],
  host_permissions: [...matches, 'http://127.0.0.1/*'],
  optional_host_permissions: ['http://*/*', 'https://*/*'],
  background: { service_worker: 'src/worker/service-worker.ts', type: 'module' },
  action: { default_popup: 'src/popup/index.html', default_title: 'CreatorDesk' },
  content_scripts: [
    {
      matches,
      js: ['src/content/interceptor.iife.ts'],
      run_at: 'document_start',
      world: 'MAIN',
      all_frames: false,
    },
    { matches, js: ['src/content/main.iife.ts'], run_at: 'document_start', all_frames: false },
  ],
});
