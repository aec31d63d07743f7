import { useEffect, useState, type RefObject } from 'react';
import { BACK_TO_TOP_PX } from '../../contract/constants.ts';
import { m } from '../paraglide/messages.js';

/** Appears once the scrolling content is more than 100 px down. */
export function BackToTop({ scroller }: { scroller: RefObject<HTMLElement | null> }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const onScroll = () => setShown(el.scrollTop > BACK_TO_TOP_PX);
    // No first read: the scroller is new and at the top, and reading scrollTop here would force
    // the page's first layout inside React's commit.
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => el.removeEventListener('scroll', onScroll);
  }, [scroller]);
  if (!shown) return null;
  return (
    <button
      type="button"
      className="app-back-to-top"
      aria-label={m.app_back_to_top()}
      title={m.app_back_to_top()}
      onClick={() => scroller.current?.scrollTo({ top: 0, behavior: 'smooth' })}
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path d="M12 5l-7 7h4v7h6v-7h4z" fill="currentColor" />
      </svg>
    </button>
  );
}
