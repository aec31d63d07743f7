/**
 * Where the key for secrets at rest comes from (docs/security.md "Secrets at rest"):
 * - SECRETS_KEY, always, when set (a team install must set it: every process, every machine and
 *   every restored backup needs the same key);
 * - else, on the embedded database (a local `npm start`), DATA_DIR/secrets.key, generated on the
 *   first start with mode 0600 (the start banner says so); two processes starting together agree
 *   on one file (exclusive create);
 * - else (PostgreSQL without SECRETS_KEY) none: calls that store or read a secret answer with a
 *   message naming the setting, and the banner warns.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createSecretBox, KEY_BYTES, parseKey, type SecretBox } from './secret-box.ts';

export interface SecretsKey {
  box: SecretBox | null;
  source: 'setting' | 'file' | 'file-created' | 'none';
  /** The key file, when one is used. */
  file?: string;
  /** A warning for the banner (a key file others can read). */
  warning?: string;
}

export const KEY_FILE = 'secrets.key';

export function loadSecretsKey(o: {
  secretsKey: Buffer | undefined;
  dataDir: string;
  databaseUrl: string | undefined;
}): SecretsKey {
  if (o.secretsKey) return { box: createSecretBox(o.secretsKey), source: 'setting' };
  if (o.databaseUrl) return { box: null, source: 'none' };
  const file = path.join(o.dataDir, KEY_FILE);
  fs.mkdirSync(o.dataDir, { recursive: true });
  let created = false;
  try {
    fs.writeFileSync(file, `${crypto.randomBytes(KEY_BYTES).toString('hex')}\n`, { flag: 'wx', mode: 0o600 });
    created = true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const key = parseKey(fs.readFileSync(file, 'utf8'));
  if (!key)
    throw new Error(`${file} does not hold a secrets key (64 hex characters); restore it or remove it`);
  const mode = fs.statSync(file).mode & 0o077;
  return {
    box: createSecretBox(key),
    source: created ? 'file-created' : 'file',
    file,
    ...(mode && process.platform !== 'win32'
      ? { warning: `${file} can be read by other users of this machine: chmod 600 ${file}` }
      : {}),
  };
}
