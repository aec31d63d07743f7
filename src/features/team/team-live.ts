/**
 * The workspace version the local mirror has pulled up to (read from its sync cursor). The server
 * moves the team workspace's version when the invite link changes (a removal or a reset,
 * server/services/team.service.ts), so the live stream's pull reaches every open /team screen of
 * the admin, in every tab and on every device: they read the team again and show the new link.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { decodeCursor } from '../../../contract/sync.ts';
import { META, getMeta } from '../../db/db.ts';
import { localDb } from '../../db/local.ts';

/** undefined while loading; null before the first pull. */
export function useMirrorVersion(): number | null | undefined {
  return useLiveQuery(
    async () => decodeCursor((await getMeta<string>(localDb, META.cursor)) ?? '')?.version ?? null,
    [],
  );
}
