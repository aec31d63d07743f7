import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('SEED_DEMO_CREATORS', () => {
  it('is unset by default (the seed uses its own 20,000) and read as a number when given', () => {
    expect(loadConfig({}).seedDemoCreators).toBeUndefined();
    expect(loadConfig({ SEED_DEMO_CREATORS: '5000' }).seedDemoCreators).toBe(5000);
  });

  it('refuses what is not a creator count', () => {
    for (const bad of ['0', '7', '-5', '2.5', 'many', '1000001']) {
      expect(() => loadConfig({ SEED_DEMO_CREATORS: bad }), bad).toThrow();
    }
  });
});

describe('TikTok Shop and secrets settings', () => {
  it("defaults to TikTok's hosts, no app, and no key (the key file comes later)", () => {
    const c = loadConfig({});
    expect(c.tts).toEqual({
      hosts: {
        apiBase: 'https://open-api.tiktokglobalshop.com',
        authBase: 'https://auth.tiktok-shops.com',
        consentBase: 'https://services.tiktokshop.com',
        consentBaseUs: 'https://services.us.tiktokshop.com',
      },
      app: undefined,
    });
    expect(c.secretsKey).toBeUndefined();
    expect(c.siteOrigin).toBeUndefined();
  });

  it('reads bases, the install-wide app and SECRETS_KEY; refuses half an app and bad values', () => {
    const c = loadConfig({
      TTS_API_BASE: 'http://127.0.0.1:9000/tts',
      TTS_APP_KEY: 'k',
      TTS_APP_SECRET: 's',
      TTS_SERVICE_ID: '7123',
      SECRETS_KEY: 'ab'.repeat(32),
    });
    expect(c.tts.hosts.apiBase).toBe('http://127.0.0.1:9000/tts');
    expect(c.tts.app).toEqual({ appKey: 'k', appSecret: 's', serviceId: '7123' });
    expect(c.secretsKey).toEqual(Buffer.alloc(32, 0xab));
    expect(() => loadConfig({ TTS_APP_KEY: 'k' })).toThrow(/go together/);
    expect(() => loadConfig({ SECRETS_KEY: 'CHANGE-ME' })).toThrow(/SECRETS_KEY must be 32 bytes/);
    expect(() => loadConfig({ SECRETS_KEY: 'ab'.repeat(16) })).toThrow(/SECRETS_KEY/);
    for (const bad of ['ftp://x', 'not a url', 'https://x/?q=1', 'https://u:p@x'])
      expect(() => loadConfig({ TTS_AUTH_BASE: bad }), bad).toThrow(/TTS_AUTH_BASE/);
  });

  it('derives the site origin from CREATORDESK_SITE as Caddy serves it', () => {
    expect(loadConfig({ CREATORDESK_SITE: 'desk.example.com' }).siteOrigin).toBe('https://desk.example.com');
    expect(loadConfig({ CREATORDESK_SITE: 'https://Desk.Example.com:8443' }).siteOrigin).toBe(
      'https://desk.example.com:8443',
    );
    expect(loadConfig({ CREATORDESK_SITE: 'http://10.0.0.5:5180' }).siteOrigin).toBe('http://10.0.0.5:5180');
  });
});
