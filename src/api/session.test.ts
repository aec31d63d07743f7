import { beforeEach, describe, expect, it } from 'vitest';
import {
  clearSession,
  getSession,
  getToken,
  setCookieJar,
  setSession,
  subscribeSession,
  type CookieJar,
} from './session.ts';

/** Records raw cookie writes so the test sees names, values and expiry as a browser would. */
function recordingJar(): CookieJar & { writes: string[] } {
  const map = new Map<string, string>();
  const writes: string[] = [];
  return {
    writes,
    get cookie() {
      return [...map].map(([k, v]) => `${k}=${v}`).join('; ');
    },
    set cookie(line: string) {
      writes.push(line);
      const [pair, ...attrs] = line.split(';');
      const i = pair!.indexOf('=');
      const exp = attrs.find((a) => a.trim().startsWith('expires='));
      if (exp && new Date(exp.split('=')[1]!).getTime() <= Date.now()) map.delete(pair!.slice(0, i));
      else map.set(pair!.slice(0, i), pair!.slice(i + 1));
    },
  };
}

let jar: ReturnType<typeof recordingJar>;
beforeEach(() => {
  jar = recordingJar();
  setCookieJar(jar);
});

describe('login session cookies', () => {
  it('stores the token in TiktokToken and tkToken with the server expiry', () => {
    const exp = Math.floor(Date.now() / 1000) + 7 * 86400;
    setSession({
      token: 'abc',
      token_expiration_time: exp,
      member_name: 'Zoë 张',
      phone: null,
      login_time: 5,
    });
    expect(getToken()).toBe('abc');
    const expires = new Date(exp * 1000).toUTCString();
    expect(jar.writes.filter((w) => w.startsWith('TiktokToken=abc;'))[0]).toContain(`expires=${expires}`);
    expect(jar.writes.some((w) => w.startsWith('tkToken=abc;'))).toBe(true);
    expect(getSession()).toEqual({
      token: 'abc',
      token_expiration_time: exp,
      member_name: 'Zoë 张',
      phone: null,
      login_time: 5,
    });
  });

  it('clears everything and tells subscribers', () => {
    let n = 0;
    const off = subscribeSession(() => n++);
    setSession({
      token: 'x',
      token_expiration_time: Math.floor(Date.now() / 1000) + 60,
      member_name: 'a',
      login_time: 1,
    });
    clearSession();
    off();
    expect(getToken()).toBeUndefined();
    expect(getSession()).toEqual({});
    expect(n).toBe(2);
  });

  it('treats an expired token as signed out', () => {
    setSession({ token: 'old', token_expiration_time: 1000, member_name: 'a', login_time: 1 });
    expect(getToken()).toBeUndefined();
  });
});
