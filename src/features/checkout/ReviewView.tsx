import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, type ReactNode, useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { deliveryDaysFor } from '../../config/shop';
import type { CartItem } from '../../../machines/cartMachine';
import { type AddressDraft, type AddressField, type AddressFieldError, countryName, isBlankDraft, regionCountries } from '../../../domain/address';
import type { CheckoutFailure } from '../../../domain/checkout';
import type { ShippingQuote, ShippingRegion } from '../../../domain/shipping';
import { css, cx } from '../../../styled-system/css';
import { Button } from '../../ui/Button';
import { card } from '../../ui/Card';
import { pageHeading } from '../../ui/Page';
import { Price } from '../../ui/Price';
import { SelectField } from '../../ui/SelectField';
import { TextField } from '../../ui/TextField';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { VariantDetails } from '../../ui/VariantDetails';
import { CheckoutFailureMessage } from './CheckoutFailureMessage';
import { CheckoutTotals } from './CheckoutTotals';

export type ReviewViewProps = {
  items: CartItem[];
  /** Cents, in `currency`. */
  subtotal: number;
  currency: string;
  region: ShippingRegion;
  /** Shipping and total for `region`; null while the rates are unknown. */
  quote: ShippingQuote | null;
  address: AddressDraft;
  /** The checkout function's refusals of the address, per field. */
  addressErrors: AddressFieldError[];
  /** A signed-in customer's last address is being looked up. */
  addressLoading: boolean;
  /** The session is being created or the browser is leaving for it. */
  busy: boolean;
  /** Why the last order button did not lead to the payment page (shown under it). */
  failure: CheckoutFailure | null;
  onAddressChange: (field: AddressField, value: string) => void;
  onBack: () => void;
  onPlaceOrder: () => void;
};

const linkStyle = css({ textDecoration: 'underline', _hover: { color: 'accent.text' } });
const required = (
  <span aria-hidden="true" className={css({ color: 'danger' })}>
    {' '}
    *
  </span>
);

/**
 * The review step of § 312j (2)–(3) BGB (docs/adr/0024): the delivery address, then each line with
 * its essential features (title, size/colour/flavour, quantity, unit price, line total), shipping,
 * the total incl. VAT, the address, the links to terms, withdrawal and privacy — and directly under
 * them, with nothing in between, the order button "Zahlungspflichtig bestellen". The heading takes
 * the focus when the step opens, so a keyboard or screen-reader user starts at its top.
 */
export function ReviewView(props: ReviewViewProps) {
  const { items, subtotal, currency, region, quote, address, addressErrors, addressLoading, busy, failure, onAddressChange, onBack, onPlaceOrder } = props;
  const { t, i18n } = useLingui();
  const title = t`Review your order`;
  useDocumentTitle(title);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const lang = i18n.locale === 'de' ? 'de' : 'en';
  const errorOf = (field: AddressField) => addressErrors.find((error) => error.field === field)?.message;
  const { min: deliveryMin, max: deliveryMax } = deliveryDaysFor(region);
  const countries = [...regionCountries(region)].sort((a, b) => countryName(a, lang).localeCompare(countryName(b, lang), lang));
  const countryOptions = [
    ...(countries.length === 1 ? [] : [{ value: '', label: t`Choose a country` }]),
    ...countries.map((code) => ({ value: code, label: countryName(code, lang) })),
  ];

  const field = (id: AddressField, label: ReactNode, autoComplete: string, maxLength: number, extra: { type?: string; optional?: boolean } = {}) => (
    <TextField
      id={`review-${id}`}
      name={id}
      label={
        <>
          {label}
          {!extra.optional && required}
        </>
      }
      type={extra.type ?? 'text'}
      autoComplete={`shipping ${autoComplete}`}
      maxLength={maxLength}
      required={!extra.optional}
      value={address[id]}
      error={errorOf(id)}
      disabled={busy}
      onChange={(event) => onAddressChange(id, event.target.value)}
    />
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) onPlaceOrder();
  };

  return (
    <div className={css({ mx: 'auto', px: { base: '4', md: '8' }, py: { base: '8', md: '12' }, maxW: '6xl' })}>
      <h1 ref={heading} tabIndex={-1} className={cx(pageHeading, css({ _focus: { outline: 'none' }, _focusVisible: { outline: '2px solid', outlineColor: 'accent' } }))}>
        {title}
      </h1>
      <p className={css({ mt: '3', color: 'fg.muted' })}>{t`Check your order and where it goes. It is placed only with the button at the end.`}</p>
      <Button variant="ghost" onClick={onBack} disabled={busy} className={css({ mt: '4' })}>
        {t`Back to cart`}
      </Button>
      <form
        noValidate
        onSubmit={submit}
        className={css({
          mt: '6',
          display: 'grid',
          gap: { base: '8', lg: '10' },
          gridTemplateColumns: { base: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
          alignItems: 'start',
        })}
      >
        <fieldset className={cx(card, css({ display: 'grid', gap: '4', minW: 0 }))} aria-describedby={addressErrors.length ? 'review-address-errors' : undefined}>
          <legend className={css({ textStyle: 'heading', fontSize: 'xl', float: 'left', w: 'full', mb: '1' })}>{t`Delivery address`}</legend>
          <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{addressLoading ? t`Filling in your last delivery address…` : t`Fields marked * are required.`}</p>
          {addressErrors.length > 0 && (
            <div id="review-address-errors" role="alert" className={css({ borderWidth: '1px', borderColor: 'danger', borderRadius: 'md', p: '3', color: 'danger' })}>
              {addressErrors.length === 1 ? (
                <p>{addressErrors[0].message}</p>
              ) : (
                <>
                  <p className={css({ fontWeight: 'semibold' })}>{t`Please check these fields:`}</p>
                  <ul className={css({ mt: '1', pl: '5', listStyle: 'disc' })}>
                    {addressErrors.map((error) => (
                      <li key={error.field}>{error.message}</li>
                    ))}
                  </ul>
                </>
              )}
            </div>
          )}
          {field('name', t`Full name`, 'name', 100)}
          {field('line1', t`Address line 1`, 'address-line1', 100)}
          {field('line2', t`Address line 2 (optional)`, 'address-line2', 100, { optional: true })}
          <div className={css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', sm: '2fr 3fr' } })}>
            {field('postalCode', t`Postcode`, 'postal-code', 16)}
            {field('city', t`City`, 'address-level2', 80)}
          </div>
          <SelectField
            id="review-country"
            name="country"
            label={
              <>
                {t`Country`}
                {required}
              </>
            }
            autoComplete="shipping country"
            required
            options={countryOptions}
            value={address.country}
            error={errorOf('country')}
            disabled={busy}
            onChange={(event) => onAddressChange('country', event.target.value)}
          />
          {field('phone', t`Phone (optional)`, 'tel', 30, { type: 'tel', optional: true })}
        </fieldset>

        <section aria-labelledby="review-summary-heading" className={card}>
          <h2 id="review-summary-heading" className={css({ textStyle: 'heading', fontSize: 'xl', mb: '3' })}>
            {t`Your order`}
          </h2>
          <ul aria-label={t`Items in your order`} className={css({ listStyle: 'none', borderTopWidth: '1px', borderColor: 'border' })}>
            {items.map((item) => (
              <li key={item.id} className={css({ py: '3', borderBottomWidth: '1px', borderColor: 'border', display: 'grid', gap: '1' })}>
                <div className={css({ display: 'flex', justifyContent: 'space-between', gap: '3', alignItems: 'baseline' })}>
                  <p className={css({ fontWeight: 'bold', overflowWrap: 'anywhere' })}>{item.title}</p>
                  <Price cents={item.price * item.qty} currency={item.currency} className={css({ fontWeight: 'bold', whiteSpace: 'nowrap' })} />
                </div>
                <VariantDetails size={item.size} color={item.color} />
                <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
                  <Trans>
                    Quantity: {item.qty} × <Price cents={item.price} currency={item.currency} />
                  </Trans>
                </p>
              </li>
            ))}
          </ul>
          <CheckoutTotals subtotal={subtotal} currency={currency} quote={quote} className={css({ mt: '2' })} />
          <p className={css({ mt: '3', fontSize: 'sm' })}>
            <Trans>
              Delivery time: {deliveryMin}–{deliveryMax} business days after dispatch.
            </Trans>
          </p>
          <div className={css({ mt: '4' })}>
            <h3 className={css({ fontWeight: 'semibold' })}>{t`Delivery address`}</h3>
            <ReviewAddress address={address} lang={lang} />
          </div>
          <p data-testid="review-legal" className={css({ mt: '4', fontSize: 'sm' })}>
            <Trans>
              Our{' '}
              <Link href="/terms" className={linkStyle}>
                Terms of Service
              </Link>{' '}
              apply. Read the{' '}
              <Link href="/withdrawal" className={linkStyle}>
                withdrawal information
              </Link>{' '}
              and our{' '}
              <Link href="/privacy" className={linkStyle}>
                Privacy Policy
              </Link>
              .
            </Trans>
          </p>
          <Button type="submit" size="lg" aria-busy={busy} disabled={busy} className={css({ w: 'full', mt: '3' })}>
            {busy ? t`Redirecting...` : t`Place order and pay`}
          </Button>
          <div role="alert" className={css({ mt: '3', color: 'danger', _empty: { mt: '0' } })}>
            {failure && <CheckoutFailureMessage failure={failure} />}
          </div>
        </section>
      </form>
    </div>
  );
}

/** The address as it will go on the parcel, as typed so far. */
function ReviewAddress({ address, lang }: { address: AddressDraft; lang: 'en' | 'de' }) {
  const { t } = useLingui();
  const lines = [
    address.name,
    address.line1,
    address.line2,
    [address.postalCode, address.city]
      .map((part) => part.trim())
      .filter(Boolean)
      .join(' '),
    address.country ? countryName(address.country, lang) : '',
    address.phone,
  ]
    .map((line) => line.trim())
    .filter(Boolean);
  // The region's preset country alone is not an address yet.
  if (isBlankDraft(address)) return <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>{t`Not entered yet`}</p>;
  return <address className={css({ fontStyle: 'normal', fontSize: 'sm', whiteSpace: 'pre-line' })}>{lines.join('\n')}</address>;
}
