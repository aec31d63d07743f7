/**
 * `await confirm({...})` from anywhere (event handlers, plain async code): queues a request that
 * <DialogHost/> (confirm.tsx, mounted once in main.tsx) shows; resolves true on confirm, false on
 * cancel or Escape. Requests are shown one at a time, in order.
 */
import type { ReactNode } from 'react';

export interface ConfirmOptions {
  title?: ReactNode;
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** 'danger' paints the confirm button red (deletes). */
  tone?: 'primary' | 'danger';
}

export interface PendingConfirm extends ConfirmOptions {
  id: number;
  resolve: (ok: boolean) => void;
}

let queue: PendingConfirm[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((fn) => fn());

export function confirm(options: ConfirmOptions): Promise<boolean> {
  return new Promise((resolve) => {
    queue = [...queue, { ...options, id: nextId++, resolve }];
    emit();
  });
}

export const currentConfirm = (): PendingConfirm | undefined => queue[0];

export function settleConfirm(id: number, ok: boolean): void {
  const item = queue.find((q) => q.id === id);
  if (!item) return;
  queue = queue.filter((q) => q.id !== id);
  item.resolve(ok);
  emit();
}

export function subscribeConfirm(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}
