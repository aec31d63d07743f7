/**
 * A whole-area notice: 404 (missing topic id, unknown route), empty (invalid invite link, no
 * data), error. A back button is shown by default for 404 and empty; `extra` replaces it.
 */
import type { ReactNode } from 'react';
import { m } from '../paraglide/messages.js';
import { Button } from './Button.tsx';
import { cx } from './cx.ts';
import { Icon, type IconName } from './Icon.tsx';

export type ResultStatus = '404' | 'empty' | 'error' | 'info' | 'success';

export interface ResultProps {
  status: ResultStatus;
  title?: ReactNode;
  description?: ReactNode;
  /** Actions; replaces the default back button. */
  extra?: ReactNode;
  /** What "back" does; default: browser history, or / when there is none. */
  onBack?: () => void;
  showBack?: boolean;
  className?: string;
  /** h1 when the result is the whole page (unknown route, crash); h2 inside a screen. */
  titleAs?: 'h1' | 'h2';
}

const ICON: Record<Exclude<ResultStatus, '404' | 'empty'>, IconName> = {
  error: 'x-circle',
  info: 'info',
  success: 'check-circle',
};

function defaultBack() {
  if (history.length > 1) history.back();
  else location.assign('/');
}

export function Result({
  status,
  title,
  description,
  extra,
  onBack,
  showBack,
  className,
  titleAs: Title = 'h2',
}: ResultProps) {
  const back = showBack ?? (status === '404' || status === 'empty');
  const heading =
    title ??
    (status === '404' ? m.result_not_found_title() : status === 'empty' ? m.result_empty_title() : null);
  const text =
    description ??
    (status === '404' ? m.result_not_found_text() : status === 'empty' ? m.result_empty_text() : null);
  return (
    <section className={cx('cd-result', `cd-result--${status}`, className)}>
      <div className="cd-result__art" aria-hidden="true">
        {status === '404' ? (
          <span className="cd-result__code">404</span>
        ) : status === 'empty' ? (
          <EmptyArt />
        ) : (
          <Icon name={ICON[status]} size={56} />
        )}
      </div>
      {/* A 404's default heading is the big "404" above; a given title is shown. */}
      {heading && (status !== '404' || title) && <Title className="cd-result__title">{heading}</Title>}
      {text && <p className="cd-result__text">{text}</p>}
      <div className="cd-result__extra">
        {extra ??
          (back && (
            <Button variant="primary" icon={<Icon name="arrow-left" />} onPress={onBack ?? defaultBack}>
              {m.result_back()}
            </Button>
          ))}
      </div>
    </section>
  );
}

function EmptyArt() {
  return (
    <svg width="72" height="56" viewBox="0 0 72 56" fill="none">
      <ellipse cx="36" cy="48" rx="30" ry="6" fill="var(--cd-surface-sunken)" />
      <path
        d="M14 20l8-12h28l8 12v22H14z"
        fill="var(--cd-surface)"
        stroke="var(--cd-border-strong)"
        strokeWidth="2"
      />
      <path d="M14 20h16a6 6 0 0012 0h16" stroke="var(--cd-border-strong)" strokeWidth="2" />
    </svg>
  );
}
