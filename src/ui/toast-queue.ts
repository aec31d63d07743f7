/**
 * This file owns the app's one toast queue (spec section 9: 3 s, at most 2 shown). It is plain
 * module state so non-React code (the HTTP client, workers' callbacks) can call `toast.error()`;
 * <Toaster/> in Toasts.tsx renders it. An identical visible toast is not stacked again, so ten
 * parallel calls failing the same way show one message.
 */
import { UNSTABLE_ToastQueue as ToastQueue } from 'react-aria-components';
import { TOAST_MAX, TOAST_MS } from '../../contract/constants.ts';

export type ToastTone = 'success' | 'error' | 'info' | 'warning';

export interface ToastContent {
  tone: ToastTone;
  message: string;
}

export const toastQueue = new ToastQueue<ToastContent>({ maxVisibleToasts: TOAST_MAX });

function show(tone: ToastTone, message: string, timeout = TOAST_MS): string | undefined {
  if (!message) return undefined;
  const dup = toastQueue.visibleToasts.find((t) => t.content.tone === tone && t.content.message === message);
  if (dup) return dup.key;
  return toastQueue.add({ tone, message }, { timeout });
}

export const toast = {
  success: (message: string, timeout?: number) => show('success', message, timeout),
  error: (message: string, timeout?: number) => show('error', message, timeout),
  info: (message: string, timeout?: number) => show('info', message, timeout),
  warning: (message: string, timeout?: number) => show('warning', message, timeout),
  close: (key: string) => toastQueue.close(key),
  clear: () => toastQueue.clear(),
};
