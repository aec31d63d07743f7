/**
 * Single-choice select: react-aria's select, listbox and popover (./SelectFull.tsx), loaded with the
 * screen (a lazily loaded one lost a key pressed while its chunk loaded; docs/decisions/delivery-and-accessibility.md).
 *
 * `mountOnUse` is about time, not code. react-aria builds a select's collection in a second,
 * synchronous render after its first commit; on /home's cold start six of them cost a main-thread
 * task each (~40 ms at 1× in Lighthouse's trace, four times that on its phone) while the first sync
 * ran. With `mountOnUse` the select is drawn as a plain button with the same boxes, name and value
 * (a listbox popup announced), and the real one is mounted in the same event that first uses it:
 * - a focus that does not come from a press (Tab, a script, a screen reader) hands over with focus
 *   on the real trigger, inside the focus event, so the next key reaches it;
 * - a mouse press opens it at once, as react-aria's does on press start;
 * - a touch or pen press opens it on its click, so a scroll that starts on it does not (react-aria
 *   opens on a pen's press start, like a mouse's);
 * - a click without a press (a screen reader's or voice control's activation, a script) opens it;
 * - Enter, Space or an arrow on the button (focused by a touch) opens it;
 * - a click on its label focuses the real trigger, closed, as react-aria's label does.
 * The first use pays for the mount in its own event (one of the tasks above); every use after that
 * finds the real select.
 * A select in a form (a name for its data, or required) is the real one from the start: its
 * hidden <select> carries the value and the form's check.
 */
import { useCallback, useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { setInteractionModality, type Key } from 'react-aria-components';
import SelectFull from './SelectFull.tsx';
import { cx } from './cx.ts';
import { Icon } from './Icon.tsx';
import { m } from '../paraglide/messages.js';
import type { SelectOption, SelectProps } from './select-types.ts';

export type { SelectOption, SelectProps };

type FirstUse = { open: boolean };

export function Select<K extends Key = string>({ mountOnUse = false, ...props }: SelectProps<K>) {
  const [firstUse, setFirstUse] = useState<FirstUse | null>(null);
  const inForm = props.name !== undefined || props.isRequired === true;
  if (mountOnUse && !inForm && !firstUse) return <SelectOnUse {...props} onUse={setFirstUse} />;
  return <SelectFull {...props} firstUse={firstUse} />;
}

const OPENING_KEYS = new Set(['Enter', ' ', 'ArrowDown', 'ArrowUp']);
/** A touch's or pen's focus follows its pointerdown this closely; its click then opens the list. */
const PRESS_FOCUS_MS = 1000;
/** Buttons whose native click listener is in place (a ref callback may run twice for one button). */
const wired = new WeakSet<HTMLButtonElement>();

/** SelectFull's frame, value and name on a plain button, which hands over to it on first use. */
function SelectOnUse<K extends Key>({
  items,
  value,
  label,
  placeholder,
  className,
  size = 'md',
  isDisabled,
  onUse,
  ...rest
}: Omit<SelectProps<K>, 'mountOnUse'> & { onUse: (use: FirstUse) => void }) {
  const labelId = useId();
  const valueId = useId();
  const triggerId = useId();
  const pressedAt = useRef(-Infinity);
  // Mounted in this event, so the real trigger has focus before the event ends.
  const handOver = useCallback((use: FirstUse) => flushSync(() => onUse(use)), [onUse]);
  // The click opens through a native listener on the button itself, which stays after the button is
  // replaced: a screen reader's activation focuses the button and clicks it in one go, so the click
  // comes after the focus has already handed over (the browser test does the same).
  const button = useCallback(
    (el: HTMLButtonElement | null) => {
      if (!el || wired.has(el)) return;
      wired.add(el);
      el.addEventListener('click', () => {
        if (!el.disabled) handOver({ open: true });
      });
    },
    [handOver],
  );
  const chosen = value === null ? undefined : items.find((i) => i.id === value);
  return (
    <div className={cx('cd-select', `cd-select--${size}`, className)} data-disabled={isDisabled || undefined}>
      {label && (
        <span
          className="cd-field__label"
          id={labelId}
          onClick={
            isDisabled
              ? undefined
              : () => {
                  // as react-aria's label: the trigger shows its focus ring
                  setInteractionModality('keyboard');
                  handOver({ open: false });
                }
          }
        >
          {label}
        </span>
      )}
      <button
        ref={button}
        type="button"
        className="cd-select__trigger"
        data-on-use=""
        id={triggerId}
        aria-haspopup="listbox"
        aria-expanded="false"
        // Named as react-aria names its trigger: the value shown, then the label (or its own aria-label).
        aria-label={rest['aria-label']}
        aria-labelledby={`${valueId} ${label ? labelId : rest['aria-label'] ? triggerId : ''}`.trim()}
        disabled={isDisabled}
        onPointerDown={(e) => {
          // Chromium sends pointer events to a disabled button too.
          if (e.button !== 0 || isDisabled) return;
          if (e.pointerType === 'mouse') {
            // No focus on this button: the real trigger takes it, with its list open.
            e.preventDefault();
            handOver({ open: true });
            return;
          }
          pressedAt.current = e.timeStamp;
        }}
        onFocus={(e) => {
          if (e.timeStamp - pressedAt.current > PRESS_FOCUS_MS) handOver({ open: false });
        }}
        onKeyDown={(e) => {
          if (!OPENING_KEYS.has(e.key)) return;
          e.preventDefault();
          handOver({ open: true });
        }}
      >
        <span className="cd-select__value" id={valueId} data-placeholder={chosen ? undefined : true}>
          {chosen ? chosen.label : (placeholder ?? m.common_select_placeholder())}
        </span>
        <Icon name="chevron-down" className="cd-select__chevron" />
      </button>
    </div>
  );
}
