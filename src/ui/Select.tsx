/**
 * Single-choice select whose code (react-aria's select, listbox, popover and its collection) loads
 * on first use: until then this draws the same label and trigger (same classes, accessible name,
 * value text, listbox popup announced), so a screen's first load and first render skip it.
 * Pointing at it or focusing it starts the load; a focus hands over to the real select
 * (./SelectFull.tsx) with focus on its trigger, and a press (click, Enter, Space, arrows) opens
 * its list. A select in a form (named or required) mounts the real one at once. The service worker precaches the chunk, so it opens offline too
 * (docs/decisions/delivery-and-accessibility.md).
 */
import { lazy, Suspense, useId, useState, type ComponentType } from 'react';
import type { Key } from 'react-aria-components';
import { m } from '../paraglide/messages.js';
import { cx } from './cx.ts';
import { Icon } from './Icon.tsx';
import type { SelectOption, SelectProps } from './select-types.ts';

export type { SelectOption, SelectProps };

type FullProps = SelectProps<Key> & { firstUse: { open: boolean } | null };
const loadFull = () => import('./SelectFull.tsx');
const Full = lazy(loadFull) as unknown as ComponentType<FullProps>;
const OPENING_KEYS = new Set(['Enter', ' ', 'ArrowDown', 'ArrowUp']);

export function Select<K extends Key = string>(props: SelectProps<K>) {
  const [firstUse, setFirstUse] = useState<{ open: boolean } | null>(null);
  const stand = <SelectStandIn {...props} onUse={setFirstUse} onIntent={() => void loadFull()} />;
  // A select in a form (a name for its data, or required) is the real one from the start: its
  // hidden <select> carries the value and the form's check.
  const inForm = props.name !== undefined || props.isRequired === true;
  if (!firstUse && !inForm) return stand;
  return (
    <Suspense fallback={stand}>
      <Full {...(props as unknown as SelectProps<Key>)} firstUse={firstUse} />
    </Suspense>
  );
}

function SelectStandIn<K extends Key>({
  items,
  value,
  label,
  placeholder,
  className,
  size = 'md',
  isDisabled,
  onUse,
  onIntent,
  ...rest
}: SelectProps<K> & { onUse: (u: { open: boolean }) => void; onIntent: () => void }) {
  const labelId = useId();
  const valueId = useId();
  const triggerId = useId();
  const selected = items.find((i) => i.id === value);
  return (
    <div
      className={cx('cd-select', `cd-select--${size}`, className)}
      data-disabled={isDisabled || undefined}
      onPointerEnter={onIntent}
    >
      {label && (
        <span className="cd-field__label" id={labelId}>
          {label}
        </span>
      )}
      <button
        type="button"
        className="cd-select__trigger"
        aria-haspopup="listbox"
        aria-expanded="false"
        id={triggerId}
        // Named as react-aria names its trigger: the value shown, then the label (or its own aria-label).
        aria-label={rest['aria-label']}
        aria-labelledby={`${valueId} ${label ? labelId : rest['aria-label'] ? triggerId : ''}`.trim()}
        disabled={isDisabled}
        onFocus={() => {
          onIntent();
          onUse({ open: false });
        }}
        // A press opens at once (a focus first would hand over closed and lose the click).
        onPointerDown={(e) => {
          if (e.button !== 0) return;
          e.preventDefault();
          onIntent();
          onUse({ open: true });
        }}
        onClick={() => onUse({ open: true })}
        onKeyDown={(e) => {
          if (!OPENING_KEYS.has(e.key)) return;
          e.preventDefault();
          onUse({ open: true });
        }}
      >
        <span className="cd-select__value" id={valueId} data-placeholder={selected ? undefined : true}>
          {selected ? selected.label : (placeholder ?? m.common_select_placeholder())}
        </span>
        <Icon name="chevron-down" className="cd-select__chevron" />
      </button>
    </div>
  );
}
