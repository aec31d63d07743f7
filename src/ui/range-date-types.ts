/** The range-date picker's props, apart from ./RangeDatePicker.tsx so the lazily loaded ./RangeDatePickerFull.tsx can name them without importing back. */
import type { ReactNode } from 'react';
import type { DateRangeValue } from './date-rules.ts';

export interface RangeDatePickerProps {
  value: DateRangeValue | null;
  onChange: (value: DateRangeValue | null) => void;
  /** Same change as unix seconds (start 00:00:00, end 23:59:59 local). */
  onChangeUnix?: (range: { startTime: number; endTime: number } | null) => void;
  label?: ReactNode;
  'aria-label'?: string;
  presets?: readonly number[];
  isDisabled?: boolean;
  className?: string;
}

/** The part of the picker the first use reached, and whether it asked for the calendar. */
export interface FirstUse {
  part: 'start' | 'end' | 'clear' | 'open';
  focus: boolean;
  open: boolean;
}
