/**
 * A new release of the PWA, the way deploy/upgrade.sh ships one: build it into its own folder,
 * copy the previous release's hashed assets in (tabs still running the old code lazy-load old
 * chunks), then switch the `web` symlink atomically so every running process serves it at once.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** `vite build` into `outDir` with extra build-time env (e.g. VITE_HELP_URL); resolves when done. */
export function buildPwa(outDir: string, env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const proc = spawn('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    proc.stdout?.on('data', (d) => (out += String(d)));
    proc.stderr?.on('data', (d) => (out += String(d)));
    proc.on('error', reject);
    proc.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`vite build failed:\n${out}`))));
  });
}

/** Points `link` at `newDir`, keeping the current release's assets reachable from the new one. */
export function releaseWeb(link: string, newDir: string): void {
  const current = fs.realpathSync(link);
  const from = path.join(current, 'assets');
  const to = path.join(newDir, 'assets');
  for (const name of fs.readdirSync(from)) {
    if (!fs.existsSync(path.join(to, name))) fs.copyFileSync(path.join(from, name), path.join(to, name));
  }
  const next = `${link}.next`;
  fs.rmSync(next, { force: true });
  fs.symlinkSync(path.resolve(newDir), next);
  fs.renameSync(next, link);
}

export interface TwoReleases {
  dirs: [string, string];
  /** Resolves when the first (running) release is built. */
  first: Promise<void>;
  /** Resolves when the next release (the upgrade) is built. */
  next: Promise<void>;
  remove(): Promise<void>;
}

/**
 * Two releases as a team install builds them (the API on the app's own origin, VITE_API_BASE=self),
 * built at once; the next one adds `nextEnv` (e.g. another help link: a new bundle and a new
 * service worker).
 */
export function buildTwoReleases(nextEnv: Record<string, string>): TwoReleases {
  const dirs = [0, 1].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'cd-web-release-'))) as [
    string,
    string,
  ];
  const first = buildPwa(dirs[0], { VITE_API_BASE: 'self' });
  const next = buildPwa(dirs[1], { VITE_API_BASE: 'self', ...nextEnv });
  return {
    dirs,
    first,
    next,
    async remove() {
      await Promise.allSettled([first, next]);
      for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
