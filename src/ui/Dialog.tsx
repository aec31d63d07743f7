/**
 * A modal dialog: react-aria's Modal (focus trap, Escape, focus return, inert background) with a
 * title bar, a scrollable body and a footer for the actions. Controlled by `isOpen` + `onClose`.
 */
import type { ReactNode } from 'react';
import { Dialog as RacDialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { m } from '../paraglide/messages.js';
import { Button } from './Button.tsx';
import { cx } from './cx.ts';
import { Icon } from './Icon.tsx';

export { confirm } from './confirm-store.ts';

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
