/**
 * Single-choice select: react-aria's select, listbox and popover (./SelectFull.tsx), loaded with the
 * screen. It was drawn by a stand-in until first use for 6 kB of /home's first load, but a focus
 * that hands over remounts the trigger while the chunk loads, so a key pressed then (Enter on a
 * plan card's stage) was lost and the list never opened; the saving did not pay for that
 * (docs/decisions/delivery-and-accessibility.md).
 *
 * `afterPaint` is about time, not code. react-aria builds a select's collection in a second, synchronous
 * render after its first commit, and that render takes every pending effect of the screen with it:
 * on /home's cold start it made the commit of the first render the longest main-thread task. With
 * `afterPaint` the first render draws a look-alike (no focus, no input), and a transition started
 * after that paint mounts the real select, in a task of its own; nothing is waiting for a key yet.
 */
import { startTransition, useEffect, useRef, useState } from 'react';
import type { Key } from 'react-aria-components';
import SelectFull from './SelectFull.tsx';
import { cx } from './cx.ts';
import { Icon } from './Icon.tsx';
import { m } from '../paraglide/messages.js';
import type { SelectOption, SelectProps } from './select-types.ts';
import { turnQueue, type Turn } from './turn-queue.ts';

export type { SelectOption, SelectProps };

export function Select<K extends Key = string>({ afterPaint = false, ...props }: SelectProps<K>) {
  const [real, setReal] = useState(!afterPaint);
  const turn = useRef<Turn | null>(null);
  useEffect(() => {
    if (!real && !turn.current) turn.current = turns.take(() => setReal(true));
    // Real on screen: the next look-alike's turn starts.
    if (real && turn.current) {
      turns.leave(turn.current);
      turn.current = null;
    }
  }, [real]);
  useEffect(
    () => () => {
      if (turn.current) turns.leave(turn.current);
      turn.current = null;
    },
    [],
  );
  if (!real) return <SelectLookAlike {...props} />;
  return <SelectFull {...props} firstUse={null} />;
}

/*
 * One look-alike turns real at a time, each in its own transition once the one before it is on
 * screen: six of them in one commit (Home's filters and pager) took ~250 ms at 4× CPU in a single
 * task, one at a time ~40 ms each.
 */
const turns = turnQueue(startTransition);

/** SelectFull's frame and value, without react-aria: the same boxes, nothing to focus or press. */
function SelectLookAlike<K extends Key>(p: SelectProps<K>) {
  const { items, value, label, placeholder, className, size = 'md', isDisabled } = p;
  const chosen = value === null ? undefined : items.find((i) => i.id === value);
  const face = (
    <>
      <span className="cd-select__value" data-placeholder={chosen ? undefined : true}>
        {chosen ? chosen.label : (placeholder ?? m.common_select_placeholder())}
      </span>
      <Icon name="chevron-down" className="cd-select__chevron" />
    </>
  );
  return (
    <div
      className={cx('cd-select', `cd-select--${size}`, className)}
      data-disabled={isDisabled || undefined}
      aria-hidden="true"
    >
      {label && <span className="cd-field__label">{label}</span>}
      {isDisabled ? (
        // Disabled colours belong to a disabled control: a real disabled button, as SelectFull's is,
        // so contrast checks (axe) treat the greyed text as what it is.
        <button type="button" className="cd-select__trigger" disabled tabIndex={-1}>
          {face}
        </button>
      ) : (
        <div className="cd-select__trigger">{face}</div>
      )}
    </div>
  );
}
