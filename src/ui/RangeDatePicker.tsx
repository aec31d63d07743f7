/**
 * The shared range-date picker: typed or picked dates, presets of the last
 * 7/14/30/90 days, nothing before 2021-03-12 or after tomorrow. The value is a pair of
 * 'YYYY-MM-DD' strings; use toUnixRange() from date-rules.ts for the wire's startTime/endTime
 * (or the onChangeUnix callback).
 */
import { useState, type ReactNode } from 'react';
import { parseDate } from '@internationalized/date';
import {
  Button as RacButton,
  CalendarCell,
  CalendarGrid,
  DateInput,
  DateRangePicker,
  DateSegment,
  Dialog as RacDialog,
  Group,
  Heading,
  Label,
  Popover,
  RangeCalendar,
} from 'react-aria-components';
import { m } from '../paraglide/messages.js';
import { cx } from './cx.ts';
import {
  clampRange,
  DATE_PRESETS_DAYS,
  EARLIEST_DATE,
  latestDate,
  matchingPreset,
  presetRange,
  toUnixRange,
  type DateRangeValue,
} from './date-rules.ts';
import { Icon } from './Icon.tsx';

export type { DateRangeValue };

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

export function RangeDatePicker({
  value,
  onChange,
  onChangeUnix,
  label,
  presets = DATE_PRESETS_DAYS,
  isDisabled,
  className,
  ...rest
}: RangeDatePickerProps) {
  const [open, setOpen] = useState(false);
  const emit = (v: DateRangeValue | null) => {
    const next = v && clampRange(v);
    onChange(next);
    onChangeUnix?.(next && toUnixRange(next));
  };
  const active = matchingPreset(value);

  return (
    <DateRangePicker
      className={cx('cd-date-range', className)}
      aria-label={rest['aria-label'] ?? (label ? undefined : m.date_range_label())}
      value={value ? { start: parseDate(value.start), end: parseDate(value.end) } : null}
      onChange={(r) => emit(r ? { start: r.start.toString(), end: r.end.toString() } : null)}
      minValue={parseDate(EARLIEST_DATE)}
      maxValue={parseDate(latestDate())}
      isDisabled={isDisabled}
      isOpen={open}
      onOpenChange={setOpen}
      granularity="day"
      shouldForceLeadingZeros
    >
      {label && <Label className="cd-field__label">{label}</Label>}
      <Group className="cd-date-range__group">
        <DateInput slot="start" className="cd-date-range__input" aria-label={m.date_start()}>
          {(segment) => <DateSegment segment={segment} className="cd-date-segment" />}
        </DateInput>
        <span className="cd-date-range__dash" aria-hidden="true">
          –
        </span>
        <DateInput slot="end" className="cd-date-range__input" aria-label={m.date_end()}>
          {(segment) => <DateSegment segment={segment} className="cd-date-segment" />}
        </DateInput>
        {value && !isDisabled && (
          <RacButton
            slot={null}
            className="cd-date-range__clear"
            aria-label={m.date_clear()}
            onPress={() => emit(null)}
          >
            <Icon name="close" size={14} />
          </RacButton>
        )}
        <RacButton className="cd-date-range__open" aria-label={m.date_open_calendar()}>
          <Icon name="calendar" />
        </RacButton>
      </Group>
      <Popover className="cd-popover cd-date-range__popover" placement="bottom start" offset={4}>
        <RacDialog className="cd-date-range__dialog">
          <div className="cd-date-range__presets" role="group" aria-label={m.date_presets()}>
            {presets.map((days) => (
              <RacButton
                key={days}
                slot={null}
                className={cx('cd-date-range__preset', active === days && 'cd-date-range__preset--active')}
                onPress={() => {
                  emit(presetRange(days));
                  setOpen(false);
                }}
              >
                {m.date_preset_last_days({ days: String(days) })}
              </RacButton>
            ))}
          </div>
          <RangeCalendar className="cd-calendar" visibleDuration={{ months: 1 }}>
            <header className="cd-calendar__header">
              <RacButton slot="previous" className="cd-calendar__nav" aria-label={m.date_previous_month()}>
                <Icon name="chevron-left" />
              </RacButton>
              <Heading className="cd-calendar__title" />
              <RacButton slot="next" className="cd-calendar__nav" aria-label={m.date_next_month()}>
                <Icon name="chevron-right" />
              </RacButton>
            </header>
            <CalendarGrid className="cd-calendar__grid">
              {(date) => <CalendarCell date={date} className="cd-calendar__cell" />}
            </CalendarGrid>
          </RangeCalendar>
        </RacDialog>
      </Popover>
    </DateRangePicker>
  );
}
