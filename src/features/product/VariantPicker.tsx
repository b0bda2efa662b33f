import { useLingui } from '@lingui/react/macro';
import { css } from '../../../styled-system/css';
import type { Variant } from '../../../domain/catalogue';
import { type VariantOption, variantGroups } from './variants';
import { colorLabel } from '../../ui/catalogueLabels';
import { early } from '../../services/earlyActions';

export type VariantPickerProps = {
  variants: Variant[];
  selected: Variant | null;
  onSelect: (variantId: string) => void;
};

const option = css({
  minW: '11',
  minH: '11',
  px: '3',
  borderWidth: '2px',
  borderColor: 'border.strong',
  borderRadius: 'md',
  bg: 'surface',
  color: 'fg',
  fontWeight: 'semibold',
  fontSize: 'sm',
  cursor: 'pointer',
  _hover: { borderColor: 'fg' },
  '&[aria-pressed=true]': { borderColor: 'accent', bg: 'surface.raised' },
  _disabled: { cursor: 'not-allowed', color: 'fg.muted', textDecoration: 'line-through', _hover: { borderColor: 'border.strong' } },
});

function Group({
  kind,
  label,
  current,
  options,
  onSelect,
  name = (value) => value,
}: {
  /** Names the group's buttons for a tap before the app runs (`data-early="size:M"`). */
  kind: string;
  label: string;
  current: string | null;
  options: VariantOption[];
  onSelect: (variantId: string) => void;
  name?: (value: string) => string;
}) {
  const { t } = useLingui();
  return (
    <fieldset className={css({ border: 'none', p: '0', m: '0', minW: '0' })}>
      <legend className={css({ fontWeight: 'semibold', fontSize: 'sm', mb: '2', p: '0' })}>
        {label}
        {current && <span className={css({ color: 'fg.muted', fontWeight: 'normal' })}>: {name(current)}</span>}
      </legend>
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2' })}>
        {options.map((o) => {
          const value = name(o.value);
          return (
            <button
              key={o.value}
              type="button"
              {...early(`${kind}:${o.value}`)}
              className={option}
              aria-pressed={o.selected}
              aria-label={o.soldOut ? t`${value}, Sold out` : undefined}
              disabled={o.soldOut}
              onClick={() => o.variantId && onSelect(o.variantId)}
            >
              {value}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}

/** Colour and size buttons (sold-out ones disabled); nothing for a product with one variant. */
export function VariantPicker({ variants, selected, onSelect }: VariantPickerProps) {
  const { t, i18n } = useLingui();
  const { colors, sizes, others } = variantGroups(variants, selected);
  if (!colors.length && !sizes.length && !others.length) return null;
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
      {colors.length > 0 && (
        <Group kind="color" label={t`Color`} current={selected?.color ?? null} options={colors} onSelect={onSelect} name={(color) => colorLabel(i18n, color)} />
      )}
      {sizes.length > 0 && <Group kind="size" label={t`Size`} current={selected?.size ?? null} options={sizes} onSelect={onSelect} />}
      {others.length > 0 && <Group kind="option" label={t`Option`} current={selected?.sku ?? null} options={others} onSelect={onSelect} />}
    </div>
  );
}
