import { useId, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { css, cx } from '../../styled-system/css';
import { fieldInput, fieldLabel } from './TextField';

export type TextAreaProps = TextareaHTMLAttributes<HTMLTextAreaElement> & { label: ReactNode };

export function TextArea({ label, className, id, ...rest }: TextAreaProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  return (
    <div className={className}>
      <label htmlFor={inputId} className={fieldLabel}>
        {label}
      </label>
      <textarea id={inputId} className={cx(fieldInput, css({ minH: '32', resize: 'vertical' }))} {...rest} />
    </div>
  );
}
