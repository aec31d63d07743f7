/**
 * Where each language's web app manifest lives: the build writes one per language
 * (scripts/pwa-manifest.ts) and the page links the one of the current language (i18n/locale.ts),
 * so an installed app is named and described in the user's language.
 */
export const manifestHref = (locale: 'en-us' | 'zh-cn'): string =>
  locale === 'en-us' ? '/manifest.webmanifest' : `/manifest.${locale}.webmanifest`;
