import type { InputHTMLAttributes, ReactNode } from 'react';
import { css } from '../../styled-system/css';
import { Field } from './Field';

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

/** The label and message looks live in Field; exported here too for the features that lay out their own fields. */
export { fieldLabel, fieldMessage } from './Field';

export function TextField({ label, error, hint, className, id, ...rest }: TextFieldProps) {
  return (
    <Field label={label} error={error} hint={hint} className={className} id={id}>
      {(control) => <input {...control} className={fieldInput} {...rest} />}
    </Field>
  );
}
