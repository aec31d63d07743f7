/** The tab's one LocalDB for screens and actions (workers open their own). */
import { LocalDB } from './db.ts';

export const localDb = new LocalDB();
