/**
 * Plain inputs with the kit's look. `Input`/`TextArea` behave like native elements (value +
 * onChange(event)); give them `label` to get a visible label, or `aria-label`. For a labelled
 * field with help and error text use Field.tsx.
 */
import { useId, type ReactNode, type Ref } from 'react';
import {
  Input as RacInput,
  TextArea as RacTextArea,
  type InputProps as RacInputProps,
  type TextAreaProps as RacTextAreaProps,
} from 'react-aria-components';
import { TEXTAREA_MAX } from '../../contract/constants.ts';
import { m } from '../paraglide/messages.js';
import { cx } from './cx.ts';

export interface InputProps extends Omit<RacInputProps, 'className'> {
  className?: string;
  label?: ReactNode;
  isInvalid?: boolean;
  /** The input element (to move focus to it). */
  ref?: Ref<HTMLInputElement>;
}

export function Input({ className, label, isInvalid, id, ...rest }: InputProps) {
  const auto = useId();
  const inputId = id ?? auto;
  const input = (
    <RacInput
      {...rest}
      id={inputId}
      aria-invalid={isInvalid || undefined}
      className={cx('cd-input', isInvalid && 'cd-input--invalid', !label && className)}
    />
  );
  if (!label) return input;
  return (
    <div className={cx('cd-field', className)}>
      <label className="cd-field__label" htmlFor={inputId}>
        {label}
      </label>
      {input}
    </div>
  );
}

export interface TextAreaProps extends Omit<RacTextAreaProps, 'className'> {
  className?: string;
  label?: ReactNode;
  isInvalid?: boolean;
  /** Shows "n / max" under the box; max defaults to the spec's 10000. */
  showCount?: boolean;
}

export function TextArea({
  className,
  label,
  isInvalid,
  showCount,
  id,
  maxLength = TEXTAREA_MAX,
  ...rest
}: TextAreaProps) {
  const auto = useId();
  const areaId = id ?? auto;
  const length = typeof rest.value === 'string' ? rest.value.length : undefined;
  return (
    <div className={cx('cd-field', className)}>
      {label && (
        <label className="cd-field__label" htmlFor={areaId}>
          {label}
        </label>
      )}
      <RacTextArea
        {...rest}
        id={areaId}
        maxLength={maxLength}
        aria-invalid={isInvalid || undefined}
        className={cx('cd-input', 'cd-textarea', isInvalid && 'cd-input--invalid')}
      />
      {showCount && length !== undefined && (
        <span className="cd-field__count" aria-live="off">
          {m.common_char_count({ count: String(length), max: String(maxLength) })}
        </span>
      )}
    </div>
  );
}
