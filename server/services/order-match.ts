/**
 * When an order line of TikTok's Partner API and one of a Seller Center file are the same line. The
 * file keys a line on its order, SKU and content; the API's SKU lines carry no SKU id (the guide's
 * "Search seller affiliate orders"), so the two meet on what both carry: order id, product id and
 * content id. An order holding two SKUs of one product through the same video is the one case this
 * cannot tell apart: such lines pair in order, a line of the same quantity first
 * (docs/decisions/shop-connection.md, "Orders and samples from the API").
 */
export interface Keyed {
  order_id: string;
  product_id: string;
  content_id: string;
  quantity: number | string;
}

export const sharedKey = (l: Pick<Keyed, 'order_id' | 'product_id' | 'content_id'>): string =>
  `${l.order_id}|${l.product_id}|${l.content_id}`;

/** Pairs incoming lines with stored ones by the shared key; a stored line pairs at most once. */
export function pairLines<S extends Keyed, I extends Keyed>(
  stored: readonly S[],
  incoming: readonly I[],
): Map<I, S> {
  const byKey = new Map<string, S[]>();
  for (const s of stored) {
    const list = byKey.get(sharedKey(s)) ?? [];
    list.push(s);
    byKey.set(sharedKey(s), list);
  }
  const out = new Map<I, S>();
  // Same quantity first, so a second SKU of the product cannot take the first one's line.
  for (const exact of [true, false])
    for (const l of incoming) {
      if (out.has(l)) continue;
      const list = byKey.get(sharedKey(l));
      const i = list?.findIndex((s) => !exact || Number(s.quantity) === Number(l.quantity)) ?? -1;
      if (i < 0) continue;
      out.set(l, list![i]!);
      list!.splice(i, 1);
    }
  return out;
}
