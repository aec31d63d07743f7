/**
 * The order of the home grid's queries: which answer may still show, and whether it must hold the
 * rows on screen (the rule: a change the user did not ask for refreshes values in place).
 *
 * Queries are numbered as they are sent; only the answer to the latest one shows. A query the user
 * asked for (filter, sort, page, refresh) may be overtaken by a background one (a synced page landed
 * meanwhile), whose answer then shows instead. That answer must not hold the old rows: the user is
 * still waiting for what they asked, and holding would keep the page before their filter on screen
 * with "new rows have arrived" (the typed name never showed its creator). So a background answer
 * holds only when no request of the user's is waiting.
 */
export class QueryTurns {
  private last = 0;
  /** A request of the user's whose answer (or a later one) has not shown yet. */
  private userWaiting = false;

  /** Numbers a query about to be sent; `user` when the user asked for it. */
  begin(user: boolean): number {
    if (user) this.userWaiting = true;
    return ++this.last;
  }

  /** Whether the answer to a background query keeps the rows on screen (asked as it arrives). */
  holds(background: boolean): boolean {
    return background && !this.userWaiting;
  }

  /** Whether `turn`'s answer may show (it is the latest); if so, the user's request is answered. */
  finish(turn: number): boolean {
    if (turn !== this.last) return false;
    this.userWaiting = false;
    return true;
  }

  /** The number of the latest query sent. */
  get latest(): number {
    return this.last;
  }
}
