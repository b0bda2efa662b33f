import { useId, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { css, cx } from '../../styled-system/css';
import { fieldInput, fieldLabel, fieldMessage } from './TextField';

export type TextAreaProps = TextareaHTMLAttributes<HTMLTextAreaElement> & {
  label: ReactNode;
  /** Shown under the field and announced with it (marks the field invalid). */
  error?: ReactNode;
  hint?: ReactNode;
};

export function TextArea({ label, error, hint, className, id, ...rest }: TextAreaProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const describedBy = [error ? `${inputId}-error` : '', hint ? `${inputId}-hint` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={inputId} className={fieldLabel}>
        {label}
      </label>
      <textarea
        id={inputId}
        className={cx(fieldInput, css({ minH: '32', resize: 'vertical' }))}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...rest}
      />
      {hint && (
        <p id={`${inputId}-hint`} className={fieldMessage}>
          {hint}
        </p>
      )}
      {error && (
        <p id={`${inputId}-error`} className={cx(fieldMessage, css({ color: 'danger' }))}>
          {error}
        </p>
      )}
    </div>
  );
}
