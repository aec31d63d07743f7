/**
 * How many of the signed-in user's changes still wait in the outbox (an explicit
 * logout with unsent changes warns first; the entries stay and go out on this user's next
 * sign-in on this device). Imported statically: a chunk loaded on demand may be unreachable
 * offline, which is exactly when changes wait.
 */
import { META, getMeta, type LocalSession } from '../../db/db.ts';
import { localDb } from '../../db/local.ts';
import { countsOf } from '../../db/outbox.ts';

export async function unsentChanges(): Promise<number> {
  try {
    const s = await getMeta<LocalSession>(localDb, META.session);
    return s ? (await countsOf(localDb, s)).unsent : 0;
  } catch {
    return 0; // IndexedDB unavailable: nothing can be waiting in it
  }
}
