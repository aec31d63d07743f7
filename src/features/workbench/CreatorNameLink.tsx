/**
 * A creator's name in a list, opening the creator page. Without a creator id (a row
 * added offline, a creator not mirrored yet) it is plain text. A plain in-app link, not the
 * router's `Link`: lists render it in every row (src/ui/in-app-link.tsx).
 */
import type { GridColumn } from '../../ui/DataGrid/grid-types.ts';
import { DASH } from '../../i18n/format.ts';
import { InAppLink } from '../../ui/in-app-link.tsx';
import { m } from '../../paraglide/messages.js';
import type { CreatorRow } from '../../../contract/sync.ts';
import { handOffCreator } from './creator-handoff.ts';

export function CreatorNameLink({
  id,
  name,
  handle,
  row,
}: {
  id: number | undefined;
  name: string;
  handle: string;
  /** The whole mirrored row, when the list holds it: the creator page's header paints from it at once. */
  row?: CreatorRow;
}) {
  const label = name.trim() || `@${handle}`;
  if (!handle && !name.trim()) return <>{DASH}</>;
  if (!id || id < 0) return <span title={label}>{label}</span>;
  return (
    <InAppLink
      to={`/creator/${id}`}
      className="home-creator-name"
      title={m.workbench_open_creator({ name: label })}
      onClick={row ? () => handOffCreator(row) : undefined}
    >
      {label}
    </InAppLink>
  );
}

/** A list's "name" column: the creator's name opening its page (Invited, Blacklist). */
export function creatorNameColumn<
  R extends { id: number } & { creator_id?: number | undefined; daren_name: string; unique_id: string },
>(header: string): GridColumn<R> {
  return {
    id: 'daren_name',
    header,
    width: 160,
    render: (r) => <CreatorNameLink id={r.creator_id} name={r.daren_name} handle={r.unique_id} />,
  };
}
