import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiOrigin } from './base-url.ts';

const at = (origin: string) => {
  const u = new URL(origin);
  return { protocol: u.protocol, hostname: u.hostname, host: u.host, origin: u.origin };
};

describe('apiOrigin', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('stays on the page origin on localhost and IP addresses', () => {
    expect(apiOrigin(at('http://localhost:5180'))).toBe('http://localhost:5180');
    expect(apiOrigin(at('http://127.0.0.1:5180'))).toBe('http://127.0.0.1:5180');
  });

  it('uses the api sub-domain of any other host', () => {
    expect(apiOrigin(at('https://desk.agency.com'))).toBe('https://api.desk.agency.com');
  });

  it('VITE_API_BASE=self keeps the API on the page origin on any host (team install)', () => {
    vi.stubEnv('VITE_API_BASE', 'self');
    expect(apiOrigin(at('https://desk.agency.com:8443'))).toBe('https://desk.agency.com:8443');
  });

  it('an explicit VITE_API_BASE origin wins, without its trailing slash', () => {
    vi.stubEnv('VITE_API_BASE', 'https://api.example.net/');
    expect(apiOrigin(at('https://desk.agency.com'))).toBe('https://api.example.net');
  });
});
