import { useId, type ReactNode } from 'react';
import { css, cx } from '../../styled-system/css';

export const fieldLabel = css({ display: 'block', fontWeight: 'semibold', fontSize: 'sm', mb: '1' });
export const fieldMessage = css({ fontSize: 'sm', mt: '1', color: 'fg.muted' });

/** What the labelled control takes: its id, and the hint and error that describe it. */
export type FieldControlProps = {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

export type FieldProps = {
  label: ReactNode;
  /** Shown under the control and announced with it (marks the control invalid). */
  error?: ReactNode;
  hint?: ReactNode;
  /** The control's id; a generated one when not given. */
  id?: string;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
};

/** The label, hint and error around one form control (TextField, TextArea and SelectField render their control inside). */
export function Field({ label, error, hint, id, className, children }: FieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const describedBy = [error ? `${inputId}-error` : '', hint ? `${inputId}-hint` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={inputId} className={fieldLabel}>
        {label}
      </label>
      {children({ id: inputId, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
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
