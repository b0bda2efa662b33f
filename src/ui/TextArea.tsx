import type { ReactNode, TextareaHTMLAttributes } from 'react';
import { css, cx } from '../../styled-system/css';
import { Field } from './Field';
import { fieldInput } from './TextField';

export type TextAreaProps = TextareaHTMLAttributes<HTMLTextAreaElement> & {
  label: ReactNode;
  /** Shown under the field and announced with it (marks the field invalid). */
  error?: ReactNode;
  hint?: ReactNode;
};

export function TextArea({ label, error, hint, className, id, ...rest }: TextAreaProps) {
  return (
    <Field label={label} error={error} hint={hint} className={className} id={id}>
      {(control) => <textarea {...control} className={cx(fieldInput, css({ minH: '32', resize: 'vertical' }))} {...rest} />}
    </Field>
  );
}
