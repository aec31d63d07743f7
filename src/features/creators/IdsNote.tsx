/**
 * Above Home's grid while its view keeps only some creators (`ids`: a selection or a
 * lookalike list saved as a view): says so, and offers the one control that lifts the restriction
 * (changing the other filters keeps it).
 */
import { memo } from 'react';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/Button.tsx';

export interface IdsNoteProps {
  /** How many creators the view keeps (its ids, not the matches of the other filters). */
  count: number;
  /** Shows all creators again: the view's `ids` become null. */
  onClear: () => void;
}

export const IdsNote = memo(function IdsNote({ count, onClear }: IdsNoteProps) {
  return (
    <div className="home-stale home-ids-note" role="status">
      <span>{m.views_ids_note({ count })}</span>
      <Button size="sm" variant="link" onPress={onClear}>
        {m.views_ids_clear()}
      </Button>
    </div>
  );
});
