/**
 * Single-choice select: react-aria's select, listbox and popover (./SelectFull.tsx), loaded with the
 * screen. It was drawn by a stand-in until first use for 6 kB of /home's first load, but a focus
 * that hands over remounts the trigger while the chunk loads, so a key pressed then (Enter on a
 * plan card's stage) was lost and the list never opened; the saving did not pay for that
 * (docs/decisions/delivery-and-accessibility.md).
 */
import type { Key } from 'react-aria-components';
import SelectFull from './SelectFull.tsx';
import type { SelectOption, SelectProps } from './select-types.ts';

export type { SelectOption, SelectProps };

export function Select<K extends Key = string>(props: SelectProps<K>) {
  return <SelectFull {...props} firstUse={null} />;
}
