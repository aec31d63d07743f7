/**
 * The invited screen's rows: the invitations mirror with local edits (useLocalRows), each joined
 * to its creator in the creator mirror for the tags (an invitation's tags are its creator's).
 * Names of unsent invitation.add calls show as pending rows (negative ids, status 1 as the server
 * starts them) until the server's rows arrive by sync; names already invited are not repeated.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { API } from '../../../contract/routes.ts';
import type { CreatorTag, RowOf } from '../../../contract/sync.ts';
import { localDb } from '../../db/local.ts';
import { loadCountry } from '../../db/mirror.ts';
import { pendingCalls, useSavedAndPending } from '../blacklist/blacklist-data.ts';

export interface InvitationView extends RowOf<'invitations'> {
  tags: CreatorTag[];
  /** The creator's id in the mirror (for the creator page link), when mirrored. */
  creator_id?: number;
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

const pendingInvitations = (country: string) => pendingCalls(API.invitationAdd, country);

export function useInvitations(country: string): InvitationView[] | undefined {
  const both = useSavedAndPending('invitations', country, pendingInvitations);
  const tagsByName = useLiveQuery(async () => {
    const map = new Map<string, { tags: CreatorTag[]; id: number }>();
    for (const c of await loadCountry(localDb, country))
      map.set(c.unique_id, { tags: c.tags ?? [], id: c.id });
    return map;
  }, [country]);
  if (!both) return undefined;
  const { saved: rows, pending } = both;
  const have = new Set(rows.map((r) => str(r.unique_id)));
  const extra: RowOf<'invitations'>[] = [];
  for (const p of pending)
    for (const name of p.names)
      if (!have.has(name)) {
        have.add(name);
        extra.push({
          id: 0,
          version: 0,
          country,
          unique_id: name,
          status: 1,
          // What the server starts an invitation with: the call names only the creator.
          sub_status: null,
          daren_name: '',
          daren_sex: '',
          daren_email: '',
          daren_phone: '',
          daren_addr: '',
          logistics: '',
          cooperate: '',
          product_id: '',
          add_time: p.at,
          update_time: p.at,
        });
      }
  // Temporary ids rise in call order, as the server's ids will: the rows keep their places when saved.
  extra.forEach((r, i) => (r.id = i - extra.length));
  return [...rows, ...extra].map((r) => ({
    ...r,
    unique_id: str(r.unique_id),
    status: typeof r.status === 'number' ? r.status : 0,
    sub_status: typeof r.sub_status === 'number' ? r.sub_status : null,
    daren_name: str(r.daren_name),
    daren_email: str(r.daren_email),
    product_id: str(r.product_id),
    tags: tagsByName?.get(str(r.unique_id))?.tags ?? [],
    creator_id: tagsByName?.get(str(r.unique_id))?.id,
  }));
}
