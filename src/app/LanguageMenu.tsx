/**
 * The language selector's menu, loaded on first use (LanguageSwitch.tsx). A popover anchored to the
 * selector's button; choosing a language or Escape closes it and focus returns to the button.
 */
import type { RefObject } from 'react';
import { Menu, MenuItem, Popover } from 'react-aria-components';
import { useLocale } from '../i18n/LocaleProvider.tsx';
import { isLocale, setAppLocale, type Locale } from '../i18n/locale.ts';
import { m } from '../paraglide/messages.js';
import { LANGUAGE_NAMES } from './language-names.ts';

interface Props {
  triggerRef: RefObject<HTMLButtonElement | null>;
  onClose: () => void;
}

export function LanguageMenu({ triggerRef, onClose }: Props) {
  const locale = useLocale();
  return (
    <Popover
      triggerRef={triggerRef}
      isOpen
      onOpenChange={(open) => !open && onClose()}
      placement="bottom end"
      className="app-lang-popover"
      aria-label={m.app_language_label()}
    >
      <Menu
        className="app-lang-menu"
        aria-label={m.app_language_label()}
        autoFocus="first"
        selectionMode="single"
        selectedKeys={[locale]}
        onAction={(key) => {
          onClose();
          if (isLocale(key)) setAppLocale(key);
        }}
      >
        {(Object.keys(LANGUAGE_NAMES) as Locale[]).map((l) => (
          <MenuItem key={l} id={l} className="app-lang-item" lang={l}>
            {LANGUAGE_NAMES[l]()}
          </MenuItem>
        ))}
      </Menu>
    </Popover>
  );
}
