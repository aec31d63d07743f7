/**
 * The demo seed, made once and copied: a browser file's server would otherwise spend about half of
 * its start (two demo workspaces of SEED_DEMO_CREATORS creators, the demo accounts' password hashes)
 * seeding the same data as every other file. The first start of a kind seeds a data directory and
 * stops cleanly; later starts get a copy of it (SQLite file, secrets key, files folder).
 *
 * A template is keyed by the server's code (server/ and contract/ sources), the environment it was
 * seeded with and the day (the seed dates its rows relative to the day it runs), so a change to any
 * of them seeds anew. Only for SQLite: a PostgreSQL database is made fresh per file.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const DAY = 86_400_000;

/** Hash of the server's own sources (server/ and contract/): what a fresh server writes into its data
 * directory, and what its test build (server-process.ts `serverCommand`) is made of. */
function sourceHash(): string {
  const h = crypto.createHash('sha256');
  for (const root of ['server', 'contract']) {
    const files = (fs.readdirSync(root, { recursive: true }) as string[])
      .filter((f) => /\.(ts|json|sql)$/.test(f) && !/\.test\.ts$/.test(f))
      .sort();
    for (const f of files) h.update(f).update(fs.readFileSync(path.join(root, f)));
  }
  return h.digest('hex');
}

let hashed: string | undefined;
/** `sourceHash`, computed once per process (the sources do not change while tests run). */
export const serverSourceHash = (): string => (hashed ??= sourceHash());

/** The inherited variables that could change a seed (the server gets the whole environment). */
const inherited = () =>
  Object.entries(process.env)
    .filter(([k]) => /^(SEED_|DEMO_|TTS_|TZ$|NOW)/.test(k))
    .sort();

/**
 * A copy of the seeded data directory for `env` in a new temporary folder; `seed` starts and
 * stops a server on the directory it is given (only the first time for this key).
 */
export async function seededCopy(
  env: Record<string, string>,
  seed: (dataDir: string) => Promise<void>,
): Promise<string> {
  const day = Math.floor(Date.now() / DAY);
  const key = crypto
    .createHash('sha256')
    .update(
      JSON.stringify({
        hashed: serverSourceHash(),
        env: Object.entries(env).sort(),
        inherited: inherited(),
        day,
      }),
    )
    .digest('hex')
    .slice(0, 16);
  const template = path.join(os.tmpdir(), `cd-seed-template-${key}`);
  if (!fs.existsSync(template)) {
    const building = fs.mkdtempSync(path.join(os.tmpdir(), 'cd-seed-building-'));
    await seed(building);
    // Published whole by one rename; a parallel worker that built the same one first keeps its own.
    if (Math.floor(Date.now() / DAY) === day) {
      try {
        fs.renameSync(building, template);
      } catch {
        /* another worker published it first */
      }
    }
    if (!fs.existsSync(template)) return building; // seeded across midnight: use it once, keep no template
    fs.rmSync(building, { recursive: true, force: true });
  }
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'cd-e2e-'));
  fs.cpSync(template, copy, { recursive: true });
  return copy;
}
