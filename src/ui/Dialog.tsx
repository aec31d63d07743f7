/**
 * A modal dialog: react-aria's Modal (focus trap, Escape, focus return, inert background) with a
 * title bar, a scrollable body and a footer for the actions. Controlled by `isOpen` + `onClose`.
 * Most footers are `footer={<DialogFooter onCancel={onClose} onConfirm={save} />}` (Cancel, Save).
 */
import { useState, type ReactNode } from 'react';
import { Dialog as RacDialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { m } from '../paraglide/messages.js';
import { Button } from './Button.tsx';
import { cx } from './cx.ts';
import { savesOnEnter } from './form-keys.ts';
import { Icon } from './Icon.tsx';
import { confirmFirst, inFlightGuard } from './in-flight.ts';
import { confirm, type ConfirmOptions } from './confirm-store.ts';

export { confirm };

export interface DialogProps {
  isOpen: boolean;
  onClose: () => void;
  title: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  /** Closing by clicking outside; off for forms where a stray click would lose input. */
  isDismissable?: boolean;
  /** The alertdialog role for confirmations. */
  role?: 'dialog' | 'alertdialog';
  className?: string;
}

export function Dialog({
  isOpen,
  onClose,
  title,
  children,
  footer,
  size = 'md',
  isDismissable = false,
  role = 'dialog',
  className,
}: DialogProps) {
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={(open) => !open && onClose()}
      isDismissable={isDismissable}
      isKeyboardDismissDisabled={false}
      className="cd-modal-overlay"
    >
      <Modal className={cx('cd-modal', `cd-modal--${size}`, className)}>
        <RacDialog role={role} className="cd-dialog">
          <header className="cd-dialog__header">
            <Heading slot="title" className="cd-dialog__title">
              {title}
            </Heading>
            <Button
              variant="text"
              size="sm"
              className="cd-dialog__close"
              aria-label={m.common_close()}
              onPress={onClose}
            >
              <Icon name="close" />
            </Button>
          </header>
          <div className="cd-dialog__body">{children}</div>
          {footer && <footer className="cd-dialog__footer">{footer}</footer>}
        </RacDialog>
      </Modal>
    </ModalOverlay>
  );
}

export interface DialogFooterProps {
  onCancel: () => void;
  /**
   * The primary action. While a promise it returns is pending the button shows a spinner and keeps
   * focus, and further presses are ignored: a double-click saves once.
   */
  onConfirm: () => unknown;
  /** Default: Save. */
  confirmLabel?: ReactNode;
  /** Default: Cancel. */
  cancelLabel?: ReactNode;
  /** Disables the confirm button (nothing to save yet). */
  isDisabled?: boolean;
  /** The dialog's own call is running (started by Enter in a field): the button shows it as pending. */
  isBusy?: boolean;
  tone?: 'primary' | 'danger';
  /** Focuses the confirm button when the dialog opens (confirmations). */
  autoFocus?: boolean;
}

/** The usual footer: Cancel, then the primary action (Save unless told otherwise). */
export function DialogFooter({
  onCancel,
  onConfirm,
  confirmLabel = m.common_save(),
  cancelLabel = m.common_cancel(),
  isDisabled,
  isBusy,
  tone = 'primary',
  autoFocus,
}: DialogFooterProps) {
  const confirm = useInFlight(onConfirm);
  return (
    <>
      <Button onPress={onCancel}>{cancelLabel}</Button>
      <Button
        variant={tone}
        onPress={() => confirm.run()}
        isDisabled={isDisabled}
        isLoading={confirm.busy || isBusy}
        autoFocus={autoFocus}
      >
        {confirmLabel}
      </Button>
    </>
  );
}

/**
 * Runs `action` at most once at a time (in-flight.ts): `busy` while its promise is pending (for the
 * button's disabled state and spinner); a press that arrives before React re-renders is ignored too.
 */
export function useInFlight<A extends unknown[]>(
  action: (...args: A) => unknown,
): { run: (...args: A) => void; busy: boolean } {
  const [busy, setBusy] = useState(false);
  const [guard] = useState(() => inFlightGuard(setBusy));
  const run = (...args: A) => void guard(action, ...args);
  return { run, busy };
}

/**
 * A guarded action behind a confirmation (remove, leave, dismiss, reset): a double-click opens one
 * confirmation and makes one call; `busy` (spinner, disabled) from the user's yes until the call
 * settles, so focus returns to the button when the confirmation closes.
 */
export function useConfirmedAction<A extends unknown[]>(
  ask: (...args: A) => ConfirmOptions,
  action: (...args: A) => unknown,
): { run: (...args: A) => void; busy: boolean } {
  const [busy, setBusy] = useState(false);
  const flight = useInFlight(confirmFirst((...args: A) => confirm(ask(...args)), action, setBusy));
  return { run: flight.run, busy };
}

/**
 * A dialog around a small form (a name, a title): Enter in a field submits like the footer's
 * Save, and both run `onSave` guarded against a double press.
 *
 *   <FormDialog title={m.tags_add_title()} onClose={onClose} onSave={save}><Field … /></FormDialog>
 */
export function FormDialog({
  title,
  onClose,
  onSave,
  children,
  confirmLabel,
}: {
  title: ReactNode;
  onClose: () => void;
  onSave: () => unknown;
  children: ReactNode;
  /** The confirm button's text (default: Save). */
  confirmLabel?: ReactNode;
}) {
  const save = useInFlight(onSave);
  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={title}
      footer={<DialogFooter onCancel={onClose} onConfirm={onSave} confirmLabel={confirmLabel} />}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save.run();
        }}
        onKeyDown={(e) => {
          const keyed = {
            key: e.key,
            defaultPrevented: e.nativeEvent.defaultPrevented,
            isComposing: e.nativeEvent.isComposing,
            target: e.target as HTMLElement & { type?: string },
          };
          if (!savesOnEnter(keyed)) return;
          e.preventDefault();
          save.run();
        }}
      >
        {children}
      </form>
    </Dialog>
  );
}
