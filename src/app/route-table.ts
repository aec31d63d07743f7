/**
 * The nine top-menu entries in the spec's order. Each signed-in route names its entry in the
 * route `handle` ({ menu }), so the active entry follows the route's meta key (/invite/{id} → team).
 */
import { m } from '../paraglide/messages.js';

export type MenuKey =
  'home' | 'invited' | 'amateur' | 'blacklist' | 'chatTmp' | 'topic' | 'product' | 'tag' | 'team';

export interface RouteHandle {
  menu?: MenuKey;
}

export const MENU: readonly { key: MenuKey; path: string; label: () => string }[] = [
  { key: 'home', path: '/home', label: m.app_menu_home },
  { key: 'invited', path: '/invited', label: m.app_menu_invited },
  { key: 'amateur', path: '/amateur', label: m.app_menu_amateur },
  { key: 'blacklist', path: '/blacklist', label: m.app_menu_blacklist },
  { key: 'chatTmp', path: '/chatTmp', label: m.app_menu_chat_tmp },
  { key: 'topic', path: '/topic', label: m.app_menu_topic },
  { key: 'product', path: '/product', label: m.app_menu_product },
  { key: 'tag', path: '/tag', label: m.app_menu_tag },
  { key: 'team', path: '/team', label: m.app_menu_team },
];

/** Paths that need a token; after logout these go to / while other pages reload. */
export const AUTH_PATHS = [
  ...MENU.map((e) => e.path),
  '/topicVideo',
  '/topicInfluencer',
  '/invite',
  '/vip',
  '/creator',
  '/followups',
  '/plans',
] as const;

export function requiresAuth(pathname: string): boolean {
  return AUTH_PATHS.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}
