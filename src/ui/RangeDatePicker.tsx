/**
 * The shared range-date picker, whose code (react-aria's date fields and calendar,
 * @internationalized/date: ~28 kB compressed) loads on first use: until then this draws the same
 * boxes (label, the two dates, clear and calendar buttons, with the same classes and names), so a
 * screen's first load and first paint skip it. Pointing at it, or focusing it, starts the load; a
 * press or a focus hands over to the real picker in the same place (./RangeDatePickerFull.tsx),
 * focus on the same part and the calendar open when that was the press. The hand-over waits for the
 * chunk: until it has loaded the stand-in stays mounted and keeps focus (no Suspense fallback that
 * would remount it and drop focus onto the page), and if the user has moved focus elsewhere
 * meanwhile, the real picker does not pull it back. The service worker precaches the chunk, so it
 * opens offline too (docs/decisions/delivery-and-accessibility.md).
 */
import { useId, useRef, useState, type RefObject } from 'react';
import { m } from '../paraglide/messages.js';
import { getLocale } from '../paraglide/runtime.js';
import { cx } from './cx.ts';
import type { DateRangeValue } from './date-rules.ts';
import { Icon } from './Icon.tsx';
import type { FirstUse, RangeDatePickerProps } from './range-date-types.ts';
import type RangeDatePickerFull from './RangeDatePickerFull.tsx';

export type { DateRangeValue, FirstUse, RangeDatePickerProps };

type FullPicker = typeof RangeDatePickerFull;
let loaded: FullPicker | null = null;
let loading: Promise<FullPicker> | null = null;
/** The real picker's module, loaded once per page; a failed load (offline, not yet cached) may be retried. */
function loadFull(): Promise<FullPicker> {
  loading ??= import('./RangeDatePickerFull.tsx').then(
    (mod) => (loaded = mod.default),
    (err: unknown) => {
      loading = null;
      throw err;
    },
  );
  return loading;
}

export function RangeDatePicker(props: RangeDatePickerProps) {
  const [firstUse, setFirstUse] = useState<FirstUse | null>(null);
  const [Full, setFull] = useState<FullPicker | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const use = (u: FirstUse) => {
    if (loaded) {
      setFirstUse(u);
      setFull(() => loaded);
      return;
    }
    const before = document.activeElement;
    loadFull().then(
      (picker) => {
        const now = document.activeElement;
        const stayed = now === before || now === document.body || !!(now && root.current?.contains(now));
        setFirstUse(stayed ? u : { ...u, focus: false, open: false });
        setFull(() => picker);
      },
      // Not loaded (offline before the precache filled): the stand-in stays; the next use tries again.
      () => undefined,
    );
  };
  if (Full) return <Full {...props} firstUse={firstUse} />;
  return (
    <DatePlaceholder
      {...props}
      rootRef={root}
      onUse={use}
      onIntent={() => void loadFull().catch(() => undefined)}
    />
  );
}

/** The date as react-aria's fields show it (leading zeros forced): month/day/year or year/month/day. */
function segments(date: string | undefined): { text: string; placeholder: boolean }[] {
  const [y, mo, d] = date ? date.split('-') : [];
  const zh = getLocale() === 'zh-cn';
  const year = { text: y ?? (zh ? '年' : 'yyyy'), placeholder: !y };
  const month = { text: mo ?? (zh ? '月' : 'mm'), placeholder: !mo };
  const day = { text: d ?? (zh ? '日' : 'dd'), placeholder: !d };
  return zh ? [year, month, day] : [month, day, year];
}

function DateText({
  date,
  name,
  onUse,
  isDisabled,
}: {
  date?: string;
  name: string;
  onUse: () => void;
  isDisabled?: boolean;
}) {
  const parts = segments(date);
  return (
    <div
      className="cd-date-range__input"
      role="group"
      aria-label={name}
      // A disabled picker's dates are not reached by Tab, as the real picker's are not.
      tabIndex={isDisabled ? -1 : 0}
      aria-disabled={isDisabled || undefined}
      onFocus={isDisabled ? undefined : onUse}
      onPointerDown={(e) => {
        e.preventDefault();
        if (!isDisabled) onUse();
      }}
    >
      {parts.map((p, i) => (
        <span key={i} aria-hidden="true">
          {i > 0 && (
            <span className="cd-date-segment" data-type="literal">
              /
            </span>
          )}
          <span className="cd-date-segment" data-placeholder={p.placeholder || undefined}>
            {p.text}
          </span>
        </span>
      ))}
    </div>
  );
}

function DatePlaceholder({
  value,
  onChange,
  onChangeUnix,
  label,
  isDisabled,
  className,
  onUse,
  onIntent,
  rootRef,
  ...rest
}: RangeDatePickerProps & {
  onUse: (u: FirstUse) => void;
  onIntent: () => void;
  rootRef: RefObject<HTMLDivElement | null>;
}) {
  const focusOn = (part: 'start' | 'end') => () => onUse({ part, focus: true, open: false });
  const labelId = useId();
  return (
    <div
      ref={rootRef}
      className={cx('cd-date-range', className)}
      data-disabled={isDisabled || undefined}
      onPointerEnter={onIntent}
      onFocusCapture={onIntent}
    >
      {label && (
        <span className="cd-field__label" id={labelId}>
          {label}
        </span>
      )}
      <div
        className="cd-date-range__group"
        role="group"
        aria-label={rest['aria-label'] ?? (label ? undefined : m.date_range_label())}
        aria-labelledby={label ? labelId : undefined}
      >
        <DateText
          date={value?.start}
          name={m.date_start()}
          onUse={focusOn('start')}
          isDisabled={isDisabled}
        />
        <span className="cd-date-range__dash" aria-hidden="true">
          –
        </span>
        <DateText date={value?.end} name={m.date_end()} onUse={focusOn('end')} isDisabled={isDisabled} />
        {value && !isDisabled && (
          <button
            type="button"
            className="cd-date-range__clear"
            aria-label={m.date_clear()}
            onClick={() => {
              // Clearing needs no calendar: done here, as the real picker's clear button does it.
              onChange(null);
              onChangeUnix?.(null);
            }}
          >
            <Icon name="close" size={14} />
          </button>
        )}
        <button
          type="button"
          className="cd-date-range__open"
          aria-label={m.date_open_calendar()}
          disabled={isDisabled}
          onClick={() => onUse({ part: 'open', focus: true, open: true })}
        >
          <Icon name="calendar" />
        </button>
      </div>
    </div>
  );
}
