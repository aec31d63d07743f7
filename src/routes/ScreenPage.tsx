/**
 * The frame every signed-in page shares: title, optional breadcrumb, then the screen. Data screens
 * arrive with later issues; until then a page shows an honest "being prepared" notice, no fake data.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Result } from '../ui/Result.tsx';
import { m } from '../paraglide/messages.js';

export interface Crumb {
  label: string;
  to?: string;
}

interface Props {
  title: string;
  breadcrumb?: Crumb[];
  /** A way back (e.g. the creator page's "Back to the list"), above the title where a reader starts. */
  back?: ReactNode;
  children?: ReactNode;
}

export function ScreenPage({ title, breadcrumb, back, children }: Props) {
  return (
    <section className="screen" aria-labelledby="screen-title">
      {breadcrumb && (
        <nav className="screen-breadcrumb" aria-label={m.app_breadcrumb()}>
          <ol>
            {breadcrumb.map((c, i) => (
              <li key={i}>
                {c.to ? <Link to={c.to}>{c.label}</Link> : <span aria-current="page">{c.label}</span>}
              </li>
            ))}
          </ol>
        </nav>
      )}
      {back && <div className="screen-back">{back}</div>}
      <h1 id="screen-title" className="screen-title">
        {title}
      </h1>
      {children ?? (
        <div className="screen-panel">
          <Preparing />
        </div>
      )}
    </section>
  );
}

export function Preparing() {
  return (
    <Result
      status="empty"
      title={m.app_preparing_title()}
      description={m.app_preparing_body()}
      showBack={false}
    />
  );
}
