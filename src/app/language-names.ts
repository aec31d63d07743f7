/** Each language named in itself, for the language selector and its menu. */
import type { Locale } from '../i18n/locale.ts';
import { m } from '../paraglide/messages.js';

export const LANGUAGE_NAMES: Record<Locale, () => string> = {
  'zh-cn': m.app_language_zh,
  'en-us': m.app_language_en,
};
