/**
 * The language selector of the header, the landing page and the auth card: a compact globe menu
 * (not a form select). The choice is stored by src/i18n/locale.ts (local storage) and applies in
 * place, without a reload.
 */
import { Button, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { useLocale } from '../i18n/LocaleProvider.tsx';
import { isLocale, setAppLocale, type Locale } from '../i18n/locale.ts';
import { m } from '../paraglide/messages.js';

const NAMES: Record<Locale, () => string> = {
  'zh-cn': m.app_language_zh,
  'en-us': m.app_language_en,
};

export function LanguageSwitch() {
  const locale = useLocale();
  return (
    <MenuTrigger>
      {/* The name holds the visible language too (WCAG 2.5.3 label in name). */}
      <Button
        className="app-lang"
        aria-label={`${m.app_language_label()}: ${NAMES[locale]()}`}
        data-testid="language-switch"
      >
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
          <path
            fill="currentColor"
            d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm6.9 6h-2.9a15.7 15.7 0 0 0-1.4-3.6A8 8 0 0 1 18.9 8zM12 4c.8 1.2 1.5 2.5 1.9 4h-3.8c.4-1.5 1.1-2.8 1.9-4zM4.3 14a8.2 8.2 0 0 1 0-4h3.4a16.5 16.5 0 0 0 0 4H4.3zm.8 2h2.9c.3 1.3.8 2.5 1.4 3.6A8 8 0 0 1 5.1 16zM8 8H5.1a8 8 0 0 1 4.3-3.6C8.8 5.5 8.3 6.7 8 8zm4 12c-.8-1.2-1.5-2.5-1.9-4h3.8c-.4 1.5-1.1 2.8-1.9 4zm2.3-6H9.7a14.7 14.7 0 0 1 0-4h4.6a14.7 14.7 0 0 1 0 4zm.3 5.6c.6-1.1 1.1-2.3 1.4-3.6h2.9a8 8 0 0 1-4.3 3.6zm1.7-5.6a16.5 16.5 0 0 0 0-4h3.4a8.2 8.2 0 0 1 0 4h-3.4z"
          />
        </svg>
        <span>{NAMES[locale]()}</span>
      </Button>
      <Popover placement="bottom end" className="app-lang-popover">
        <Menu
          className="app-lang-menu"
          aria-label={m.app_language_label()}
          selectionMode="single"
          selectedKeys={[locale]}
          onAction={(key) => {
            if (isLocale(key)) setAppLocale(key);
          }}
        >
          {(Object.keys(NAMES) as Locale[]).map((l) => (
            <MenuItem key={l} id={l} className="app-lang-item" lang={l}>
              {NAMES[l]()}
            </MenuItem>
          ))}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
