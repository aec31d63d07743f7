/**
 * Links that a list renders once per row: a plain `<a href>` marked as in-app, and one click
 * listener for the whole signed-in shell that turns a plain click on any of them into a router
 * navigation. react-router's `Link` reads the router's contexts and makes its own click handler in
 * every row, which costs about as much as the rest of the row's render (docs/benchmarks.md, Home,
 * "Where a keystroke's main-thread time goes"); a list of a hundred names paid it on every keystroke.
 * A click with a modifier or another button keeps the browser's own meaning (a new tab, a new window).
 */
import { useContext, useEffect, type AnchorHTMLAttributes } from 'react';
import { useNavigate } from 'react-router-dom';
import { InGridCell } from './DataGrid/cell-scope.ts';

const IN_APP = 'data-in-app';

type AnchorProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'>;

/**
 * An in-app link to `to` (a path of this app), followed by the shell's one listener. In a grid's
 * cell it is not a Tab stop of its own (src/ui/DataGrid/cell-scope.ts).
 */
export function InAppLink({ to, ...rest }: AnchorProps & { to: string }) {
  const inCell = useContext(InGridCell);
  return <a tabIndex={inCell ? -1 : undefined} {...rest} href={to} {...{ [IN_APP]: '' }} />;
}

/** The path a plain click on this element should navigate to within the app, or null. */
export function inAppTarget(event: MouseEvent): string | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return null;
  const target = event.target;
  const link = target instanceof Element ? target.closest(`a[${IN_APP}]`) : null;
  if (!(link instanceof HTMLAnchorElement)) return null;
  if (link.target && link.target !== '_self') return null;
  if (link.hasAttribute('download')) return null;
  const url = new URL(link.href, location.href);
  if (url.origin !== location.origin) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Follows plain clicks on the in-app links inside the app: one listener, mounted once by the shell.
 * A component of its own that renders nothing: `useNavigate` reads the router's location, so the
 * component that calls it renders again on every navigation; called by the shell itself, that was
 * the whole header (menu, sync status, language and user menus) on every page opened.
 */
export function InAppLinks(): null {
  useInAppLinks();
  return null;
}

function useInAppLinks(): void {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const path = inAppTarget(event);
      if (path === null) return;
      event.preventDefault();
      void navigate(path);
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [navigate]);
}
