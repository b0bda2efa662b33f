import { Trans, useLingui } from '@lingui/react/macro';
import type { CartVat } from '../../domain/vat';
import { DEFAULT_LOCALE, isLocale } from '../i18n/i18n';
import { Price } from './Price';

export type VatLineProps = {
  /** What the amount contains: a rate and its VAT, the destination's rate (not known yet), or an export. */
  vat: CartVat;
  currency: string;
  className?: string;
};

/** "incl. 19 % VAT: €6.38" — the VAT a total contains (docs/adr/0023-vat-in-prices.md). */
export function VatLine({ vat, currency, className }: VatLineProps) {
  const { i18n } = useLingui();
  if (vat.kind === 'destination') {
    return (
      <p className={className}>
        <Trans>incl. VAT of the destination country</Trans>
      </p>
    );
  }
  if (vat.kind === 'export') {
    return (
      <p className={className}>
        <Trans>VAT-free export</Trans>
      </p>
    );
  }
  const locale = isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE;
  const rate = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(vat.rateBasisPoints / 100);
  return (
    <p className={className}>
      <Trans>
        incl. {rate} % VAT: <Price cents={vat.amount} currency={currency} />
      </Trans>
    </p>
  );
}
