/**
 * The shared range-date picker (loaded on first use through ./RangeDatePicker.tsx, which draws the
 * same boxes until then): typed or picked dates, presets of the last
 * 7/14/30/90 days, nothing before 2021-03-12 or after tomorrow. The value is a pair of
 * 'YYYY-MM-DD' strings; use toUnixRange() from date-rules.ts for the wire's startTime/endTime
 * (or the onChangeUnix callback).
 */
import { useEffect, useRef, useState } from 'react';
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

import type { FirstUse, RangeDatePickerProps } from './range-date-types.ts';

/** Where the first use happened, so focus goes to the same part here (and the calendar opens). */
const PART_SELECTOR: Record<FirstUse['part'], string> = {
  start: '.cd-date-range__input:first-of-type [tabindex="0"]',
  end: '.cd-date-range__input:last-of-type [tabindex="0"]',
  clear: '.cd-date-range__clear',
  open: '.cd-date-range__open',
};

export default function RangeDatePickerFull({
  firstUse,
  value,
  onChange,
  onChangeUnix,
  label,
  presets = DATE_PRESETS_DAYS,
  isDisabled,
  className,
  ...rest
}: RangeDatePickerProps & { firstUse: FirstUse | null }) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  // Focus first, then open: the popover gives focus back on Escape to what had it when it opened.
  useEffect(() => {
    if (!firstUse?.focus) return;
    root.current?.querySelector<HTMLElement>(PART_SELECTOR[firstUse.part])?.focus();
    if (firstUse.open) setOpen(true);
  }, [firstUse]);
  const emit = (v: DateRangeValue | null) => {
    const next = v && clampRange(v);
    onChange(next);
    onChangeUnix?.(next && toUnixRange(next));
  };
  const active = matchingPreset(value);

  return (
    <DateRangePicker
      ref={root}
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
