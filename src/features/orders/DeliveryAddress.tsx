import { useLingui } from '@lingui/react/macro';
import type { ShippingAddress } from '../../../domain/address';
import { css } from '../../../styled-system/css';

export type DeliveryAddressProps = {
  address: ShippingAddress;
};

const sectionTitle = css({ textStyle: 'heading', fontSize: 'lg', letterSpacing: 'wide', mb: '2' });

/** The country's name in the page's language ("Germany" / "Deutschland"); the code when the browser has none. */
function countryName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** Where an order goes, as a parcel label reads: name, street lines, postcode and city, country. */
export function DeliveryAddress({ address }: DeliveryAddressProps) {
  const { t, i18n } = useLingui();
  const { name, line1, line2, postalCode, city, country, phone } = address;
  return (
    <section aria-labelledby="delivery-address-heading">
      <h2 id="delivery-address-heading" className={sectionTitle}>
        {t`Delivery address`}
      </h2>
      <address className={css({ fontStyle: 'normal', display: 'grid', overflowWrap: 'anywhere' })}>
        <span>{name}</span>
        <span>{line1}</span>
        {line2 && <span>{line2}</span>}
        <span>{[postalCode, city].filter(Boolean).join(' ')}</span>
        <span>{countryName(country, i18n.locale)}</span>
        {phone && <span className={css({ color: 'fg.muted' })}>{t`Phone: ${phone}`}</span>}
      </address>
    </section>
  );
}
