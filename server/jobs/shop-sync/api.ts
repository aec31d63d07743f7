/**
 * TikTok calls for one shop during a sync: the seller's current token (refreshed ahead of expiry),
 * the shop's cipher where the path takes one, and the run's abort signal. A 105002 (or a token
 * header refused) refreshes once and repeats the call; refused again, it is a revoked
 * authorisation (the framework stops the shop).
 */
import {
  createTtsClient,
  pages as walk,
  TtsApiError,
  type ApiCall,
  type TtsClient,
} from '../../integrations/tiktok-shop/index.ts';
import type { WorkspaceApp } from '../../services/shop-credentials.service.ts';
import type { ShopDeps } from '../../services/shop-deps.ts';
import { accessTokenFor, refreshDue } from '../../services/shop-tokens.service.ts';
import type { ShopApi, ShopCall, ShopPageQuery } from './types.ts';

export function shopApi(
  deps: ShopDeps,
  app: WorkspaceApp,
  shop: { authorizationId: number; cipher: string },
  signal: AbortSignal,
): ShopApi {
  const client = createTtsClient(deps.hosts, app, deps.rt);
  let current: { token: string; version: number } | undefined;

  const token = async (force = false) => {
    current = await accessTokenFor(deps, app, shop.authorizationId, {
      force,
      seenVersion: force ? current?.version : undefined,
      signal,
    });
    return current.token;
  };

  /** A client whose calls carry this shop's token, cipher and signal, whatever the caller passed. */
  const bound: TtsClient = {
    appKey: client.appKey,
    async call<T>(c: ApiCall<T>) {
      const send = async (accessToken: string) =>
        client.call({ ...c, accessToken, shopCipher: shop.cipher, signal });
      try {
        return await send(await token());
      } catch (err) {
        if (!(err instanceof TtsApiError) || err.kind !== 'token_expired') throw err;
        try {
          return await send(await token(true));
        } catch (again) {
          if (!(again instanceof TtsApiError) || again.kind !== 'token_expired') throw again;
          throw new TtsApiError(
            'auth_revoked',
            again.code,
            again.apiMessage,
            again.requestId,
            again.httpStatus,
            again.path,
          );
        }
      }
    },
  };

  return {
    client: bound,
    call: <T>(c: ShopCall<T>) => bound.call({ ...c, accessToken: '' }),
    pages: <I>(q: ShopPageQuery, opts: Parameters<typeof walk<I>>[2]) =>
      walk(bound, { ...q, accessToken: '', shopCipher: shop.cipher, signal }, opts),
    async refreshIfDue() {
      const before = await deps.db
        .selectFrom('shop_authorizations')
        .select(['access_expires_at', 'tokens_at', 'token_version'])
        .where('id', '=', shop.authorizationId)
        .executeTakeFirst();
      if (!before || !refreshDue(before, deps.now())) return false;
      await token();
      return current!.version !== Number(before.token_version);
    },
  };
}
