import { productEndpoints as ep } from '../../contract/schemas/product.ts';
import type { RegisterRoutes } from '../http/route-context.ts';
import { authOf } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { mutation } from '../http/mutation.ts';
import { route } from '../http/route.ts';
import { addProduct, deleteProduct, editProduct, listProducts } from '../services/product.service.ts';
import '../domain/messages/catalog.messages.ts';

export const registerProductRoutes: RegisterRoutes = (api, ctx) => {
  route(api, ctx, ep.productList, async (req, input) =>
    ok(req, await listProducts(ctx.db, authOf(req).workspaceId, input)),
  );
  route(api, ctx, ep.productAdd, async (req, input) =>
    mutation(ctx.db, req, async (trx, auth) =>
      ok(req, await addProduct(trx, auth.workspaceId, input), 'added'),
    ),
  );
  route(api, ctx, ep.productEdit, async (req, input) =>
    mutation(ctx.db, req, async (trx, auth) =>
      ok(req, await editProduct(trx, auth.workspaceId, input, auth.user.id), 'updated'),
    ),
  );
  route(api, ctx, ep.productDel, async (req, input) =>
    mutation(ctx.db, req, async (trx, auth) =>
      ok(req, await deleteProduct(trx, auth.workspaceId, input, auth.user.id), 'deleted'),
    ),
  );
};
