import type { ReactNode, SelectHTMLAttributes } from 'react';
import { css } from '../../styled-system/css';
import { Field } from './Field';

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
  return (
    <Field label={label} error={error} hint={hint} className={className} id={id}>
      {(control) => (
        <select {...control} className={fieldSelect} {...rest}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
