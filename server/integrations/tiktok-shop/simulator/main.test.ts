/** The standalone entry starts a listener a connector can use, with the app's settings printed. */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ENTRY = path.join(import.meta.dirname, 'main.ts');

describe('standalone simulator', () => {
  it('listens on the given port and prints the TTS_* settings', { timeout: 60_000 }, async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', ENTRY, '--port', '0', '--order-lines', '50'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      let out = '';
      const address = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const m = /TTS_API_BASE=(http:\/\/127\.0\.0\.1:\d+)/.exec(out);
          if (m) resolve(m[1]!);
        });
        child.on('exit', (code) => reject(new Error(`exited with ${code}: ${out}`)));
      });
      expect(out).toMatch(/TTS_APP_KEY=\S+ TTS_APP_SECRET=\S+ TTS_SERVICE_ID=\d+/);
      const state = await (await fetch(`${address}/_sim/state`)).json();
      expect(state.sellers[0].shopIds).toHaveLength(2);
      const shops = await (await fetch(`${address}/authorization/202309/shops`)).json();
      expect(shops.code).toBe(36009004);
    } finally {
      child.kill('SIGTERM');
    }
  });

  it('refuses a bad option with a message', { timeout: 60_000 }, async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', ENTRY, '--port', 'abc'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(2);
    expect(err).toMatch(/--port must be an integer/);
  });
});
