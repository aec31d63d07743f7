/**
 * The web app manifest, once per language (vite.config.ts writes both). Texts come from the
 * app's message files, so the installed app, its shortcuts and its screenshots' labels read like
 * the menu. Both manifests share one `id`: the browser sees one app whichever it installed from.
 */
import type { ManifestOptions } from 'vite-plugin-pwa';
import en from '../messages/en-us.json' with { type: 'json' };
import zh from '../messages/zh-cn.json' with { type: 'json' };
import { manifestHref } from '../src/app/manifest-href.ts';

export type ManifestLocale = 'en-us' | 'zh-cn';
// The plain-text messages the manifest uses (plural messages differ in shape between the files).
type ManifestKey =
  | 'app_manifest_name'
  | 'app_brand'
  | 'app_manifest_description'
  | 'app_title_home'
  | 'app_menu_home'
  | 'app_title_invited'
  | 'app_menu_invited';
const TEXTS: Record<ManifestLocale, Pick<typeof en, ManifestKey>> = { 'en-us': en, 'zh-cn': zh };
const LANG: Record<ManifestLocale, string> = { 'en-us': 'en-US', 'zh-cn': 'zh-CN' };

/** Screenshots written by scripts/manifest-screenshots.ts (kept out of the precache). */
export const SCREENSHOT_SIZES = { wide: [1280, 720], narrow: [390, 844] } as const;
export const screenshotPath = (locale: ManifestLocale, form: keyof typeof SCREENSHOT_SIZES) =>
  `/screenshots/home-${form}-${locale}.jpg`;

export { manifestHref };

export function appManifest(locale: ManifestLocale): Partial<ManifestOptions> {
  const t = TEXTS[locale];
  const icon = { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' };
  return {
    id: '/',
    name: t.app_manifest_name,
    short_name: t.app_brand,
    description: t.app_manifest_description,
    lang: LANG[locale],
    dir: 'ltr',
    theme_color: '#1f5eff',
    background_color: '#f5f7fa',
    display: 'standalone',
    start_url: '/',
    scope: '/',
    icons: [
      icon,
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
    shortcuts: [
      { name: t.app_title_home, short_name: t.app_menu_home, url: '/home', icons: [icon] },
      { name: t.app_title_invited, short_name: t.app_menu_invited, url: '/invited', icons: [icon] },
    ],
    screenshots: (Object.keys(SCREENSHOT_SIZES) as (keyof typeof SCREENSHOT_SIZES)[]).map((form) => ({
      src: screenshotPath(locale, form),
      sizes: SCREENSHOT_SIZES[form].join('x'),
      type: 'image/jpeg',
      form_factor: form,
      label: t.app_title_home,
    })),
  };
}
