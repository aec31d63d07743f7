/** The kit's button: react-aria's Button (press events, keyboard, focus ring) with our variants. */
import { useId, type ReactNode } from 'react';
import { Button as RacButton, type ButtonProps as RacButtonProps } from 'react-aria-components';
import { BUSY_LABEL_ID } from './BusyLabel.tsx';
import { cx } from './cx.ts';

export type ButtonVariant = 'default' | 'primary' | 'danger' | 'text' | 'link';
export type ButtonSize = 'sm' | 'md' | 'lg';

export interface ButtonProps extends Omit<RacButtonProps, 'className' | 'children'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
  /** Shows a spinner and disables the button while a call runs. */
  isLoading?: boolean;
  icon?: ReactNode;
  children?: ReactNode;
}

export function Button({
  variant = 'default',
  size = 'md',
  className,
  isLoading,
  isDisabled,
  icon,
  children,
  ...rest
}: ButtonProps) {
  const ownId = useId();
  const id = rest.id ?? ownId;
  // While busy the name gains "working…" from a node that outlives the button (BusyLabel.tsx).
  const labelledBy = isLoading
    ? `${rest['aria-labelledby'] ?? id} ${BUSY_LABEL_ID}`
    : rest['aria-labelledby'];
  return (
    <RacButton
      {...rest}
      id={id}
      aria-labelledby={labelledBy}
      isDisabled={isDisabled || isLoading}
      isPending={isLoading}
      className={cx('cd-button', `cd-button--${variant}`, `cd-button--${size}`, className)}
    >
      {isLoading ? <span className="cd-spinner" aria-hidden="true" /> : icon}
      {children}
    </RacButton>
  );
}
