/**
 * A labelled text field (react-aria TextField): label, optional description and error text wired
 * with aria-describedby; `onChange` receives the string. `multiline` renders a textarea.
 */
import type { ReactNode } from 'react';
import {
  FieldError,
  Input as RacInput,
  Label,
  Text,
  TextArea as RacTextArea,
  TextField,
  type TextFieldProps,
} from 'react-aria-components';
import { m } from '../paraglide/messages.js';
import { cx } from './cx.ts';

export interface FieldProps extends Omit<TextFieldProps, 'className' | 'children'> {
  label: ReactNode;
  description?: ReactNode;
  /** Shown (and the field marked invalid) when set. */
  errorMessage?: string;
  placeholder?: string;
  multiline?: boolean;
  rows?: number;
  /** Shows "n / maxLength" for controlled values. */
  showCount?: boolean;
  className?: string;
}

export function Field({
  label,
  description,
  errorMessage,
  placeholder,
  multiline,
  rows = 4,
  showCount,
  className,
  isInvalid,
  ...rest
}: FieldProps) {
  const invalid = isInvalid || Boolean(errorMessage);
  const count = showCount && rest.maxLength && typeof rest.value === 'string';
  return (
    <TextField {...rest} isInvalid={invalid} className={cx('cd-field', className)}>
      <Label className="cd-field__label">
        {label}
        {rest.isRequired && (
          <span className="cd-field__required" aria-hidden="true">
            *
          </span>
        )}
      </Label>
      {multiline ? (
        <RacTextArea className="cd-input cd-textarea" placeholder={placeholder} rows={rows} />
      ) : (
        <RacInput className="cd-input" placeholder={placeholder} />
      )}
      {description && (
        <Text slot="description" className="cd-field__description">
          {description}
        </Text>
      )}
      {count && (
        <span className="cd-field__count">
          {m.common_char_count({ count: String((rest.value as string).length), max: String(rest.maxLength) })}
        </span>
      )}
      <FieldError className="cd-field__error">{errorMessage}</FieldError>
    </TextField>
  );
}
