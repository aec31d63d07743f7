import crypto from 'node:crypto';
import { expect, it } from 'vitest';
import { EXTENSION_ID, EXTENSION_KEY } from '../identity.ts';

it('the pinned id is the one Chrome derives from the key', () => {
  const hex = crypto
    .createHash('sha256')
    .update(Buffer.from(EXTENSION_KEY, 'base64'))
    .digest('hex')
    .slice(0, 32);
  const id = [...hex].map((x) => String.fromCharCode(97 + parseInt(x, 16))).join('');
  expect(id).toBe(EXTENSION_ID);
});
