/**
 * The shared pager (spec section 2 "Shared"): total, page buttons, page size (20…100), and a
 * digits-only jump box; a jump beyond the last page lands on the last page. Outside all-mode the
 * total is capped at 10000; all-mode is the default. Controlled: the list owns page and size.
 */
import { useState } from 'react';
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
  const [jump, setJump] = useState('');

  const go = (p: number) => {
    const next = clampPage(p, count);
    if (next !== current) onChange(next, pageSize);
  };
  const doJump = () => {
    const target = jumpTarget(jump, count);
    setJump('');
    if (target !== null) go(target);
  };

  return (
    <nav className={cx('cd-pager', className)} aria-label={m.pager_label()}>
      <span className="cd-pager__total">{m.pager_total({ total: formatNumber(shownTotal) })}</span>
      <Button
        size="sm"
        className="cd-pager__step"
        aria-label={m.pager_previous()}
        isDisabled={isDisabled || current <= 1}
        onPress={() => go(current - 1)}
      >
        <Icon name="chevron-left" />
      </Button>
      <ul className="cd-pager__pages">
        {pageItems(current, count).map((item) =>
          typeof item === 'number' ? (
            <li key={item}>
              <Button
                size="sm"
                className={cx('cd-pager__page', item === current && 'cd-pager__page--current')}
                aria-label={m.pager_page({ page: String(item) })}
                aria-current={item === current ? 'page' : undefined}
                isDisabled={isDisabled}
                onPress={() => go(item)}
              >
                {item}
              </Button>
            </li>
          ) : (
            <li key={item} className="cd-pager__ellipsis" aria-hidden="true">
              …
            </li>
          ),
        )}
      </ul>
      <Button
        size="sm"
        className="cd-pager__step"
        aria-label={m.pager_next()}
        isDisabled={isDisabled || current >= count}
        onPress={() => go(current + 1)}
      >
        <Icon name="chevron-right" />
      </Button>
      <Select<number>
        size="sm"
        className="cd-pager__size"
        aria-label={m.pager_page_size_label()}
        isDisabled={isDisabled}
        items={pageSizes.map((s) => ({ id: s, label: m.pager_page_size({ size: String(s) }) }))}
        value={pageSize}
        onChange={(size) => {
          const first = (current - 1) * pageSize;
          onChange(clampPage(Math.floor(first / size) + 1, pageCount(shownTotal, size)), size);
        }}
      />
      <label className="cd-pager__jump">
        <span>{m.pager_jump_label()}</span>
        <RacInput
          className="cd-input cd-pager__jump-input"
          inputMode="numeric"
          value={jump}
          disabled={isDisabled}
          onChange={(e) => setJump(digitsOnly(e.target.value))}
          onKeyDown={(e) => {
            if (e.key === 'Enter') doJump();
          }}
          onBlur={doJump}
        />
        <span>{m.pager_jump_suffix()}</span>
      </label>
    </nav>
  );
}
