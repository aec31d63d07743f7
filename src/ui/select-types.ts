/** The select's props, apart from ./Select.tsx so the lazily loaded ./SelectFull.tsx can name them without importing back. */
import type { ReactNode } from 'react';
import type { Key } from 'react-aria-components';

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
  /**
   * Drawn as a plain button with the same boxes, name and value until first used, then the real
   * select in that same event (./Select.tsx). For a screen's first render, where six of react-aria's
   * collections would cost a task each.
   */
  mountOnUse?: boolean;
}
