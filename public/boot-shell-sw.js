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

  async function answer(request) {
    const plain = await precached('/index.html');
    if (!plain) return fetch(request);
    // An unreadable boot-shell.json: the plain shell, as without one.
    const shell = await snippetFor(new URL(request.url).pathname).catch(() => null);
    if (!shell) return plain;
    const html = (await plain.text())
      .replace(/<html lang="[^"]*">/, `<html lang="${shell.lang}">`)
      .replace('<div id="root"></div>', `<div id="root"></div>${shell.snippet}`);
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
