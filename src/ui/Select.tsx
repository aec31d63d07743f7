/**
 * Single-choice select on react-aria (listbox popup, typeahead, keyboard). Items are plain
 * objects; `label` may be rich (CountrySelect puts a flag in it), `textValue` is what typeahead
 * and screen readers use.
 */
import type { ReactNode } from 'react';
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

export interface SelectOption<K extends Key = string> {
  id: K;
  label: ReactNode;
  /** Plain text for typeahead/accessibility; required when `label` is not a string. */
  textValue?: string;
  isDisabled?: boolean;
}

export interface SelectProps<K extends Key = string> {
  items: readonly SelectOption<K>[];
  value: K | null;
  onChange: (value: K) => void;
  label?: ReactNode;
  /** Needed when there is no visible label. */
  'aria-label'?: string;
  placeholder?: string;
  isDisabled?: boolean;
  isRequired?: boolean;
  className?: string;
  size?: 'sm' | 'md';
  name?: string;
}

export function Select<K extends Key = string>({
  items,
  value,
  onChange,
  label,
  placeholder,
  className,
  size = 'md',
  ...rest
}: SelectProps<K>) {
  return (
    <RacSelect
      {...rest}
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
