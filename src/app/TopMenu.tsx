import { useLayoutEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Button, Dialog, DialogTrigger, Popover } from 'react-aria-components';
import { Link, useMatches } from 'react-router-dom';
import { m } from '../paraglide/messages.js';
import { TOP_MENU, type MenuKey, type RouteHandle } from './route-table.ts';

/**
 * The top menu (the spec's nine entries, then plans and follow-ups); the active entry is the
 * deepest matched route's `handle.menu`, not the URL (a plain Link, so /invite/{id} can light up
 * "team").
 *
 * When the entries do not fit beside the brand and the header tools (a narrow window, the
 * longer zh-cn labels, a long sync notice), they move behind one menu button instead of being cut
 * off. The decision measures the entries' own width against the room the header leaves, so it
 * holds for both languages at any width; a margin keeps it from flipping while a sync label changes.
 */
const HYSTERESIS_PX = 32;
/** While the sync notice gives way, the menu takes its tiny share of the shrink (layout.css). */
const SHRINK_SLACK_PX = 1;
/**
 * The first render's guess, before any size is known: a window this narrow never has room for the
 * entries (they collapse below ~1,200 px in both languages). A right guess leaves the observer's
 * first report nothing to change, so a phone's first frame lays the page out once, not twice; a
 * wrong one is corrected before that frame paints, as every report is.
 */
const SURELY_COLLAPSED_BELOW_PX = 1024;

export function TopMenu() {
  const matches = useMatches();
  const active = [...matches].reverse().find((x) => (x.handle as RouteHandle | undefined)?.menu);
  const activeKey = (active?.handle as RouteHandle | undefined)?.menu;
  const nav = useRef<HTMLElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const [collapsed, setCollapsed] = useState(
    () => typeof window !== 'undefined' && window.innerWidth < SURELY_COLLAPSED_BELOW_PX,
  );

  // Sizes come from the resize observer, which reports them after the browser's own layout and
  // before paint: reading scrollWidth during the commit forced a full extra layout of the page
  // (~60 ms when Home mounts). The decision is committed at once (flushSync), so the first paint
  // already shows the right mode. The list's width is its natural one (CSS width: max-content).
  useLayoutEffect(() => {
    const room = nav.current;
    const entries = list.current;
    if (!room || !entries) return;
    // The observer's first report carries both sizes (both targets are new to it).
    const size = { available: 0, needed: 0 };
    const watch = new ResizeObserver((changes) => {
      for (const c of changes) {
        if (c.target === room) size.available = c.contentRect.width;
        else size.needed = c.contentRect.width;
      }
      flushSync(() =>
        setCollapsed((was) =>
          was ? size.needed + HYSTERESIS_PX > size.available : size.needed > size.available + SHRINK_SLACK_PX,
        ),
      );
    });
    watch.observe(room);
    watch.observe(entries);
    return () => watch.disconnect();
  }, []);

  return (
    <nav
      ref={nav}
      className={collapsed ? 'app-menu is-collapsed' : 'app-menu'}
      aria-label={m.app_menu_label()}
    >
      {/* Kept in the layout while collapsed (hidden, out of the tab order) so its width can be measured. */}
      <ul ref={list} className="app-menu-inline" aria-hidden={collapsed || undefined} inert={collapsed}>
        <MenuEntries activeKey={activeKey} />
      </ul>
      {collapsed && (
        <DialogTrigger>
          <Button className="app-menu-button" data-testid="menu-button">
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path fill="currentColor" d="M3 6h18v2H3zm0 5h18v2H3zm0 5h18v2H3z" />
            </svg>
            <span className="app-menu-button-label">{m.app_menu_label()}</span>
          </Button>
          <Popover placement="bottom start" className="app-menu-popover">
            <Dialog aria-label={m.app_menu_label()} className="app-menu-dialog">
              {({ close }) => (
                <ul
                  className="app-menu-stacked"
                  onClick={(e) => (e.target as Element).closest('a') && close()}
                >
                  <MenuEntries activeKey={activeKey} />
                </ul>
              )}
            </Dialog>
          </Popover>
        </DialogTrigger>
      )}
    </nav>
  );
}

function MenuEntries({ activeKey }: { activeKey: MenuKey | undefined }) {
  return TOP_MENU.map((entry) => (
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
  ));
}
