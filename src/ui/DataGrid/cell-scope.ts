/**
 * True inside a grid's body rows (DataGrid provides it once around them). The grid is one tab stop
 * and its cells are reached with the arrows (useGridKeyboard), so a link or button a cell renderer
 * draws must not be a Tab stop of its own. A widget that reads this renders `tabIndex={-1}` at once;
 * otherwise the grid's scan after each render has to write the attribute on every new row's widget,
 * a DOM write per widget in the commit that brings new rows (docs/benchmarks.md, "A cold /home: the
 * grid's writes after its rows").
 *
 * A context reaches through portals, where the scan does not: a dialog or popover opened from a cell
 * and drawing an InAppLink should provide `false` again (none does today).
 */
import { createContext } from 'react';

export const InGridCell = createContext(false);
