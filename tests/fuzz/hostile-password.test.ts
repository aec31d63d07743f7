/**
 * Hostile input to the password change (PUT /member/change.pw with `oldPassword` or an SMS code),
 * on both engines: random and malicious values in every field, as form bodies and as JSON, for an
 * email account and a phone account, each request from its own address so the guess limits do not
 * hide the deeper checks. Never a 5xx; every answer is 40001 naming a field of the call or 40029;
 * nothing changes: both passwords still sign in, no session is signed out, and the limits count
 * exactly the wrong current passwords that reached the hash. Seed: FUZZ_SEED.
 */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { encodeForm } from '../../contract/wire.ts';
import { passwordRuns } from '../../server/services/password.ts';
import { describeEngines } from '../helpers/test-app.ts';
import { hostileValue, ownObject, SCRIPT_PAYLOADS, SQL_PAYLOADS } from './hostile.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
const RUNS = Number(process.env.FUZZ_RUNS ?? 8) * 6;
const FIELDS = ['oldPassword', 'password', 'repassword', 'phoneCode'];

/** A body of the call's own fields (and prototype keys) with hostile values. */
const anyBody = fc
  .array(fc.tuple(fc.constantFrom(...FIELDS, '__proto__', 'constructor'), hostileValue), { maxLength: 6 })
  .map(ownObject);
/** A valid new password with a hostile current one, so the check behind the limits is reached. */
const guessBody = fc.record({
  oldPassword: fc.oneof(
    fc.constantFrom(
      ...SQL_PAYLOADS,
      ...SCRIPT_PAYLOADS,
      ' ',
      '\uFEFF',
      '𝕏😀👩‍👩‍👧',
      'x'.repeat(1000),
      'x'.repeat(1001),
    ),
    fc.string({ maxLength: 80 }),
    fc.string({ unit: 'grapheme', maxLength: 40 }),
    hostileValue,
  ),
  password: fc.constant('NewSecret#1'),
  repassword: fc.constant('NewSecret#1'),
  phoneCode: fc.option(fc.constantFrom('123456', '1', ''), { nil: undefined }),
});
const body = fc.oneof(anyBody, guessBody);

describeEngines('hostile password changes', (t) => {
  it(
    'random bodies never answer 5xx, never change a password and never sign anyone out',
    { timeout: 240_000 },
    async () => {
      const app = t();
      const email = await app.signUp({ email: 'fuzz.pw@example.com' });
      const phone = await app.signUp();
      let addr = 0;
      const failures: string[] = [];
      const codes = new Map<string, number>();
      const before = passwordRuns().verify;
      let wrongGuesses = 0;
      await fc.assert(
        fc.asyncProperty(body, fc.boolean(), fc.boolean(), async (b, json, ofEmail) => {
          const who = ofEmail ? email : phone;
          addr++;
          const res = await app.app.inject({
            method: 'PUT',
            url: '/api/v0.1/member/change.pw',
            headers: {
              token: who.token,
              'x-forwarded-for': `10.70.${Math.floor(addr / 250)}.${addr % 250}`,
              'content-type': json ? 'application/json' : 'application/x-www-form-urlencoded',
            },
            payload: json ? JSON.stringify(b) : encodeForm(b),
          });
          const answer = res.json() as { code: number; msg: string };
          codes.set(String(answer.code), (codes.get(String(answer.code)) ?? 0) + 1);
          if (answer.msg === 'The current password is wrong') wrongGuesses++;
          const fine = res.statusCode < 500 && (answer.code === 40001 || answer.code === 40029);
          if (!fine)
            failures.push(
              `${JSON.stringify(b).slice(0, 200)} → ${res.statusCode} ${res.payload.slice(0, 200)}`,
            );
          return true; // collect every failure instead of shrinking one
        }),
        { seed: SEED, numRuns: RUNS },
      );
      console.log(
        `password fuzz [${app.engine}]: ${RUNS} bodies; codes ${[...codes].map(([c, n]) => `${c}×${n}`).join(' ')}; ` +
          `${wrongGuesses} wrong current passwords`,
      );
      expect(failures).toEqual([]);
      // Exactly the wrong current passwords were hashed (each body had its own address).
      expect(passwordRuns().verify - before).toBe(wrongGuesses);
      for (const u of [email, phone]) {
        expect((await app.call('GET', '/member/info', {}, { token: u.token })).code).toBe(200);
        const login = await app.call(
          'POST',
          '/member/getToken',
          { sys_tag: 'tiktok-sys', isPassword: 1, force: 1, password: u.password, phone: u.phone ?? u.email },
          { headers: { 'x-forwarded-for': '10.71.0.1' } },
        );
        expect(login.code).toBe(200);
      }
    },
  );
});
