/** The kit's button: react-aria's Button (press events, keyboard, focus ring) with our variants. */
import type { ReactNode } from 'react';
import { Button as RacButton, type ButtonProps as RacButtonProps } from 'react-aria-components';
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
  return (
    <RacButton
      {...rest}
      isDisabled={isDisabled || isLoading}
      isPending={isLoading}
      className={cx('cd-button', `cd-button--${variant}`, `cd-button--${size}`, className)}
    >
      {isLoading ? <span className="cd-spinner" aria-hidden="true" /> : icon}
      {children}
    </RacButton>
  );
}
