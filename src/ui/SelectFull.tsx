/**
 * Single-choice select on react-aria (listbox popup, typeahead, keyboard), drawn through
 * ./Select.tsx; `firstUse` focuses (and opens) it once when a caller hands over to it. Items are plain
 * objects; `label` may be rich (CountrySelect puts a flag in it), `textValue` is what typeahead
 * and screen readers use.
 */
import { useLayoutEffect, useRef, useState } from 'react';
import {
  Button as RacButton,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Select as RacSelect,
  SelectValue,
  type Key,
} from 'react-aria-components';
import { m } from '../paraglide/messages.js';
import { cx } from './cx.ts';
import { Icon } from './Icon.tsx';

import type { SelectProps } from './select-types.ts';

export default function SelectFull<K extends Key = string>({
  firstUse,
  items,
  value,
  onChange,
  label,
  placeholder,
  className,
  size = 'md',
  ...rest
}: SelectProps<K> & { firstUse: { open: boolean } | null }) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  // Focus first, then open: the list gives focus back on Escape to what had it when it opened. In a
  // layout effect, so a hand-over flushed inside an event has moved focus before the event ends.
  useLayoutEffect(() => {
    if (!firstUse) return;
    const trigger = root.current?.querySelector<HTMLButtonElement>('.cd-select__trigger');
    trigger?.focus();
    // A disabled select (a pager while its grid loads) does not open.
    if (firstUse.open && trigger && !trigger.disabled) setOpen(true);
  }, [firstUse]);
  return (
    <RacSelect
      {...rest}
      ref={root}
      isOpen={open}
      onOpenChange={setOpen}
      value={value}
      onChange={(k) => {
        if (k != null) onChange(k as K);
      }}
      placeholder={placeholder ?? m.common_select_placeholder()}
      className={cx('cd-select', `cd-select--${size}`, className)}
    >
      {label && <Label className="cd-field__label">{label}</Label>}
      <RacButton className="cd-select__trigger">
        <SelectValue className="cd-select__value" />
        <Icon name="chevron-down" className="cd-select__chevron" />
      </RacButton>
      <Popover className="cd-popover cd-select__popover" offset={4}>
        <ListBox className="cd-listbox" items={items}>
          {(item) => (
            <ListBoxItem
              id={item.id}
              textValue={item.textValue ?? (typeof item.label === 'string' ? item.label : String(item.id))}
              isDisabled={item.isDisabled}
              className="cd-option"
            >
              {({ isSelected }) => (
                <>
                  <span className="cd-option__label">{item.label}</span>
                  {isSelected && <Icon name="check" className="cd-option__check" />}
                </>
              )}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </RacSelect>
  );
}
