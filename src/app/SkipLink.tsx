/**
 * "Skip to main content": the first thing in every page's tab order (WCAG 2.4.1). Hidden until it
 * takes focus; it moves focus to the page's <main id="main"> (every layout renders one, see
 * MainLandmark) without adding a #fragment to the URL.
 */
import type { ReactNode } from 'react';
import { m } from '../paraglide/messages.js';

const MAIN_ID = 'main';

export function SkipLink() {
  return (
    <a
      className="app-skip-link"
      href={`#${MAIN_ID}`}
      onClick={(e) => {
        const main = document.getElementById(MAIN_ID);
        if (!main) return;
        e.preventDefault();
        main.focus();
      }}
    >
      {m.app_skip_to_main()}
    </a>
  );
}

/** The page's one main landmark, the skip link's target (focusable by script, not by Tab). */
export function MainLandmark({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <main id={MAIN_ID} tabIndex={-1} className={className}>
      {children}
    </main>
  );
}
