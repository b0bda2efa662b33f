import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { css } from '../../styled-system/css';

export type CheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { label: ReactNode };

/** A native checkbox: keyboard, forms and screen readers work without help. */
export function Checkbox({ label, id, className, ...rest }: CheckboxProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  return (
    <div className={className}>
      <label htmlFor={inputId} className={css({ display: 'flex', gap: '2', alignItems: 'flex-start', fontSize: 'sm', cursor: 'pointer' })}>
        <input id={inputId} type="checkbox" className={css({ mt: '1', w: '4', h: '4', accentColor: 'accent', flexShrink: 0 })} {...rest} />
        <span>{label}</span>
      </label>
    </div>
  );
}
