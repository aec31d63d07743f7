/**
 * Re-renders the app when the language changes. Messages are plain function calls (m.key()),
 * so components that do not read a context would keep stale text; the keyed fragment remounts
 * the subtree once per switch, which is cheap for a rare action and never misses a string.
 */
import { Fragment, useSyncExternalStore, type ReactNode } from 'react';
import { I18nProvider } from 'react-aria-components';
import { bcp47Of, getAppLocale, subscribeLocale, type Locale } from './locale.ts';

export function useLocale(): Locale {
  return useSyncExternalStore(subscribeLocale, getAppLocale, getAppLocale);
}

export function LocaleProvider({ children }: { children: ReactNode }) {
  const locale = useLocale();
  return (
    <I18nProvider locale={bcp47Of(locale)}>
      <Fragment key={locale}>{children}</Fragment>
    </I18nProvider>
  );
}
