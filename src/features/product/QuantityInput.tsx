import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { css } from '../../../styled-system/css';
import { Button } from '../../ui/Button';

export type QuantityInputProps = {
  value: number;
  max: number;
  disabled?: boolean;
  onChange: (qty: number) => void;
  onIncrement: () => void;
  onDecrement: () => void;
};

const field = css({
  w: '16',
  minH: '11',
  textAlign: 'center',
  bg: 'surface',
  color: 'fg',
  borderWidth: '1px',
  borderColor: 'border.strong',
  borderRadius: 'md',
  fontSize: 'md',
  appearance: 'textfield',
  '&::-webkit-inner-spin-button, &::-webkit-outer-spin-button': { appearance: 'none', margin: '0' },
});

/** − [n] +, never below 1 or above `max` (the machine clamps; the buttons say where the bounds are). */
export function QuantityInput({ value, max, disabled = false, onChange, onIncrement, onDecrement }: QuantityInputProps) {
  const { t } = useLingui();
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className={css({ display: 'block', fontWeight: 'semibold', fontSize: 'sm', mb: '1' })}>
        {t`Quantity`}
      </label>
      <div className={css({ display: 'flex', alignItems: 'center', gap: '2' })}>
        <Button variant="outline" size="icon" aria-label={t`Decrease quantity`} aria-controls={id} disabled={disabled || value <= 1} onClick={onDecrement}>
          <span aria-hidden="true">−</span>
        </Button>
        <input
          id={id}
          className={field}
          type="number"
          inputMode="numeric"
          min={1}
          max={Math.max(1, max)}
          step={1}
          value={value}
          disabled={disabled}
          onChange={(e) => {
            const qty = Number.parseInt(e.target.value, 10);
            if (Number.isFinite(qty)) onChange(qty);
          }}
        />
        <Button variant="outline" size="icon" aria-label={t`Increase quantity`} aria-controls={id} disabled={disabled || value >= max} onClick={onIncrement}>
          <span aria-hidden="true">+</span>
        </Button>
      </div>
    </div>
  );
}
