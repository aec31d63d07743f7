/**
 * A new release of the PWA, the way deploy/upgrade.sh ships one: build it into its own folder,
 * copy the previous release's hashed assets in (tabs still running the old code lazy-load old
 * chunks), then switch the `web` symlink atomically so every running process serves it at once.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
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
