/**
 * A change the server refused, shown where it was tried: the server's msg (in the user's language)
 * and its code, so a seller asking for help can quote it. The screen kept what the server last said.
 */
import { m } from '../../paraglide/messages.js';
import { InlineAlert } from '../../ui/InlineAlert.tsx';

export interface Refused {
  code: number;
  msg: string;
}

export function Refusal({ refused }: { refused: Refused | null }) {
  if (!refused) return null;
  return <InlineAlert>{m.shop_refused({ msg: refused.msg, code: String(refused.code) })}</InlineAlert>;
}
