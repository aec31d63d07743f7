/**
 * A creator's name in a list, opening the creator page (issue 22). Without a creator id (a row
 * added offline, a creator not mirrored yet) it is plain text.
 */
import { Link } from 'react-router-dom';
import { DASH } from '../../i18n/format.ts';
import { m } from '../../paraglide/messages.js';

export function CreatorNameLink({
  id,
  name,
  handle,
}: {
  id: number | undefined;
  name: string;
  handle: string;
}) {
  const label = name.trim() || `@${handle}`;
  if (!handle && !name.trim()) return <>{DASH}</>;
  if (!id || id < 0) return <span title={label}>{label}</span>;
  return (
    <Link
      to={`/creator/${id}`}
      className="home-creator-name"
      title={m.workbench_open_creator({ name: label })}
    >
      {label}
    </Link>
  );
}
