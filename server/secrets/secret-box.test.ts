import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSecretBox, parseKey, SecretUnreadable } from './secret-box.ts';
import { loadSecretsKey } from './secrets-key.ts';

const KEY = Buffer.alloc(32, 7);

describe('secret box (AES-256-GCM)', () => {
  it('round-trips, with a fresh IV each time, and no plaintext in the sealed text', () => {
    const box = createSecretBox(KEY);
    const a = box.seal('TTP_secret_token_é', 'shop_authorizations.access_token:1');
    const b = box.seal('TTP_secret_token_é', 'shop_authorizations.access_token:1');
    expect(a).not.toBe(b);
    expect(a).toMatch(/^v1\.[0-9a-f]{8}\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(a).not.toContain('TTP_secret');
    expect(box.open(a, 'shop_authorizations.access_token:1')).toBe('TTP_secret_token_é');
  });

  it('refuses a changed value, another context (row or workspace) and another key', () => {
    const box = createSecretBox(KEY);
    const sealed = box.seal('s3cret', 'shop_apps.app_secret:1');
    const reason = (fn: () => unknown) => {
      try {
        fn();
        return 'opened';
      } catch (e) {
        return e instanceof SecretUnreadable ? e.reason : String(e);
      }
    };
    const parts = sealed.split('.');
    const flip = (s: string) => (s[0] === 'A' ? 'B' : 'A') + s.slice(1);
    expect(
      reason(() => box.open([...parts.slice(0, 4), flip(parts[4]!)].join('.'), 'shop_apps.app_secret:1')),
    ).toBe('tampered');
    expect(
      reason(() =>
        box.open([...parts.slice(0, 3), flip(parts[3]!), parts[4]].join('.'), 'shop_apps.app_secret:1'),
      ),
    ).toBe('tampered');
    expect(reason(() => box.open(sealed, 'shop_apps.app_secret:2'))).toBe('tampered');
    expect(reason(() => createSecretBox(Buffer.alloc(32, 8)).open(sealed, 'shop_apps.app_secret:1'))).toBe(
      'other_key',
    );
    for (const junk of ['', 'v1', 'v2.a.b.c.d', `${parts.slice(0, 2).join('.')}.x.y.z`])
      expect(
        reason(() => box.open(junk, 'shop_apps.app_secret:1')),
        junk,
      ).toBe('malformed');
  });

  it('reads keys as 64 hex characters or base64 of 32 bytes, nothing else', () => {
    expect(parseKey('07'.repeat(32))).toEqual(KEY);
    expect(parseKey(KEY.toString('base64'))).toEqual(KEY);
    expect(parseKey(KEY.toString('base64url'))).toEqual(KEY);
    for (const bad of [
      '',
      'CHANGE-ME',
      '07'.repeat(31),
      '07'.repeat(33),
      Buffer.alloc(31).toString('base64'),
    ])
      expect(parseKey(bad), bad).toBeNull();
  });
});

describe('secrets key source', () => {
  const dir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'cd-key-'));

  it('generates DATA_DIR/secrets.key once, mode 0600, on the embedded database', () => {
    const dataDir = dir();
    const first = loadSecretsKey({ secretsKey: undefined, dataDir, databaseUrl: undefined });
    expect(first.source).toBe('file-created');
    const file = path.join(dataDir, 'secrets.key');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const sealed = first.box!.seal('x', 'c');
    const second = loadSecretsKey({ secretsKey: undefined, dataDir, databaseUrl: undefined });
    expect(second.source).toBe('file');
    expect(second.box!.open(sealed, 'c')).toBe('x');
    expect(second.warning).toBeUndefined();
    fs.chmodSync(file, 0o644);
    expect(loadSecretsKey({ secretsKey: undefined, dataDir, databaseUrl: undefined }).warning).toMatch(
      /chmod 600/,
    );
    fs.rmSync(dataDir, { recursive: true });
  });

  it('uses SECRETS_KEY when set, and has none on PostgreSQL without it (no file written)', () => {
    const dataDir = dir();
    expect(loadSecretsKey({ secretsKey: KEY, dataDir, databaseUrl: undefined }).source).toBe('setting');
    const pg = loadSecretsKey({ secretsKey: undefined, dataDir, databaseUrl: 'postgres://x/y' });
    expect(pg).toEqual({ box: null, source: 'none' });
    expect(fs.existsSync(path.join(dataDir, 'secrets.key'))).toBe(false);
    fs.rmSync(dataDir, { recursive: true });
  });

  it('refuses a key file that holds no key', () => {
    const dataDir = dir();
    fs.writeFileSync(path.join(dataDir, 'secrets.key'), 'oops\n');
    expect(() => loadSecretsKey({ secretsKey: undefined, dataDir, databaseUrl: undefined })).toThrow(
      /does not hold/,
    );
    fs.rmSync(dataDir, { recursive: true });
  });
});
