/**
 * Rows added on this device carry a temporary negative id until the server's copy arrives (the
 * add call answers the saved id; see outbox.ts). Negative, so they never meet a server id.
 */

let tempSeq = 0;
export const tempId = (): number => -(Date.now() * 1000 + (tempSeq++ % 1000));

/** A row added offline that the server has not saved yet: calls cannot address it by id. */
export const isPending = (row: { id: number }): boolean => row.id < 0;
