/**
 * This file owns the current UI language. Paraglide's compiled runtime is told to read and write
 * it here (overwriteGetLocale/overwriteSetLocale) instead of its default cookie strategy, because
 * the spec keeps the language in localStorage (key `language`), falls back to the browser
 * language, and a switch must re-render React in place, never reload the page.
 * Import this module before any message is rendered (src/main.tsx does).
 */
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import {
  baseLocale,
  locales,
  overwriteGetLocale,
  overwriteSetLocale,
  type Locale,
} from '../paraglide/runtime.js';
import { manifestHref } from '../app/manifest-href.ts';
import { LOCALE_COOKIE } from '../../contract/constants.ts';

export type { Locale };
export const LOCALES: readonly Locale[] = locales;
export const LOCALE_STORAGE_KEY = 'language';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

/** Stored choice first, then the first browser language we speak (zh* → zh-cn, en* → en-us). */
export function detectLocale(stored: string | null | undefined, browser: readonly string[]): Locale {
  if (isLocale(stored)) return stored;
  for (const raw of browser) {
    const tag = raw.toLowerCase();
    if (tag.startsWith('zh')) return 'zh-cn';
    if (tag.startsWith('en')) return 'en-us';
  }
  return baseLocale;
}

function readStored(): string | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage.getItem(LOCALE_STORAGE_KEY);
  } catch {
    return null; // storage blocked (private mode, worker): fall back to detection
  }
}

function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language ?? ''];
}

/** dayjs names its locales differently; English is built in as 'en'. */
export const dayjsLocaleOf = (l: Locale): string => (l === 'zh-cn' ? 'zh-cn' : 'en');
/** BCP 47 tag for Intl and react-aria. */
export const bcp47Of = (l: Locale): string => (l === 'zh-cn' ? 'zh-CN' : 'en-US');

let current: Locale = detectLocale(readStored(), browserLanguages());
const listeners = new Set<() => void>();

function apply(l: Locale): void {
  dayjs.locale(dayjsLocaleOf(l));
  if (typeof document === 'undefined') return;
  // Only when it differs: setting it, even to the value it has, restyles every element on the page
  // (`:lang()`), and the page the server or the service worker painted already carries it.
  if (document.documentElement.lang !== l) document.documentElement.lang = l;
  // The server paints the signed-in shell before any script runs, in this language (server/http/boot-shell.ts).
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${LOCALE_COOKIE}=${l}; max-age=31536000; path=/; SameSite=Lax${secure}`;
  // Installing the app then names it in this language (the build writes a manifest per language).
  document.querySelector('link[rel="manifest"]')?.setAttribute('href', manifestHref(l));
}
apply(current);

export function getAppLocale(): Locale {
  return current;
}

/** Switches the language in place: stores it, updates dayjs and <html lang>, notifies React. */
export function setAppLocale(next: Locale): void {
  if (!isLocale(next) || next === current) return;
  current = next;
  try {
    localStorage.setItem(LOCALE_STORAGE_KEY, next);
  } catch {
    // not persisted; the switch still applies to this tab
  }
  apply(next);
  for (const fn of listeners) fn();
}

export function subscribeLocale(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

overwriteGetLocale(() => current);
overwriteSetLocale((next) => setAppLocale(next));
