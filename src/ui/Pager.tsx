/**
 * The shared pager: total, page buttons, page size (20…100), and a
 * digits-only jump box; a jump beyond the last page lands on the last page. Outside all-mode the
 * total is capped at 10000; all-mode is the default. Controlled: the list owns page and size.
 *
 * Its parts are memoised with callbacks that stay the same across renders: a new total (a keystroke
 * in a list's filter) re-renders the total's text and the page buttons whose number or state
 * changed, not the page-size select, the step buttons or the jump box (the grid's update
 * per keystroke).
 */
import { memo, useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Input as RacInput } from 'react-aria-components';
import { m } from '../paraglide/messages.js';
import { formatNumber } from '../i18n/format.ts';
import { Button } from './Button.tsx';
import { cx } from './cx.ts';
import { Icon } from './Icon.tsx';
import {
  clampPage,
  DEFAULT_PAGE_SIZE,
  digitsOnly,
  jumpTarget,
  PAGE_SIZES,
  pageCount,
  pageItems,
  pagerTotal,
} from './pager-rules.ts';
import { Select } from './Select.tsx';

export interface PagerProps {
  page: number;
  pageSize?: number;
  total: number;
  /** Called with the new page and size; a size change keeps the page inside the new range. */
  onChange: (page: number, pageSize: number) => void;
  /** Default true. False caps the total at 10000. */
  allMode?: boolean;
  pageSizes?: readonly number[];
  isDisabled?: boolean;
  className?: string;
}

export function Pager({
  page,
  pageSize = DEFAULT_PAGE_SIZE,
  total,
  onChange,
  allMode = true,
  pageSizes = PAGE_SIZES,
  isDisabled,
  className,
}: PagerProps) {
  const shownTotal = pagerTotal(total, allMode);
  const count = pageCount(shownTotal, pageSize);
  const current = clampPage(page, count);

  // the memoised parts call through this ref, so their callbacks never change
  const latest = useRef({ current, count, pageSize, shownTotal, onChange });
  useLayoutEffect(() => {
    latest.current = { current, count, pageSize, shownTotal, onChange };
  });
  const go = useCallback((p: number) => {
    const l = latest.current;
    const next = clampPage(p, l.count);
    if (next !== l.current) l.onChange(next, l.pageSize);
  }, []);
  const step = useCallback((delta: number) => go(latest.current.current + delta), [go]);
  const jumpTo = useCallback(
    (text: string) => {
      const target = jumpTarget(text, latest.current.count);
      if (target !== null) go(target);
    },
    [go],
  );
  const changeSize = useCallback((size: number) => {
    const l = latest.current;
    const first = (l.current - 1) * l.pageSize;
    l.onChange(clampPage(Math.floor(first / size) + 1, pageCount(l.shownTotal, size)), size);
  }, []);

  return (
    <nav className={cx('cd-pager', className)} aria-label={m.pager_label()}>
      <span className="cd-pager__total">{m.pager_total({ total: formatNumber(shownTotal) })}</span>
      <StepButton delta={-1} isDisabled={!!isDisabled || current <= 1} onStep={step} />
      <ul className="cd-pager__pages">
        {pageItems(current, count).map((item) =>
          typeof item === 'number' ? (
            <PageButton
              key={item}
              page={item}
              isCurrent={item === current}
              isDisabled={!!isDisabled}
              onGo={go}
            />
          ) : (
            <li key={item} className="cd-pager__ellipsis" aria-hidden="true">
              …
            </li>
          ),
        )}
      </ul>
      <StepButton delta={1} isDisabled={!!isDisabled || current >= count} onStep={step} />
      <PageSizeSelect
        pageSize={pageSize}
        pageSizes={pageSizes}
        isDisabled={!!isDisabled}
        onSize={changeSize}
      />
      <JumpBox isDisabled={!!isDisabled} onJump={jumpTo} />
    </nav>
  );
}

const StepButton = memo(function StepButton(p: {
  delta: -1 | 1;
  isDisabled: boolean;
  onStep: (delta: number) => void;
}) {
  return (
    <Button
      size="sm"
      className="cd-pager__step"
      aria-label={p.delta < 0 ? m.pager_previous() : m.pager_next()}
      isDisabled={p.isDisabled}
      onPress={() => p.onStep(p.delta)}
    >
      <Icon name={p.delta < 0 ? 'chevron-left' : 'chevron-right'} />
    </Button>
  );
});

const PageButton = memo(function PageButton(p: {
  page: number;
  isCurrent: boolean;
  isDisabled: boolean;
  onGo: (page: number) => void;
}) {
  return (
    <li>
      <Button
        size="sm"
        className={cx('cd-pager__page', p.isCurrent && 'cd-pager__page--current')}
        aria-label={m.pager_page({ page: String(p.page) })}
        aria-current={p.isCurrent ? 'page' : undefined}
        isDisabled={p.isDisabled}
        onPress={() => p.onGo(p.page)}
      >
        {p.page}
      </Button>
    </li>
  );
});

const PageSizeSelect = memo(function PageSizeSelect(p: {
  pageSize: number;
  pageSizes: readonly number[];
  isDisabled: boolean;
  onSize: (size: number) => void;
}) {
  const { pageSizes } = p;
  const items = useMemo(
    () => pageSizes.map((s) => ({ id: s, label: m.pager_page_size({ size: String(s) }) })),
    [pageSizes],
  );
  return (
    <Select<number>
      size="sm"
      mountOnUse
      className="cd-pager__size"
      aria-label={m.pager_page_size_label()}
      isDisabled={p.isDisabled}
      items={items}
      value={p.pageSize}
      onChange={p.onSize}
    />
  );
});

/** The digits-only jump box; Enter or leaving it jumps (beyond the last page: the last page). */
const JumpBox = memo(function JumpBox(p: { isDisabled: boolean; onJump: (text: string) => void }) {
  const [jump, setJump] = useState('');
  const doJump = () => {
    setJump('');
    p.onJump(jump);
  };
  return (
    <label className="cd-pager__jump">
      <span>{m.pager_jump_label()}</span>
      <RacInput
        className="cd-input cd-pager__jump-input"
        inputMode="numeric"
        value={jump}
        disabled={p.isDisabled}
        onChange={(e) => setJump(digitsOnly(e.target.value))}
        onKeyDown={(e) => {
          if (e.key === 'Enter') doJump();
        }}
        onBlur={doJump}
      />
      <span>{m.pager_jump_suffix()}</span>
    </label>
  );
});
