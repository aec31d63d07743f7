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
  /**
   * Shows a spinner while a call runs. Presses are ignored then, but the button keeps keyboard
   * focus (aria-disabled, not disabled), so a refused call leaves a keyboard user where they were
   * instead of on the page's body.
   */
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
  // This is our own pending state rather than react-aria's isPending: that one announces a focused
  // button through a live-region node pointing at the button's label, which outlives a dialog that
  // closes on success and then names nothing (axe: role-img-alt).
  const labelledBy = isLoading
    ? `${rest['aria-labelledby'] ?? id} ${BUSY_LABEL_ID}`
    : rest['aria-labelledby'];
  const pressHandlers = isLoading
    ? {
        onPress: undefined,
        onPressStart: undefined,
        onPressEnd: undefined,
        onPressUp: undefined,
        onPressChange: undefined,
      }
    : {};
  return (
    <RacButton
      {...rest}
      {...pressHandlers}
      // A submit button that is busy must not submit again on Enter in a field (implicit submission).
      type={isLoading && rest.type === 'submit' ? 'button' : rest.type}
      id={id}
      aria-labelledby={labelledBy}
      aria-disabled={isLoading ? true : undefined}
      data-busy={isLoading || undefined}
      isDisabled={isDisabled}
      className={cx('cd-button', `cd-button--${variant}`, `cd-button--${size}`, className)}
    >
      {isLoading ? <span className="cd-spinner" aria-hidden="true" /> : icon}
      {children}
    </RacButton>
  );
}
