/**
 * Edits an action has shown on the page before the query worker has them. The worker answers a
 * query from its own copy of the rows, and an answer to a query sent before the worker applied
 * the outbox would paint the old values over the edit (it shows, vanishes, then comes back). So an
 * edit stays on every answer until the worker has confirmed it (`settle`) and is dropped at the
 * first answer to a query sent after that, which the worker answers with the edit included.
 *
 * Queries are numbered in the order they are sent; `apply` gets the number of the answer's query.
 */
export interface PendingEdit {
  readonly ids: ReadonlySet<number>;
  /** The last query number whose answer may lack the edit; Infinity until settled. */
  until: number;
}

export class PendingEdits<R extends { id: number }> {
  private edits: (PendingEdit & { fn: (row: R) => R })[] = [];

  add(ids: ReadonlySet<number>, fn: (row: R) => R): PendingEdit {
    const edit = { ids, fn, until: Infinity };
    this.edits.push(edit);
    return edit;
  }

  /** The worker has the edit: answers to queries after `lastSent` include it. */
  settle(edit: PendingEdit, lastSent: number): void {
    edit.until = lastSent;
  }

  /** The edit was not recorded (the outbox write failed): stop showing it. */
  discard(edit: PendingEdit): void {
    this.edits = this.edits.filter((e) => e !== edit);
  }

  /** `rows` (an answer to query `answer`) with the edits the answer may lack, oldest first. */
  apply(rows: R[], answer: number): R[] {
    this.edits = this.edits.filter((e) => answer <= e.until);
    if (!this.edits.length) return rows;
    return rows.map((r) => this.edits.reduce((row, e) => (e.ids.has(row.id) ? e.fn(row) : row), r));
  }

  /** `rows` as shown now with `edit` on top (the page shows it at once). */
  show(rows: R[], edit: PendingEdit): R[] {
    const e = this.edits.find((x) => x === edit);
    return e ? rows.map((r) => (e.ids.has(r.id) ? e.fn(r) : r)) : rows;
  }
}
