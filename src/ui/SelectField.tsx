import { useId, type ReactNode, type SelectHTMLAttributes } from 'react';
import { css, cx } from '../../styled-system/css';
import { fieldLabel, fieldMessage } from './TextField';

export type SelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> & {
  label: ReactNode;
  options: readonly { value: string; label: string }[];
  /** Shown under the field and announced with it (marks the field invalid). */
  error?: ReactNode;
  hint?: ReactNode;
};

/**
 * The field look for a native <select>. Not fieldInput: a <select> matches :read-only, which
 * fieldInput greys out.
 */
export const fieldSelect = css({
  w: 'full',
  minH: '11',
  px: '3',
  bg: 'surface',
  color: 'fg',
  borderWidth: '1px',
  borderColor: 'border.strong',
  borderRadius: 'md',
  fontSize: 'md',
  cursor: 'pointer',
  _disabled: { opacity: 0.6, cursor: 'not-allowed' },
  '&[aria-invalid=true]': { borderColor: 'danger' },
});

/** A labelled native select (keyboard and phone pickers work without help). */
export function SelectField({ label, options, error, hint, className, id, ...rest }: SelectFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const describedBy = [error ? `${inputId}-error` : '', hint ? `${inputId}-hint` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={inputId} className={fieldLabel}>
        {label}
      </label>
      <select id={inputId} className={fieldSelect} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...rest}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
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
