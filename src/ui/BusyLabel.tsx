/**
 * The words a busy button adds to its name ("Save, working…"). react-aria announces a button that
 * turns pending while focused by pointing a live-region entry at the button's label; when the
 * button is gone a moment later (a dialog that closes on success), that entry would point at
 * nothing for seconds and name nothing (axe: role-img-alt). The busy button's label therefore also
 * points here, at a node every page keeps.
 */
import { m } from '../paraglide/messages.js';

export const BUSY_LABEL_ID = 'cd-busy-label';

export function BusyLabel() {
  return (
    <span id={BUSY_LABEL_ID} hidden>
      {m.common_busy()}
    </span>
  );
}
