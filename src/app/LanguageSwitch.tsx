/**
 * The language selector of the header, the landing page and the auth card: a compact globe button
 * (not a form select) whose menu lists the two languages. The choice is stored by
 * src/i18n/locale.ts (local storage) and applies in place, without a reload.
 *
 * The menu (react-aria's Menu and Popover, with their selection and collection code: about 30 kB
 * compressed) is loaded when the pointer or focus reaches the button, so the signed-out pages,
 * where this is the only menu, do not download it on their first load.
 */
import { lazy, Suspense, useRef, useState } from 'react';
import { Button } from 'react-aria-components';
import { useLocale } from '../i18n/LocaleProvider.tsx';
import { m } from '../paraglide/messages.js';
import { LANGUAGE_NAMES } from './language-names.ts';

const loadMenu = () => import('./LanguageMenu.tsx');
const LanguageMenu = lazy(async () => ({ default: (await loadMenu()).LanguageMenu }));

export function LanguageSwitch() {
  const locale = useLocale();
  const trigger = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const preload = () => void loadMenu().catch(() => undefined);
  return (
    <>
      <Button
        ref={trigger}
        className="app-lang"
        aria-haspopup="menu"
        aria-expanded={open}
        data-testid="language-switch"
        onHoverStart={preload}
        onFocus={preload}
        onPress={() => setOpen(true)}
      >
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
          <path
            fill="currentColor"
            d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm6.9 6h-2.9a15.7 15.7 0 0 0-1.4-3.6A8 8 0 0 1 18.9 8zM12 4c.8 1.2 1.5 2.5 1.9 4h-3.8c.4-1.5 1.1-2.8 1.9-4zM4.3 14a8.2 8.2 0 0 1 0-4h3.4a16.5 16.5 0 0 0 0 4H4.3zm.8 2h2.9c.3 1.3.8 2.5 1.4 3.6A8 8 0 0 1 5.1 16zM8 8H5.1a8 8 0 0 1 4.3-3.6C8.8 5.5 8.3 6.7 8 8zm4 12c-.8-1.2-1.5-2.5-1.9-4h3.8c-.4 1.5-1.1 2.8-1.9 4zm2.3-6H9.7a14.7 14.7 0 0 1 0-4h4.6a14.7 14.7 0 0 1 0 4zm.3 5.6c.6-1.1 1.1-2.3 1.4-3.6h2.9a8 8 0 0 1-4.3 3.6zm1.7-5.6a16.5 16.5 0 0 0 0-4h3.4a8.2 8.2 0 0 1 0 4h-3.4z"
          />
        </svg>
        {/* The name starts with what the button shows (WCAG 2.5.3), then says what it changes. */}
        <span className="app-lang-name">{LANGUAGE_NAMES[locale]()}</span>
        <span className="cd-visually-hidden">{`, ${m.app_language_label()}`}</span>
      </Button>
      {open && (
        <Suspense fallback={null}>
          <LanguageMenu triggerRef={trigger} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
