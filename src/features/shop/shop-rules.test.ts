import { describe, expect, it } from 'vitest';
import type { ShopStatus, ShopView } from '../../../contract/schemas/shop.ts';
import { consentReturn, countryOf, listedShops } from './shop-rules.ts';
import { stoppedShops } from './shop-status-store.ts';

const shop = (over: Partial<ShopView>): ShopView => ({
  id: 1,
  shop_id: '700',
  shop_name: 'Shop',
  shop_code: 'C1',
  region: 'US',
  seller_type: 'LOCAL',
  country: 'US',
  seller_name: 'S',
  status: 'active',
  stop_code: '',
  stop_msg: '',
  stop_time: 0,
  authorization_expires_at: 0,
  granted_scopes: [],
  connect_time: 1,
  kinds: [],
  ...over,
});
const status = (shops: ShopView[]): ShopStatus => ({
  callback_url: 'http://x/api/v0.1/shop/callback',
  can_manage: 1,
  secrets_ready: 1,
  credentials: { source: 'none', app_key_hint: '', service_id: '', update_time: 0 },
  shops,
});

describe('shop rules', () => {
  it('reads how the consent ended from the callback redirect', () => {
    expect(consentReturn('?connected=2')).toEqual({ kind: 'connected', count: 2 });
    expect(consentReturn('?error=denied')).toEqual({ kind: 'error', code: 'denied' });
    // An unknown code still reads as a failure, never as connected.
    expect(consentReturn('?error=zzz&connected=1')).toEqual({ kind: 'error', code: 'unknown' });
    expect(consentReturn('?connected=abc')).toBeNull();
    expect(consentReturn('')).toBeNull();
  });

  it('banners only stopped shops and lists all but disconnected ones', () => {
    const s = status([
      shop({ id: 1 }),
      shop({ id: 2, status: 'stopped', stop_code: 'authorization_revoked' }),
      shop({ id: 3, status: 'disconnected' }),
    ]);
    expect(stoppedShops(s).map((x) => x.id)).toEqual([2]);
    expect(stoppedShops(null)).toEqual([]);
    expect(listedShops(s).map((x) => x.id)).toEqual([1, 2]);
  });

  it('maps a served region to its country and an unserved one to none', () => {
    expect(countryOf({ country: 'GB' })).toBe('GB');
    expect(countryOf({ country: '' })).toBeNull();
    expect(countryOf({ country: 'DE' })).toBeNull();
  });
});
