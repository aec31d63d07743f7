/** config → database → migrate → seed → listen, then print the URL and the demo login. */
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/connection.ts';
import { migrate } from './db/migrate.ts';
import { DEMO_ACCOUNTS } from './services/demo.ts';
import { seedIfEmpty } from './services/seed.service.ts';

const config = loadConfig();
const database = openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
await migrate(database.db);
const seeded = config.seedDemo ? await seedIfEmpty(database) : false;
const app = await buildApp({ config, database });
await app.listen({ port: config.port, host: config.host });

const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
const url = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`;
const where = database.engine === 'sqlite' ? database.file : 'PostgreSQL (DATABASE_URL)';
console.log(`
  CreatorDesk is running at ${url}
  Database: ${where}${seeded ? ' (demo data seeded)' : ''}
  Demo login (zh-cn): phone ${DEMO_ACCOUNTS.zh.phone}  password ${DEMO_ACCOUNTS.zh.password}
  Demo login (en-us): email ${DEMO_ACCOUNTS.en.email}  password ${DEMO_ACCOUNTS.en.password}
`);

// Shutdown is bounded: a job or request still running after the grace period is cut off (a claimed
// job is taken over by a live runner once its heartbeat stops; acknowledged writes are committed).
const SHUTDOWN_GRACE_MS = 10_000;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
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
      .then(() => database.close())
      .then(() => process.exit(0));
  });
}
