/**
 * The shop connection's calls (contract/schemas/shop.ts). Changes come back as the whole envelope
 * (`raw`): a refusal is shown on the screen next to what was tried, with the server's code and msg,
 * and the screen keeps what the server last said. The status read by the banner is silent: a
 * failed background check must not raise a toast on whatever page the member is on.
 */
import { API } from '../../../contract/routes.ts';
import type { ShopStatus } from '../../../contract/schemas/shop.ts';
import type { Envelope } from '../../../contract/wire.ts';
import { request } from '../../api/client.ts';

export type { ShopStatus, ShopView, ShopKindStatus } from '../../../contract/schemas/shop.ts';

export const shopStatus = () => request(API.shopStatus, {});
export const shopStatusQuiet = () => request(API.shopStatus, {}, { silent: true });

export const saveCredentials = (input: { app_key: string; app_secret: string; service_id: string }) =>
  request(API.shopCredentialsSave, input, { raw: true });
export const removeCredentials = () => request(API.shopCredentialsDel, {}, { raw: true });
export const authorize = (us: boolean) => request(API.shopAuthorize, { us: us ? 1 : 0 }, { raw: true });
export const disconnectShop = (id: number) => request(API.shopDisconnect, { id }, { raw: true });
export const syncNow = (id: number) => request(API.shopSyncNow, { id }, { raw: true });

export type StatusEnvelope = Envelope<ShopStatus>;
