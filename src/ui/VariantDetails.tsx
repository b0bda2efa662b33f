import { Trans, useLingui } from '@lingui/react/macro';
import { css } from '../../styled-system/css';
import { colorLabel, isFlavour } from './catalogueLabels';

export type VariantDetailsProps = {
  size: string | null;
  /** The variant's colour, or a supplement's flavour (the catalogue keeps both in one field). */
  color: string | null;
};

/** "Size: M · Color: Black" (or "Flavor: Chocolate") under a line of the cart or of an order. */
export function VariantDetails({ size, color }: VariantDetailsProps) {
  const { i18n } = useLingui();
  if (!size && !color) return null;
  const label = color && colorLabel(i18n, color);
  return (
    <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
      {size && <Trans>Size: {size}</Trans>}
      {size && label && ' · '}
      {label && (color && isFlavour(color) ? <Trans>Flavor: {label}</Trans> : <Trans>Color: {label}</Trans>)}
    </p>
  );
}
