import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { css, cx } from '../../styled-system/css';

export type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: ReactNode;
  /** Shown under the field and announced with it. */
  error?: ReactNode;
  hint?: ReactNode;
  multiline?: false;
};

export const fieldInput = css({
  w: 'full',
  minH: '11',
  px: '3',
  py: '2',
  bg: 'surface',
  color: 'fg',
  borderWidth: '1px',
  borderColor: 'border.strong',
  borderRadius: 'md',
  fontSize: 'md',
  _placeholder: { color: 'fg.muted' },
  _readOnly: { bg: 'surface.raised', color: 'fg.muted' },
  // Only once validation has spoken (aria-invalid), not :invalid, which marks every empty required field.
  '&[aria-invalid=true]': { borderColor: 'danger' },
});

export const fieldLabel = css({ display: 'block', fontWeight: 'semibold', fontSize: 'sm', mb: '1' });
export const fieldMessage = css({ fontSize: 'sm', mt: '1', color: 'fg.muted' });

export function TextField({ label, error, hint, className, id, ...rest }: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const describedBy = [error ? `${inputId}-error` : '', hint ? `${inputId}-hint` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={inputId} className={fieldLabel}>
        {label}
      </label>
      <input id={inputId} className={fieldInput} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...rest} />
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
