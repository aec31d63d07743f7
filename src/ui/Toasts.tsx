/**
 * Renders the toast queue of toast-queue.ts (react-aria's ToastRegion: a landmark, F6 reaches it,
 * timers pause while hovered or focused). Only the first mounted <Toaster/> renders, so an extra
 * one in a screen never doubles every message.
 */
import { useEffect, useId, useState } from 'react';
import {
  Button,
  Text,
  UNSTABLE_Toast as Toast,
  UNSTABLE_ToastContent as ToastContent,
  UNSTABLE_ToastRegion as ToastRegion,
} from 'react-aria-components';
import { m } from '../paraglide/messages.js';
import { toast, toastQueue, type ToastTone } from './toast-queue.ts';
import { Icon, type IconName } from './Icon.tsx';

export { toast };

let owner: string | null = null;

const ICONS: Record<ToastTone, IconName> = {
  success: 'check-circle',
  error: 'x-circle',
  info: 'info',
  warning: 'warning',
};

export function Toaster() {
  const id = useId();
  const [active, setActive] = useState(false);
  useEffect(() => {
    if (owner === null || owner === id) {
      owner = id;
      setActive(true);
    }
    return () => {
      if (owner === id) owner = null;
    };
  }, [id]);
  if (!active) return null;
  return (
    <ToastRegion queue={toastQueue} className="cd-toast-region" aria-label={m.common_notifications()}>
      {({ toast: t }) => (
        <Toast toast={t} className={`cd-toast cd-toast--${t.content.tone}`}>
          <Icon name={ICONS[t.content.tone]} className="cd-toast__icon" />
          <ToastContent className="cd-toast__content">
            <Text slot="title">{t.content.message}</Text>
            {t.content.detail && (
              <Text slot="description" className="cd-toast__detail">
                {t.content.detail}
              </Text>
            )}
            {t.content.action && (
              <a className="cd-toast__action" href={t.content.action.href}>
                {t.content.action.label}
              </a>
            )}
          </ToastContent>
          <Button slot="close" className="cd-toast__close" aria-label={m.common_dismiss()}>
            <Icon name="close" />
          </Button>
        </Toast>
      )}
    </ToastRegion>
  );
}
