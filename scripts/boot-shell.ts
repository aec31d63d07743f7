/**
 * The signed-in shell as static HTML, painted before any script runs (docs/decisions/pwa.md,
 * "The first screen of a signed-in cold start").
 *
 * The build writes `boot-shell.json` beside index.html: per language, the HTML of the header, the
 * page title and, on Home, the filter bar and grid frame, using the app's own class names (its
 * stylesheet is in index.html's head, so the boxes land where React will draw them). The server
 * puts it into the shell it answers to a navigation that carries a session cookie on a signed-in
 * path (server/http/web-delivery.ts); src/app/boot-shell.ts removes it once React has drawn the page.
 * It is decoration only: hidden from assistive technology, inert, and without links.
 */

export type BootLocale = 'en-us' | 'zh-cn';
type Messages = Record<string, string>;

/** The top menu in its order: path and message id (src/app/route-table.ts; a unit test keeps them equal). */
export const BOOT_MENU: readonly { path: string; label: string }[] = [
  { path: '/home', label: 'app_menu_home' },
  { path: '/invited', label: 'app_menu_invited' },
  { path: '/amateur', label: 'app_menu_amateur' },
  { path: '/blacklist', label: 'app_menu_blacklist' },
  { path: '/chatTmp', label: 'app_menu_chat_tmp' },
  { path: '/topic', label: 'app_menu_topic' },
  { path: '/product', label: 'app_menu_product' },
  { path: '/tag', label: 'app_menu_tag' },
  { path: '/team', label: 'app_menu_team' },
  { path: '/plans', label: 'plans_menu' },
  { path: '/followups', label: 'app_menu_followups' },
];

/** Page titles the shell can show before the page's code arrives (the page's own h1 text). */
export const BOOT_TITLES: Readonly<Record<string, string>> = {
  '/home': 'app_title_home',
  '/invited': 'app_title_invited',
  '/amateur': 'app_title_amateur',
  '/blacklist': 'app_title_blacklist',
  '/chatTmp': 'app_title_chat_tmp',
  '/topic': 'app_title_topic',
  '/product': 'app_title_product',
  '/tag': 'app_title_tag',
  '/team': 'app_title_team',
};

/** Paths that need a session (src/app/route-table.ts AUTH_PATHS; the same unit test). */
export const BOOT_PATHS: readonly string[] = [
  ...BOOT_MENU.filter((e) => e.path !== '/plans' && e.path !== '/followups').map((e) => e.path),
  '/topicVideo',
  '/topicInfluencer',
  '/invite',
  '/vip',
  '/creator',
  '/followups',
  '/plans',
  '/settings',
];

export interface BootShellFile {
  /** Signed-in path prefixes the server may answer with the shell. */
  paths: readonly string[];
  /** Per language: path → the HTML to put after `<div id="root"></div>`; '' for any other signed-in path. */
  html: Record<BootLocale, Record<string, string>>;
}

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const MENU_ICON =
  '<svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true"><path fill="currentColor" d="M3 6h18v2H3zm0 5h18v2H3zm0 5h18v2H3z"/></svg>';

/**
 * Its own class names with the app's sizes (src/app/layout.css, src/styles/base.css): with the
 * app's names, a page would hold two headers and two titles while React draws beneath the overlay,
 * and anything looking for "the header" or "the h1" could find the copy. Below the width where the
 * app's menu collapses (about 1366 px) the menu button shows instead of the entries. Below 1024 px
 * Home's filter row wraps by its labels' widths (language and fonts: 410 px in Chinese, 450 in English
 * at 390 px wide), so the frame draws the panel there without a guess of where the grid begins. The
 * delivery browser test checks that the frame's boxes land where the app's do.
 */
const STYLE = `<style>
.boot-shell{position:fixed;inset:0;z-index:30;display:flex;flex-direction:column;background:var(--cd-bg);pointer-events:none}
.boot-header{display:flex;flex:none;align-items:center;gap:var(--cd-space-6);height:var(--cd-header-h);padding:0 var(--cd-space-6);background:var(--cd-surface);border-bottom:1px solid var(--cd-divider);box-shadow:var(--cd-shadow-sm)}
.boot-brand{display:inline-flex;align-items:center;gap:var(--cd-space-2);color:var(--cd-text);font-weight:var(--cd-weight-bold);font-size:var(--cd-text-lg);white-space:nowrap}
.boot-brand img{display:block}
.boot-menu{display:flex;height:100%;margin:0;padding:0;list-style:none}
.boot-menu li{display:flex;align-items:center;padding:0 var(--cd-space-2);color:var(--cd-text-secondary);white-space:nowrap;border-bottom:2px solid transparent}
.boot-menu .is-active{color:var(--cd-primary);font-weight:var(--cd-weight-medium);border-bottom-color:var(--cd-primary)}
.boot-menu-button{display:none;align-items:center;gap:var(--cd-space-2);height:var(--cd-control-h);padding:0 var(--cd-space-3);border:1px solid var(--cd-control-border);border-radius:var(--cd-radius);background:var(--cd-surface);color:var(--cd-text)}
.boot-content{padding:var(--cd-space-5) var(--cd-space-6)}
.boot-title{margin:0 0 var(--cd-space-4);font-size:var(--cd-text-2xl);font-weight:var(--cd-weight-bold);line-height:1.3}
.boot-panel{padding:var(--cd-space-8) var(--cd-space-6);background:var(--cd-surface);border:1px solid var(--cd-divider);border-radius:var(--cd-radius-lg)}
.boot-bar{min-height:153px}
.boot-grid{height:414px;margin-top:12px;border:1px solid var(--cd-divider);border-radius:var(--cd-radius)}
@media (max-width:1365px){.boot-menu{display:none}.boot-menu-button{display:inline-flex}}
@media (max-width:767px){.boot-header{gap:var(--cd-space-3);padding:0 var(--cd-space-3)}.boot-hide-narrow{display:none}.boot-content{padding:var(--cd-space-4) var(--cd-space-3)}}
@media (max-width:1023px){.boot-bar,.boot-grid{display:none}.boot-panel{min-height:100vh}}
</style>`;

function shellHtml(t: Messages, path: string): string {
  const say = (id: string) => escape(t[id] ?? id);
  const entries = BOOT_MENU.map(
    (e) => `<li${e.path === path ? ' class="is-active"' : ''}>${say(e.label)}</li>`,
  ).join('');
  const header =
    `<div class="boot-header"><span class="boot-brand">` +
    `<img alt="" width="28" height="28" src="/favicon.svg"><span class="boot-hide-narrow">${say('app_brand')}</span></span>` +
    `<ul class="boot-menu">${entries}</ul>` +
    `<span class="boot-menu-button">${MENU_ICON}<span class="boot-hide-narrow">${say('app_menu_label')}</span></span>` +
    `</div>`;
  const title = BOOT_TITLES[path];
  const body = !title
    ? ''
    : `<div class="boot-title">${say(title)}</div>` +
      (path === '/home'
        ? `<div class="boot-panel"><div class="boot-bar"></div><div class="boot-grid"></div></div>`
        : '');
  return (
    `<div id="boot-shell" class="boot-shell" aria-hidden="true" inert>${STYLE}${header}` +
    `<div class="boot-content">${body}</div></div>`
  );
}

/** What the build writes to boot-shell.json. */
export function bootShellFile(messages: Record<BootLocale, Messages>): BootShellFile {
  const html = {} as Record<BootLocale, Record<string, string>>;
  for (const locale of Object.keys(messages) as BootLocale[]) {
    const t = messages[locale];
    html[locale] = { '': shellHtml(t, '') };
    for (const path of Object.keys(BOOT_TITLES)) html[locale][path] = shellHtml(t, path);
  }
  return { paths: BOOT_PATHS, html };
}
