/**
 * The signed-in shell painted before any script runs (docs/decisions/pwa.md, "The first screen of a
 * signed-in cold start"): a navigation that carries a session cookie to a signed-in path gets
 * index.html with the build's static header and page frame (boot-shell.json, written by
 * scripts/boot-shell.ts) in the member's language, so a phone shows the page while the scripts
 * download. Without a session cookie, on other paths, or without the file, the plain shell goes out.
 *
 * The cookie is only a hint: the page's data still needs a valid token, and a stale cookie gets
 * the same decoration the app replaces with its sign-in page at once.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import zlib from 'node:zlib';
import { LANGUAGES, LOCALE_COOKIE, TOKEN_COOKIES, type Language } from '../../contract/constants.ts';

interface BootShellFile {
  paths: string[];
  html: Record<Language, Record<string, string>>;
}

export interface ShellAnswer {
  raw: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
}

export function shellAnswer(raw: Buffer): ShellAnswer {
  const etag = `"${crypto.createHash('sha256').update(raw).digest('base64url').slice(0, 27)}"`;
  return { raw, br: zlib.brotliCompressSync(raw), gzip: zlib.gzipSync(raw), etag };
}

function cookies(header: string | undefined): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i > 0) out.set(part.slice(0, i).trim(), part.slice(i + 1).trim());
  }
  return out;
}

/** The language the PWA would pick: its cookie, else the first zh / en browser language, else English. */
export function shellLanguage(cookie: string | undefined, acceptLanguage: string | undefined): Language {
  const stored = cookies(cookie).get(LOCALE_COOKIE);
  if ((LANGUAGES as readonly string[]).includes(stored ?? '')) return stored as Language;
  for (const tag of (acceptLanguage ?? '').toLowerCase().split(',')) {
    const t = tag.trim();
    if (t.startsWith('zh')) return 'zh-cn';
    if (t.startsWith('en')) return 'en-us';
  }
  return 'en-us';
}

function readFile(file: string): BootShellFile | null {
  try {
    const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as BootShellFile;
    return Array.isArray(parsed.paths) && parsed.html ? parsed : null;
  } catch {
    return null; // an older build without it: the plain shell
  }
}

/**
 * Picks and builds (once per build, language and page) the shell for a navigation; null for the
 * plain one. `plain` is index.html as read for this build.
 */
export function bootShells(file: string) {
  let forBuild: Buffer | null = null;
  let boot: BootShellFile | null = null;
  const made = new Map<string, ShellAnswer>();
  return (
    plain: Buffer,
    url: string,
    headers: { cookie?: string; 'accept-language'?: string },
  ): ShellAnswer | null => {
    if (forBuild !== plain) {
      forBuild = plain;
      boot = readFile(file);
      made.clear();
    }
    if (!boot) return null;
    const jar = cookies(headers.cookie);
    if (!TOKEN_COOKIES.some((name) => jar.get(name))) return null;
    if (!boot.paths.some((p) => url === p || url.startsWith(`${p}/`))) return null;
    const language = shellLanguage(headers.cookie, headers['accept-language']);
    const pages = boot.html[language];
    const page = pages && Object.hasOwn(pages, url) ? url : '';
    const snippet = pages?.[page];
    if (!snippet) return null;
    const key = `${language} ${page}`;
    let answer = made.get(key);
    if (!answer) {
      const html = plain
        .toString('utf8')
        .replace(/<html lang="[^"]*">/, `<html lang="${language}">`)
        .replace('<div id="root"></div>', `<div id="root"></div>${snippet}`);
      answer = shellAnswer(Buffer.from(html));
      made.set(key, answer);
    }
    return answer;
  };
}
