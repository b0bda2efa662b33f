import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { CARRIER_NAMES, CARRIERS, type Carrier, isCarrier, type ShipErrors, type ShipValues, TRACKING_NUMBER_MAX } from '../../../../domain/shipment';
import type { ShipFailure } from '../../../../machines/shipOrderMachine';
import { css } from '../../../../styled-system/css';
import { button } from '../../../../styled-system/recipes';
import { Button } from '../../../ui/Button';
import { SelectField } from '../../../ui/SelectField';
import { TextField } from '../../../ui/TextField';
import { OrderDialog } from './OrderDialog';

export type ShipOrderDialogProps = {
  open: boolean;
  orderNumber: string;
  /** shipOrderMachine's state while open. */
  state: 'editing' | 'submitting' | 'failed';
  values: ShipValues;
  errors: ShipErrors;
  failure: ShipFailure | null;
  onCarrierChange: (carrier: Carrier | '') => void;
  onTrackingChange: (value: string) => void;
  onSubmit: () => void;
  onClose: () => void;
};

const actionsRow = css({ display: 'flex', flexWrap: 'wrap', gap: '3', justifyContent: 'flex-end' });

/** "Mark as shipped": an optional carrier and tracking number, checked as the database checks them. */
export function ShipOrderDialog({ open, orderNumber, state, values, errors, failure, onCarrierChange, onTrackingChange, onSubmit, onClose }: ShipOrderDialogProps) {
  const { t } = useLingui();
  const carrierId = useId();
  const busy = state === 'submitting';
  const carrierOptions = [
    { value: '', label: t`No carrier` },
    ...CARRIERS.map((carrier) => ({ value: carrier, label: carrier === 'other' ? t`Other carrier` : CARRIER_NAMES[carrier] })),
  ];
  const trackingProblem = errors.trackingNumber ? t`A tracking number has 3 to 40 letters, digits, spaces or hyphens.` : undefined;
  const carrierProblem = errors.carrier ? t`Choose a carrier from the list.` : undefined;
  const failureText = (() => {
    if (!failure) return null;
    switch (failure.code) {
      case 'stale':
        return t`This order can no longer be shipped: it was changed somewhere else. Close this dialog to see its current status.`;
      case 'refund_in_progress':
        return t`A refund of this order is in progress. Wait for it to finish, then ship the order.`;
      case 'not_found':
        return t`This order no longer exists.`;
      default:
        return t`The order was not shipped: ${failure.message}`;
    }
  })();
  return (
    <OrderDialog
      open={open}
      title={t`Ship order ${orderNumber}`}
      description={t`The customer gets an e-mail with the carrier and tracking number. Both are optional.`}
      busy={busy}
      initialFocus={() => document.getElementById(carrierId)}
      onClose={onClose}
    >
      <form
        noValidate
        className={css({ display: 'grid', gap: '4' })}
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        <SelectField
          id={carrierId}
          label={t`Carrier`}
          options={carrierOptions}
          value={values.carrier}
          error={carrierProblem}
          disabled={busy}
          onChange={(e) => onCarrierChange(isCarrier(e.target.value) ? e.target.value : '')}
        />
        <TextField
          label={t`Tracking number`}
          hint={t`Optional. 3 to 40 letters, digits, spaces or hyphens.`}
          value={values.trackingNumber}
          error={trackingProblem}
          maxLength={TRACKING_NUMBER_MAX + 10}
          autoComplete="off"
          spellCheck={false}
          readOnly={busy}
          onChange={(e) => onTrackingChange(e.target.value)}
        />
        {failureText && (
          <p role="alert" className={css({ color: 'danger', fontWeight: 'semibold' })}>
            {failureText}
          </p>
        )}
        <div className={actionsRow}>
          <button type="button" className={button({ variant: 'outline' })} disabled={busy} onClick={onClose}>
            {t`Close`}
          </button>
          <Button type="submit" disabled={busy}>
            {busy ? t`Shipping...` : t`Mark as shipped`}
          </Button>
        </div>
      </form>
    </OrderDialog>
  );
}
