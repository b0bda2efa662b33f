import { Trans, useLingui } from '@lingui/react/macro';
import type { Carrier } from '../../../domain/shipment';
import { css } from '../../../styled-system/css';
import { LongDate } from '../../ui/LongDate';

export type ShipmentTrackingProps = {
  carrier: Carrier | null;
  trackingNumber: string | null;
  /** The carrier's page for the number; without it the number is shown alone. */
  trackingUrl: string | null;
  /** ISO timestamp. */
  shippedAt: string | null;
};

/** Carriers go by their own names in every language. */
const CARRIER_NAMES: Record<Exclude<Carrier, 'other'>, string> = { dhl: 'DHL', dpd: 'DPD', ups: 'UPS', royal_mail: 'Royal Mail', usps: 'USPS' };

const sectionTitle = css({ textStyle: 'heading', fontSize: 'lg', letterSpacing: 'wide', mb: '2' });
const link = css({ color: 'accent.text', textDecoration: 'underline', fontWeight: 'semibold', justifySelf: 'start' });

/** A shipped order: when it left, with whom, its tracking number (as text) and the carrier's tracking page. */
export function ShipmentTracking({ carrier, trackingNumber, trackingUrl, shippedAt }: ShipmentTrackingProps) {
  const { t } = useLingui();
  const carrierName = carrier === null ? null : carrier === 'other' ? t`Other carrier` : CARRIER_NAMES[carrier];
  return (
    <section aria-labelledby="shipment-heading">
      <h2 id="shipment-heading" className={sectionTitle}>
        {t`Shipment`}
      </h2>
      <div className={css({ display: 'grid', gap: '1', overflowWrap: 'anywhere' })}>
        {shippedAt && (
          <p>
            <Trans>
              Shipped on <LongDate iso={shippedAt} />
            </Trans>
          </p>
        )}
        {carrierName && <p>{t`Carrier: ${carrierName}`}</p>}
        {trackingNumber && <p>{t`Tracking number: ${trackingNumber}`}</p>}
        {trackingNumber && trackingUrl && (
          <a href={trackingUrl} target="_blank" rel="noopener noreferrer" className={link}>
            {t`Track your parcel`}
          </a>
        )}
      </div>
    </section>
  );
}
