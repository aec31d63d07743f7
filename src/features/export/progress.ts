/**
 * Views of at least this many rows show a progress dialog while the query worker writes them. Its
 * own module: the button needs the number without the writer (view-export, table-writer), which
 * only the worker loads.
 */
export const PROGRESS_FROM = 5000;
