/**
 * This file owns the app's one toast queue (3 s each, at most 2 shown). It is plain
 * module state so non-React code (the HTTP client, workers' callbacks) can call `toast.error()`;
 * <Toaster/> in Toasts.tsx renders it. An identical visible toast is not stacked again, so ten
 * parallel calls failing the same way show one message.
 *
 * Toasts belong to their page: each carries the path it was raised on, a toast raised
 * for a page the user has already left is not shown, and leaving a page closes its toasts
 * (`leavePage`, called by the router shell). `page: '*'` is for the few that follow the user
 * (the sign-in greeting, which is raised just before the app moves to /home).
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
  /** A second line: what to do next. */
  detail?: string;
  /** A link after the text (e.g. 'Upgrade to VIP' → /vip on code 40201). */
  action?: ToastAction;
  /** The path it belongs to, or '*'. */
  page: string;
}

export interface ToastOptions {
  timeout?: number;
  action?: ToastAction;
  detail?: string;
  /** The page the message is about (default: the current one); '*' follows the user. */
  page?: string;
}

const here = (): string => globalThis.location?.pathname ?? '*';

export const toastQueue = new ToastQueue<ToastContent>({ maxVisibleToasts: TOAST_MAX });

function show(tone: ToastTone, message: string, opts: number | ToastOptions = {}): string | undefined {
  if (!message) return undefined;
  const o: ToastOptions = typeof opts === 'number' ? { timeout: opts } : opts;
  const page = o.page ?? here();
  // Raised for a page the user has left (a late answer): it would explain nothing here.
  if (page !== '*' && page !== here()) return undefined;
  const dup = toastQueue.visibleToasts.find((t) => t.content.tone === tone && t.content.message === message);
  if (dup) return dup.key;
  const content: ToastContent = { tone, message, page };
  if (o.action) content.action = o.action;
  if (o.detail) content.detail = o.detail;
  return toastQueue.add(content, { timeout: o.timeout ?? TOAST_MS });
}

/** Closes the toasts of other pages than `path` (the user navigated there). */
function leavePage(path: string): void {
  // Closing a visible toast lets a queued one show, so look again until none is left over.
  for (let i = 0; i < 20; i++) {
    const stale = toastQueue.visibleToasts.filter((t) => t.content.page !== '*' && t.content.page !== path);
    if (stale.length === 0) return;
    stale.forEach((t) => toastQueue.close(t.key));
  }
}

export const toast = {
  success: (message: string, opts?: number | ToastOptions) => show('success', message, opts),
  error: (message: string, opts?: number | ToastOptions) => show('error', message, opts),
  info: (message: string, opts?: number | ToastOptions) => show('info', message, opts),
  warning: (message: string, opts?: number | ToastOptions) => show('warning', message, opts),
  close: (key: string) => toastQueue.close(key),
  clear: () => toastQueue.clear(),
  leavePage,
};
