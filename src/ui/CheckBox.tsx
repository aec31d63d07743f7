/**
 * The kit's checkbox: react-aria's Checkbox (keyboard, labels, groups) with a drawn box. Its label is
 * the children; give `aria-label` when there is no visible text.
 */
import type { ReactNode } from 'react';
import { Checkbox, type CheckboxProps } from 'react-aria-components';
import { cx } from './cx.ts';
import { Icon } from './Icon.tsx';

export function CheckBox({
  children,
  className,
  ...rest
}: Omit<CheckboxProps, 'children' | 'className'> & { children?: ReactNode; className?: string }) {
  return (
    <Checkbox {...rest} className={cx('cd-check', className)}>
      <span className="cd-check__box" aria-hidden="true">
        <Icon name="check" size={12} />
      </span>
      {children}
    </Checkbox>
  );
}
