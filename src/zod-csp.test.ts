import { expect, it } from 'vitest';

it('sets zod to jitless before zod loads (no new Function probe under the CSP)', async () => {
  await import('./zod-csp.ts');
  const { z } = await import('zod');
  expect(z.config().jitless).toBe(true);
});
