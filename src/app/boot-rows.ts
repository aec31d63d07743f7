/**
 * The last session's first page of Home, painted by the service worker before any script runs on a
 * warm start (docs/decisions/pwa.md, "A warm start paints the last session's rows").
 *
 * Home keeps a copy of what it showed (the app's own markup, cleaned) in Cache Storage, with the page's
 * URL, the window's width, the language and a SHA-256 of the session token. public/boot-shell-sw.js
 * puts that copy into the index.html it answers when all four still hold; src/app/boot-shell.ts takes
 * it away once Home has drawn its own first page. The copy is the mirror's data as the member last
 * saw it, under the same session, on the same device: what the app would show a moment later.
 */
import { getToken } from '../api/session.ts';

/** Shared with public/boot-shell-sw.js, which cannot import this module. */
export const BOOT_ROWS_CACHE = 'cd-boot-rows';
export const BOOT_ROWS_KEY = '/__boot-rows/home';
/** A stylesheet of the build (public/boot-shell-sw.js checks the same and that it is precached). */
export const BUILD_CSS = /^\/assets\/[\w.-]+\.css$/;
/** A copy larger than this is not kept (the virtual list draws only the rows in view: 21 rows at 1366×860 were 73 kB). */
export const BOOT_ROWS_MAX_CHARS = 400_000;

export interface BootRows {
  /** Path and query the copy is of: the worker paints it only for the same. */
  url: string;
  /** window.innerWidth when copied: the layout (cards, columns, collapsed menu) depends on it. */
  width: number;
  lang: string;
  /** Hex SHA-256 of the session token: another session, or none, never sees it. */
  session: string;
  /**
   * The build's stylesheets the page had when copied (its screens' code-split CSS among them): the
   * worker links them in the head, so the copy is painted with the styles it was drawn with (without
   * Home's own, its filter row moved when that arrived a second later).
   */
  styles: string[];
  savedAt: number;
  html: string;
}

export async function sessionDigest(token: string): Promise<string> {
  const bytes = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  return [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Attributes the copy leaves out: those of a moment (focus, hover, press), not the page; ids and test
 * ids, which would repeat the app's (a test finding a control by its test id found the copy's too
 * while the app took over).
 */
const DROPPED_ATTRS = [
  'id',
  'data-testid',
  'data-focused',
  'data-focus-visible',
  'data-hovered',
  'data-pressed',
  'autofocus',
];

/**
 * The app's markup as a copy: without ids, moment states, scripts, frames or handlers, its sync
 * indicator hidden (it would claim a state the app has not checked yet), no toasts.
 */
export function copyOfShell(shell: Element): string {
  const copy = shell.cloneNode(true) as Element;
  for (const el of copy.querySelectorAll('script, iframe, object, embed, .cd-toast-region')) el.remove();
  for (const el of [copy, ...copy.querySelectorAll('*')]) {
    for (const attr of [...el.attributes]) {
      if (DROPPED_ATTRS.includes(attr.name) || attr.name.startsWith('on')) el.removeAttribute(attr.name);
    }
  }
  for (const el of copy.querySelectorAll<HTMLElement>('.cd-sync')) el.style.visibility = 'hidden';
  return copy.outerHTML;
}

function available(): boolean {
  return typeof caches !== 'undefined' && typeof crypto !== 'undefined' && !!crypto.subtle;
}

/** Keeps a copy of the app as it is on screen now; a copy too large is dropped instead. */
export async function saveBootRows(lang: string): Promise<void> {
  const token = getToken();
  const shell = document.querySelector('#root .app-shell');
  if (!available() || !token || !shell) return;
  const html = copyOfShell(shell);
  const cache = await caches.open(BOOT_ROWS_CACHE);
  if (html.length > BOOT_ROWS_MAX_CHARS) {
    await cache.delete(BOOT_ROWS_KEY);
    return;
  }
  const rows: BootRows = {
    url: location.pathname + location.search,
    width: window.innerWidth,
    lang,
    session: await sessionDigest(token),
    // Vite links code-split CSS by its absolute URL: the path is what the precache knows.
    styles: [...document.querySelectorAll<HTMLLinkElement>('head link[rel="stylesheet"]')]
      .map((l) => new URL(l.href, location.href))
      .filter((u) => u.origin === location.origin && BUILD_CSS.test(u.pathname))
      .map((u) => u.pathname),
    savedAt: Date.now(),
    html,
  };
  await cache.put(
    BOOT_ROWS_KEY,
    new Response(JSON.stringify(rows), { headers: { 'content-type': 'application/json' } }),
  );
}

/** Drops the copy: the page on screen is not one a reopen would show, or the session ends. */
export async function forgetBootRows(): Promise<void> {
  if (!available()) return;
  await caches.delete(BOOT_ROWS_CACHE);
}

/** The service worker's copy, unless there is none or it is already leaving (handOverBootRows). */
export function bootRowsOnScreen(doc: Document = document): HTMLElement | null {
  const rows = doc.getElementById('boot-rows');
  return rows && rows.dataset.leaving === undefined ? rows : null;
}

/**
 * Takes the service worker's copy away (Home's own first page is drawn, or the app went elsewhere): it
 * stops being painted at once and leaves the document a few nodes per task.
 */
export function handOverBootRows(doc: Document = document): void {
  const rows = bootRowsOnScreen(doc);
  if (!rows) return;
  rows.dataset.leaving = '';
  // The copy lies over the app (fixed, contained): hidden, the app beneath shows; its layout is untouched.
  rows.style.visibility = 'hidden';
  takeApart(rows);
}

/** Main-thread time one task spends removing the copy's nodes. */
const TAKE_APART_SLICE_MS = 4;

/**
 * Removes `el` leaf by leaf, yielding after TAKE_APART_SLICE_MS. At once it takes ~1 ms (~600 nodes
 * at a phone's width), but with Chromium's invalidation tracking on (Lighthouse's trace records it)
 * each layout object removed records a script stack: one ~300 ms task inside React's commit, which
 * Lighthouse's 4x simulation made most of a warm start's blocking time (docs/benchmarks.md, "A warm
 * start's copy leaves in slices").
 */
function takeApart(el: Element): void {
  const start = performance.now();
  while (el.isConnected) {
    // What is left is the copy's own <style> (its first child, which keeps it fixed and contained): all at once.
    if (el.childNodes.length <= 1) {
      el.remove();
      return;
    }
    let leaf: ChildNode = el;
    while (leaf.lastChild) leaf = leaf.lastChild;
    leaf.remove();
    if (performance.now() - start > TAKE_APART_SLICE_MS) {
      setTimeout(() => takeApart(el), 0);
      return;
    }
  }
}
