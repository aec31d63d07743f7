/*
 * The signed-in shell painted before any script runs, when the service worker answers the
 * navigation (a warm or offline start) — docs/decisions/pwa.md, "The first screen of a signed-in
 * cold start". The server does the same for a navigation that reaches it (server/http/boot-shell.ts);
 * this is that rule for the precached index.html: a path that needs a session, a session cookie, the
 * language of the cd_lang cookie or else the browser's, and the markup of boot-shell.json (precached
 * beside index.html) put after <div id="root"></div>.
 *
 * Loaded by the generated sw.js (workbox importScripts) before workbox registers its routes, so this
 * listener answers navigations first and stops the others. It answers them as workbox's
 * navigateFallback would (the precached index.html, the network when it is not cached), with the
 * shell drawn in where the rule above holds. Without the Cookie Store API in a service worker (not
 * every browser has it) the session cannot be seen here, and the plain index.html goes out as before.
 */
(() => {
  const DENY = [/^\/api/, /^\/files/, /^\/downloads\//];
  const TOKEN_COOKIES = ['TiktokToken', 'tkToken'];
  const LOCALE_COOKIE = 'cd_lang';
  const LANGUAGES = ['en-us', 'zh-cn'];
  // src/app/boot-rows.ts (BOOT_ROWS_CACHE, BOOT_ROWS_KEY); a unit test keeps them equal.
  const ROWS_CACHE = 'cd-boot-rows';
  const ROWS_KEY = '/__boot-rows/home';
  const ROWS_MAX_AGE_MS = 7 * 24 * 3600 * 1000;
  const BUILD_CSS = /^\/assets\/[\w.-]+\.css$/;
  /** No copy to show: no stylesheets to link, nothing to draw. */
  const NO_ROWS = { styles: [], body: '' };

  const precached = (path) => caches.match(path, { ignoreSearch: true });

  async function cookie(name) {
    try {
      const c = await self.cookieStore.get(name);
      return c && c.value ? c.value : null;
    } catch {
      return null;
    }
  }

  async function language() {
    const stored = await cookie(LOCALE_COOKIE);
    if (LANGUAGES.includes(stored)) return stored;
    for (const raw of self.navigator.languages || []) {
      const tag = raw.toLowerCase();
      if (tag.startsWith('zh')) return 'zh-cn';
      if (tag.startsWith('en')) return 'en-us';
    }
    return 'en-us';
  }

  /** The markup for this path, or null for the plain shell (server/http/boot-shell.ts, bootShells). */
  async function snippetFor(path) {
    if (!self.cookieStore) return null;
    const file = await precached('/boot-shell.json');
    if (!file) return null;
    const boot = await file.json();
    if (!boot.paths.some((p) => path === p || path.startsWith(`${p}/`))) return null;
    const tokens = await Promise.all(TOKEN_COOKIES.map(cookie));
    if (!tokens.some(Boolean)) return null;
    const lang = await language();
    const pages = boot.html[lang] || {};
    const snippet = Object.hasOwn(pages, path) ? pages[path] : pages[''];
    return snippet ? { lang, snippet } : null;
  }

  async function digest(text) {
    const bytes = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
    return [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');
  }

  /**
   * The copy of Home's last first page (src/app/boot-rows.ts): only for the same path and query,
   * language and session (its token's SHA-256), not older than ROWS_MAX_AGE_MS; shown only at the
   * window width it was copied at (a media query: the worker cannot see the width).
   */
  async function rowsFor(url, lang) {
    const saved = await (await caches.open(ROWS_CACHE)).match(ROWS_KEY);
    if (!saved) return NO_ROWS;
    const rows = await saved.json();
    if (rows.url !== url.pathname + url.search || rows.lang !== lang) return NO_ROWS;
    if (typeof rows.html !== 'string' || !(Date.now() - rows.savedAt < ROWS_MAX_AGE_MS)) return NO_ROWS;
    const width = Number(rows.width);
    if (!(width > 0)) return NO_ROWS;
    let token = null;
    for (const name of TOKEN_COOKIES) token = token || (await cookie(name));
    if (!token) return NO_ROWS;
    // The app writes the cookie with encodeURIComponent and digests the token as it reads it back.
    let plainToken;
    try {
      plainToken = decodeURIComponent(token);
    } catch {
      return NO_ROWS;
    }
    if ((await digest(plainToken)) !== rows.session) return NO_ROWS;
    const style =
      '<style>#boot-rows{position:fixed;inset:0;z-index:31;overflow:hidden;contain:strict;background:var(--cd-bg);pointer-events:none}' +
      `@media (max-width:${width - 0.5}px),(min-width:${width + 0.5}px){#boot-rows{display:none}}</style>`;
    // The stylesheets it was drawn with, each of this build (precached); an older build's copy is not shown.
    const styles = Array.isArray(rows.styles) ? rows.styles : [];
    if (!styles.every((href) => BUILD_CSS.test(href))) return NO_ROWS;
    const cached = await Promise.all(styles.map((href) => precached(href)));
    if (cached.some((c) => !c)) return NO_ROWS;
    return {
      styles,
      body: `<div id="boot-rows" data-path="${url.pathname}" aria-hidden="true" inert>${style}${rows.html}</div>`,
    };
  }

  async function answer(request) {
    const plain = await precached('/index.html');
    if (!plain) return fetch(request);
    const url = new URL(request.url);
    // An unreadable boot-shell.json: the plain shell, as without one.
    const shell = await snippetFor(url.pathname).catch(() => null);
    if (!shell) return plain;
    // An unreadable copy: the frame alone.
    const rows = await rowsFor(url, shell.lang).catch(() => NO_ROWS);
    const page = await plain.text();
    // Linked already by index.html: not twice. (The app's code-split CSS finds them linked and adds none.)
    const links = rows.styles
      .filter((href) => !page.includes(`href="${href}"`))
      .map((href) => `<link rel="stylesheet" href="${href}">`)
      .join('');
    const html = page
      .replace(/<html lang="[^"]*">/, `<html lang="${shell.lang}">`)
      .replace('</head>', () => `${links}</head>`)
      // A function, not a string: the copy's text may hold `$&` and the like, which a replacement
      // string would expand.
      .replace('<div id="root"></div>', () => `<div id="root"></div>${shell.snippet}${rows.body}`);
    // The cached answer's headers (its CSP among them) stay; the body is now plain text.
    const headers = new Headers(plain.headers);
    for (const h of ['content-length', 'content-encoding', 'etag']) headers.delete(h);
    headers.set('content-type', 'text/html; charset=utf-8');
    return new Response(html, { status: 200, headers });
  }

  self.addEventListener('fetch', (event) => {
    const { request } = event;
    if (request.mode !== 'navigate' || request.method !== 'GET') return;
    const url = new URL(request.url);
    if (url.origin !== self.location.origin || DENY.some((re) => re.test(url.pathname))) return;
    event.respondWith(answer(request));
    event.stopImmediatePropagation();
  });
})();
