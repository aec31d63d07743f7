/**
 * This file owns the app's one toast queue (spec section 9: 3 s, at most 2 shown). It is plain
 * module state so non-React code (the HTTP client, workers' callbacks) can call `toast.error()`;
 * <Toaster/> in Toasts.tsx renders it. An identical visible toast is not stacked again, so ten
 * parallel calls failing the same way show one message.
 */
import { UNSTABLE_ToastQueue as ToastQueue } from 'react-aria-components';
import { TOAST_MAX, TOAST_MS } from '../../contract/constants.ts';

export type ToastTone = 'success' | 'error' | 'info' | 'warning';

export interface ToastAction {
  label: string;
  href: string;
}

export interface ToastContent {
  tone: ToastTone;
  message: string;
  /** A link after the text (e.g. 'Upgrade to VIP' → /vip on code 40201). */
  action?: ToastAction;
}

export interface ToastOptions {
  timeout?: number;
  action?: ToastAction;
}

export const toastQueue = new ToastQueue<ToastContent>({ maxVisibleToasts: TOAST_MAX });

function show(tone: ToastTone, message: string, opts: number | ToastOptions = {}): string | undefined {
  if (!message) return undefined;
  const { timeout = TOAST_MS, action } = typeof opts === 'number' ? { timeout: opts } : opts;
  const dup = toastQueue.visibleToasts.find((t) => t.content.tone === tone && t.content.message === message);
  if (dup) return dup.key;
  return toastQueue.add(action ? { tone, message, action } : { tone, message }, { timeout });
}

export const toast = {
  success: (message: string, opts?: number | ToastOptions) => show('success', message, opts),
  error: (message: string, opts?: number | ToastOptions) => show('error', message, opts),
  info: (message: string, opts?: number | ToastOptions) => show('info', message, opts),
  warning: (message: string, opts?: number | ToastOptions) => show('warning', message, opts),
  close: (key: string) => toastQueue.close(key),
  clear: () => toastQueue.clear(),
};
