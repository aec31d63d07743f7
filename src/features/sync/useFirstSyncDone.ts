/**
 * Whether this device's first full sync has finished (the sync engine's `first_sync` mark in the
 * local database, read live, so every tab agrees): until it has, an empty or short list is only
 * what has arrived so far. Undefined until read.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { META, getMeta } from '../../db/db.ts';
import { localDb } from '../../db/local.ts';

export function useFirstSyncDone(): boolean | undefined {
  return useLiveQuery(
    async () => Boolean((await getMeta<{ complete?: boolean }>(localDb, META.firstSync))?.complete),
    [],
  );
}
