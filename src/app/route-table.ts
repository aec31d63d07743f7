/**
 * The top menu: the spec's nine entries in its order, then the seller's own work (plans and
 * follow-ups), which the spec does not list. Each signed-in route names its entry in the route
 * `handle` ({ menu }), so the active entry follows the route's meta key (/invite/{id} → team,
 * /plans/{id} → plans).
 */
import { SHOP_SETTINGS_PATH } from '../../contract/limits.ts';
import { m } from '../paraglide/messages.js';

export type SpecMenuKey =
  'home' | 'invited' | 'amateur' | 'blacklist' | 'chatTmp' | 'topic' | 'product' | 'tag' | 'team';
export type MenuKey = SpecMenuKey | 'plans' | 'followups';

export interface RouteHandle {
  menu?: MenuKey;
}

export interface MenuEntry<K extends MenuKey = MenuKey> {
  key: K;
  path: string;
  label: () => string;
}

/** The spec's nine entries, in its order. */
export const MENU: readonly MenuEntry<SpecMenuKey>[] = [
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

/** After the nine: the plans and the follow-ups due, the seller's daily loop. */
export const WORK_MENU: readonly MenuEntry[] = [
  { key: 'plans', path: '/plans', label: m.plans_menu },
  { key: 'followups', path: '/followups', label: m.app_menu_followups },
];

/** Every entry the header shows, in order. */
export const TOP_MENU: readonly MenuEntry[] = [...MENU, ...WORK_MENU];

/**
 * Settings → TikTok Shop, reached from the user menu and the stopped-shop banner; the server's
 * consent callback sends the browser here too.
 */
export const SHOP_SETTINGS_ROUTE = SHOP_SETTINGS_PATH;

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
  '/settings',
] as const;

export function requiresAuth(pathname: string): boolean {
  return AUTH_PATHS.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}
