import { Link, useMatches } from 'react-router-dom';
import { m } from '../paraglide/messages.js';
import { MENU, type RouteHandle } from './route-table.ts';

/**
 * The nine-entry top menu; the active entry is the deepest matched route's `handle.menu`, not the
 * URL (a plain Link, so /invite/{id} can light up "team").
 */
export function TopMenu() {
  const matches = useMatches();
  const active = [...matches].reverse().find((x) => (x.handle as RouteHandle | undefined)?.menu);
  const activeKey = (active?.handle as RouteHandle | undefined)?.menu;
  return (
    <nav className="app-menu" aria-label={m.app_menu_label()}>
      <ul>
        {MENU.map((entry) => (
          <li key={entry.key}>
            <Link
              to={entry.path}
              className={entry.key === activeKey ? 'app-menu-item is-active' : 'app-menu-item'}
              aria-current={entry.key === activeKey ? 'page' : undefined}
              data-menu={entry.key}
            >
              {entry.label()}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
