/**
 * The files in deploy/ hold together: Caddy accepts the shipped Caddyfile with the
 * example settings; the example settings file parses as the server's configuration for a team
 * install (PostgreSQL, no demo data, trusted proxy, ops token, drain) and names nothing the server
 * does not read; every setting the Caddyfile, the units and the scripts use is in it; the scripts
 * parse. The HTTPS browser test (tests/e2e/team-https.e2e.ts) runs the same Caddyfile for real.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENV_KEYS, loadConfig } from '../../server/config.ts';
import { createTestCa } from '../helpers/tls-ca.ts';

const read = (f: string) => fs.readFileSync(path.join('deploy', f), 'utf8');
/** The file without its comment lines. */
const code = (f: string) =>
  read(f)
    .split('\n')
    .filter((l) => !l.trim().startsWith('#'))
    .join('\n');

/** KEY=value lines of an env file (systemd and `set -a; .` read the same syntax here). */
function parseEnvFile(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const m = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (m) out[m[1]!] = m[2]!.replace(/^"(.*)"$/, '$1');
  }
  return out;
}

const example = parseEnvFile(read('creatordesk.env.example'));
const filled = { ...example, OPS_TOKEN: 'f'.repeat(48), SECRETS_KEY: 'a'.repeat(64) };

describe('deploy/', () => {
  it('the example settings are a team install: PostgreSQL, no demo data, behind the proxy', () => {
    expect(example.OPS_TOKEN).toBe('CHANGE-ME');
    expect(() => loadConfig(example)).toThrow(/OPS_TOKEN needs 24\+ characters/);
    // The secrets key must be set too: the placeholder stops the start with a message naming it.
    expect(example.SECRETS_KEY).toBe('CHANGE-ME');
    expect(() => loadConfig({ ...example, OPS_TOKEN: 'f'.repeat(48) })).toThrow(
      /SECRETS_KEY must be 32 bytes/,
    );
    const config = loadConfig(filled);
    expect(config.databaseUrl).toMatch(/^postgres:\/\//);
    expect(config.seedDemo).toBe(false);
    expect(config.trustProxy).toBe(true);
    expect(config.host).toBe('127.0.0.1');
    expect(config.shutdownDrainMs).toBeGreaterThan(1000);
    expect(config.webDir).toBe('/srv/creatordesk/current/dist');
    // The processes answer for the site Caddy serves (Caddy passes its Host through), nothing else.
    expect(config.servedHosts).toEqual([example.CREATORDESK_SITE]);
    const unknown = Object.keys(example).filter(
      (k) => !ENV_KEYS.includes(k) && !k.startsWith('VITE_') && !k.startsWith('CREATORDESK_'),
    );
    expect(unknown).toEqual([]);
  });

  it('every setting the Caddyfile, units and scripts read is in the example', () => {
    const used = new Set<string>();
    for (const m of code('Caddyfile').matchAll(/\{\$([A-Z0-9_]+)/g)) used.add(m[1]!);
    for (const f of ['upgrade.sh', 'rolling-restart.sh', 'app.sh'])
      for (const m of code(f).matchAll(/\$\{?([A-Z][A-Z0-9_]+)/g)) used.add(m[1]!);
    const ownDefaults = [
      'CADDY_ADMIN',
      'CADDY_HTTP_PORT',
      'CADDY_HTTPS_PORT',
      'CREATORDESK_TLS',
      'CREATORDESK_LB_POLICY',
    ];
    const scriptLocals = [
      'REF',
      'BASE',
      'ENV_FILE',
      'SHA',
      'REL',
      'FIRST',
      'HOME',
      'CREATORDESK_BASE',
      'CREATORDESK_ENV',
      'APP_DIR',
    ];
    const missing = [...used].filter(
      (k) => !(k in example) && !ownDefaults.includes(k) && !scriptLocals.includes(k),
    );
    expect(missing).toEqual([]);
    for (const unit of ['creatordesk@.service', 'creatordesk-backup.service', 'caddy-creatordesk.conf'])
      expect(read(unit), unit).toContain('EnvironmentFile=/etc/creatordesk/creatordesk.env');
  });

  it('Caddy accepts the Caddyfile with the example settings and with a certificate of its own', () => {
    const env = { PATH: process.env.PATH ?? '', HOME: os.tmpdir(), ...filled };
    const validate = (extra: Record<string, string>) =>
      spawnSync('caddy', ['validate', '--config', 'deploy/Caddyfile', '--adapter', 'caddyfile'], {
        env: { ...env, ...extra },
        encoding: 'utf8',
      });
    const auto = validate({});
    expect(auto.error, 'caddy is installed (apt-get install caddy; .ci/run does)').toBeUndefined();
    expect(auto.status, auto.stderr).toBe(0);
    const ca = createTestCa('desk.agency.test');
    const own = validate({
      CREATORDESK_TLS: `tls ${ca.certFile} ${ca.keyFile}`,
      CREATORDESK_SITE: 'desk.agency.test',
    });
    expect(own.status, own.stderr).toBe(0);
  });

  it('the scripts parse and are executable', () => {
    for (const f of ['upgrade.sh', 'rolling-restart.sh', 'app.sh']) {
      execFileSync('bash', ['-n', path.join('deploy', f)]);
      expect(fs.statSync(path.join('deploy', f)).mode & 0o111, f).not.toBe(0);
    }
  });
});
