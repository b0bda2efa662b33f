import { useLingui } from '@lingui/react/macro';
import { addressLines, type ShippingAddress } from '../../../../domain/address';
import { css, cx } from '../../../../styled-system/css';
import { Button } from '../../../ui/Button';
import { card } from '../../../ui/Card';
import { countryName } from './countryName';

export type ShippingAddressBlockProps = {
  /** Null for orders placed before addresses were kept. */
  address: ShippingAddress | null;
  email: string | null;
  /** Copies the address as a label is written (the container puts it on the clipboard). */
  onCopy: (text: string) => void;
};

/**
 * Where the order goes, as a label is written, with the customer's e-mail. Printing the page keeps
 * this block (and the items) and drops the controls, so it can go on the parcel.
 */
export function ShippingAddressBlock({ address, email, onCopy }: ShippingAddressBlockProps) {
  const { t, i18n } = useLingui();
  const country = address ? countryName(address.country, i18n.locale) : '';
  return (
    <section
      aria-labelledby="order-address-heading"
      className={cx(card, css({ display: 'grid', gap: '3', alignContent: 'start', _print: { borderWidth: '0', p: '0', fontSize: 'lg', breakInside: 'avoid' } }))}
    >
      <h2 id="order-address-heading" className={css({ textStyle: 'heading', fontSize: 'lg', letterSpacing: 'wide' })}>
        {t`Delivery address`}
      </h2>
      {address ? (
        <address className={css({ fontStyle: 'normal', display: 'grid', gap: '0.5', overflowWrap: 'anywhere' })}>
          <span className={css({ fontWeight: 'bold' })}>{address.name}</span>
          <span>{address.line1}</span>
          {address.line2 && <span>{address.line2}</span>}
          <span>
            {address.postalCode} {address.city}
          </span>
          <span>{country}</span>
          {address.phone && (
            <span>
              {t`Phone`}: <a href={`tel:${address.phone.replace(/[^+0-9]/g, '')}`}>{address.phone}</a>
            </span>
          )}
          {email && (
            <span>
              {t`E-mail`}: <a href={`mailto:${email}`}>{email}</a>
            </span>
          )}
        </address>
      ) : (
        <div className={css({ display: 'grid', gap: '1' })}>
          <p className={css({ color: 'fg.muted' })}>{t`No delivery address was recorded for this order (it was placed before addresses were kept).`}</p>
          {email && (
            <p className={css({ overflowWrap: 'anywhere' })}>
              {t`E-mail`}: <a href={`mailto:${email}`}>{email}</a>
            </p>
          )}
        </div>
      )}
      {address && (
        <div className={css({ _print: { display: 'none' } })}>
          <Button variant="outline" size="sm" onClick={() => onCopy(addressLines(address, country).join('\n'))}>
            {t`Copy address`}
          </Button>
        </div>
      )}
    </section>
  );
}
