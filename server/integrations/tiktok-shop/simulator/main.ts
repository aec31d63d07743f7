/**
 * Runs the simulator on its own:
 *   npx tsx server/integrations/tiktok-shop/simulator/main.ts --port 5190
 * Options: --host (default 127.0.0.1), --order-lines N, --seed N, --app-key, --app-secret,
 * --service-id, --redirect-url, --webhook-url, --consent page|approve|deny,
 * --creators file.json (an array of {handle, country}).
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import type { CreatorSeed, SimulatorOptions } from './config.ts';
import { buildTikTokSimulator } from './simulator.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '5190' },
    host: { type: 'string', default: '127.0.0.1' },
    'order-lines': { type: 'string' },
    seed: { type: 'string' },
    'app-key': { type: 'string' },
    'app-secret': { type: 'string' },
    'service-id': { type: 'string' },
    'redirect-url': { type: 'string' },
    'webhook-url': { type: 'string' },
    consent: { type: 'string' },
    creators: { type: 'string' },
  },
});

function intOption(name: string, raw: string | undefined, max: number): number | undefined {
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > max) {
    console.error(`--${name} must be an integer from 0 to ${max}`);
    process.exit(2);
  }
  return n;
}

const port = intOption('port', values.port, 65_535) ?? 5190;
const consent = values.consent;
if (consent !== undefined && consent !== 'page' && consent !== 'approve' && consent !== 'deny') {
  console.error('--consent must be page, approve or deny');
  process.exit(2);
}
let creators: CreatorSeed[] | undefined;
if (values.creators) {
  const parsed: unknown = JSON.parse(fs.readFileSync(values.creators, 'utf8'));
  if (!Array.isArray(parsed) || !parsed.every((c) => typeof c?.handle === 'string')) {
    console.error('--creators must name a JSON array of {handle, country}');
    process.exit(2);
  }
  creators = parsed as CreatorSeed[];
}

const app: SimulatorOptions['app'] = {};
if (values['app-key']) app.appKey = values['app-key'];
if (values['app-secret']) app.appSecret = values['app-secret'];
if (values['service-id']) app.serviceId = values['service-id'];
if (values['redirect-url']) app.redirectUrl = values['redirect-url'];
if (values['webhook-url']) app.webhookUrl = values['webhook-url'];

const orderLines = intOption('order-lines', values['order-lines'], 100_000_000);
const seed = intOption('seed', values.seed, 2 ** 32 - 1);
const sim = buildTikTokSimulator({
  app,
  ...(orderLines !== undefined ? { orderLines } : {}),
  ...(seed !== undefined ? { seed } : {}),
  ...(consent ? { consent } : {}),
  ...(creators ? { creators } : {}),
});
const address = await sim.app.listen({ port, host: values.host });
const { appKey, appSecret, serviceId, redirectUrl } = sim.control.app;
console.log(`TikTok Shop simulator on ${address}
  TTS_API_BASE=${address} TTS_AUTH_BASE=${address} TTS_CONSENT_BASE=${address}
  TTS_APP_KEY=${appKey} TTS_APP_SECRET=${appSecret} TTS_SERVICE_ID=${serviceId}
  redirect URL: ${redirectUrl}
  control: ${address}/_sim/state`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void sim.app.close().then(() => process.exit(0));
  });
}
