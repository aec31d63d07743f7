/**
 * Secrets at rest (TikTok Shop app secrets and seller tokens): AES-256-GCM from node:crypto with a
 * random 96-bit IV per value and the 128-bit tag. Each value is bound to where it lives by the
 * additional authenticated data (`context`: table, column and row owner), so a sealed value copied
 * into another row or workspace does not open. The text form names the key it was sealed with (a
 * key id, not the key), so a changed SECRETS_KEY is told apart from tampering.
 *
 *   v1.<key id>.<iv>.<tag>.<ciphertext>   (base64url parts)
 */
import crypto from 'node:crypto';

export const KEY_BYTES = 32;

export class SecretUnreadable extends Error {
  constructor(readonly reason: 'other_key' | 'tampered' | 'malformed') {
    super(`secret cannot be opened: ${reason}`);
    this.name = 'SecretUnreadable';
  }
}

export interface SecretBox {
  /** Eight hex characters naming the key (a hash of it): safe to log and store. */
  readonly keyId: string;
  seal(plaintext: string, context: string): string;
  /** The plaintext, or SecretUnreadable (another key, a changed value or context, junk). */
  open(sealed: string, context: string): string;
}

const b64 = (b: Buffer): string => b.toString('base64url');

export function keyIdOf(key: Buffer): string {
  return crypto
    .createHash('sha256')
    .update('creatordesk secrets key id\n')
    .update(key)
    .digest('hex')
    .slice(0, 8);
}

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== KEY_BYTES) throw new Error(`a secrets key has ${KEY_BYTES} bytes`);
  const keyId = keyIdOf(key);
  return {
    keyId,
    seal(plaintext, context) {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const ct = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return ['v1', keyId, b64(iv), b64(cipher.getAuthTag()), b64(ct)].join('.');
    },
    open(sealed, context) {
      const parts = typeof sealed === 'string' ? sealed.split('.') : [];
      if (parts.length !== 5 || parts[0] !== 'v1') throw new SecretUnreadable('malformed');
      const [, kid, ivText, tagText, ctText] = parts as [string, string, string, string, string];
      if (kid !== keyId) throw new SecretUnreadable('other_key');
      const iv = Buffer.from(ivText, 'base64url');
      const tag = Buffer.from(tagText, 'base64url');
      if (iv.length !== 12 || tag.length !== 16) throw new SecretUnreadable('malformed');
      try {
        const decipher = crypto.createDecipheriv('aes-256-gcm', key, iv, { authTagLength: 16 });
        decipher.setAAD(Buffer.from(context, 'utf8'));
        decipher.setAuthTag(tag);
        return Buffer.concat([decipher.update(Buffer.from(ctText, 'base64url')), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        throw new SecretUnreadable('tampered');
      }
    },
  };
}

/**
 * A key written as 64 hex characters (`openssl rand -hex 32`) or base64/base64url of 32 bytes
 * (`openssl rand -base64 32`); null for anything else.
 */
export function parseKey(text: string): Buffer | null {
  const t = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(t)) return Buffer.from(t, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(t)) {
    const b = Buffer.from(t.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    return b.length === KEY_BYTES ? b : null;
  }
  return null;
}
