/**
 * config → database → migrate → seed → listen, then print the URL and the demo logins (or, on a
 * team install without demo data, how to create the first account).
 */
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/connection.ts';
import { migrate } from './db/migrate.ts';
import { startupBanner } from './ops/banner.ts';
import { listensEverywhere } from './http/host-guard.ts';
import { seedIfEmpty } from './services/seed.service.ts';
import { loadSecretsKey } from './secrets/secrets-key.ts';
import { connectDemoShop, startDemoShop, withDemoHosts } from './ops/demo-shop.ts';

const loaded = loadConfig();
// The demo's shop: a simulator on loopback stands in for TikTok wherever TTS_* do not say otherwise.
const demoShop = loaded.demoShop ? await startDemoShop() : null;
const config = demoShop ? withDemoHosts(loaded, demoShop.base, process.env) : loaded;
const database = openDatabase({
  dataDir: config.dataDir,
  databaseUrl: config.databaseUrl,
  applicationName: 'creatordesk-server',
});
const applied = await migrate(database.db);
const seeded = config.seedDemo ? await seedIfEmpty(database, { creators: config.seedDemoCreators }) : false;
const secretsKey = loadSecretsKey(config);
const app = await buildApp({ config, database, secretsKey });
await app.listen({ port: config.port, host: config.host });

const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
const url = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`;
let demoShopLine = '';
if (demoShop) {
  // A demo that cannot connect still starts: the line says why, the rest of the app works.
  demoShopLine = await connectDemoShop(app, database, demoShop).then(
    () => `Demo TikTok Shop: simulator at ${demoShop.base}, connected to the demo workspace`,
    (err: unknown) =>
      `Demo TikTok Shop: simulator at ${demoShop.base}, not connected (${(err as Error).message})`,
  );
}
console.log(
  await startupBanner({
    url,
    database,
    seedDemo: config.seedDemo,
    seeded,
    migrationsApplied: applied.length,
    everyInterface: listensEverywhere(config.host) ? { servedHosts: config.servedHosts } : undefined,
    secretsKey,
  }),
);
if (demoShopLine) console.log(demoShopLine);

// Shutdown drains first: readiness answers 503 for SHUTDOWN_DRAIN_MS while every call is still
// served, so the proxy's health check takes this process out of rotation before it stops accepting
// (a rolling restart loses no request). Then it is bounded: a job or request still running after
// the grace period is cut off (a claimed job is taken over by a live runner once its heartbeat
// stops; acknowledged writes are committed).
const SHUTDOWN_GRACE_MS = 10_000;
const shutdown = () => {
  setTimeout(() => {
    // Say what was still open, so a shutdown that hangs can be told apart (connections, jobs, pool).
    app.server.getConnections((_, connections) => {
      const handles = process.getActiveResourcesInfo().filter((r) => r !== 'Timeout');
      console.error(
        `CreatorDesk: shutdown took over ${SHUTDOWN_GRACE_MS / 1000} s; exiting now ` +
          `(open connections: ${connections}; active resources: ${handles.join(', ') || 'none'})`,
      );
      process.exit(1);
    });
  }, SHUTDOWN_GRACE_MS).unref();
  void app
    .close()
    .then(() => demoShop?.close())
    .then(() => database.close())
    .then(() => process.exit(0));
};
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.lifecycle.draining = true;
    if (config.shutdownDrainMs > 0) setTimeout(shutdown, config.shutdownDrainMs);
    else shutdown();
  });
}
