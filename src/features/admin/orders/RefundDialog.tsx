import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { REFUND_REASON_MAX, type RefundDraftLine, type RefundErrors, type RefundMode } from '../../../../domain/refunds';
import type { RefundFailure } from '../../../../machines/refundDialogMachine';
import { css, cx } from '../../../../styled-system/css';
import { button } from '../../../../styled-system/recipes';
import { Button } from '../../../ui/Button';
import { Price } from '../../../ui/Price';
import { TextArea } from '../../../ui/TextArea';
import { fieldInput } from '../../../ui/TextField';
import { VariantDetails } from '../../../ui/VariantDetails';
import { cell, headCell } from '../shared/adminTable';
import { OrderDialog } from './OrderDialog';

export type RefundDialogProps = {
  open: boolean;
  /** partial: "Refund" with lines to choose; cancel: "Cancel and refund" everything left. */
  mode: RefundMode;
  orderNumber: string;
  currency: string;
  /** The lines with something left to refund, and the quantities chosen. */
  lines: RefundDraftLine[];
  /** What this refund gives back (live). */
  amount: number;
  /** refundDialogMachine's state while open. */
  state: 'editing' | 'submitting' | 'failed';
  reason: string;
  errors: RefundErrors;
  failure: RefundFailure | null;
  onQtyChange: (itemId: string, qty: number) => void;
  onReasonChange: (value: string) => void;
  onSubmit: () => void;
  /** Asks the provider again for the refund it failed on. */
  onRetry: () => void;
  onClose: () => void;
};

const numberCell = css({ textAlign: 'right', whiteSpace: 'nowrap' });
const lineName = (line: RefundDraftLine) => [line.title, line.size, line.color].filter(Boolean).join(', ');

/** Refund chosen lines, or cancel an order not shipped yet by refunding what is left; a provider failure offers Retry. */
export function RefundDialog(props: RefundDialogProps) {
  const { open, mode, orderNumber, currency, lines, amount, state, reason, errors, failure, onQtyChange, onReasonChange, onSubmit, onRetry, onClose } = props;
  const { t } = useLingui();
  const ids = { reason: useId(), lines: useId(), keep: useId() };
  const busy = state === 'submitting';
  const cancel = mode === 'cancel';
  const retry = failure?.refund != null && failure.refund.status !== 'succeeded';
  const failureText = (() => {
    if (!failure) return null;
    if (retry) return t`The payment provider did not pay the money back: ${failure.message}. The order is unchanged; you can retry.`;
    switch (failure.code) {
      case 'refund_in_progress':
        return t`A refund of this order is already in progress. Close this dialog to see it.`;
      case 'over_refund':
        return t`That is more than is left to refund. Someone may have refunded it meanwhile: close this dialog to see what is left.`;
      case 'not_refundable':
        return t`This order can no longer be refunded.`;
      case 'not_cancellable':
        return t`This order has shipped and can no longer be cancelled. Refund its lines instead.`;
      case 'already_refunded':
        return t`This refund has already been paid back.`;
      case 'not_found':
        return t`This order no longer exists.`;
      default:
        return t`The refund did not go through: ${failure.message}`;
    }
  })();
  const reasonProblem =
    errors.reason === 'required' ? t`Give a reason for the refund.` : errors.reason === 'too_long' ? t`The reason can be at most ${REFUND_REASON_MAX} characters.` : undefined;

  const amountText = <Price cents={amount} currency={currency} />;
  return (
    <OrderDialog
      open={open}
      alert={cancel}
      title={cancel ? t`Cancel and refund ${orderNumber}?` : t`Refund from ${orderNumber}`}
      description={
        cancel
          ? t`Everything left of this order is refunded and the items go back into stock. This cannot be undone.`
          : t`Choose what to refund. The customer gets an e-mail with the amount and your reason.`
      }
      busy={busy}
      initialFocus={() => document.getElementById(cancel ? ids.keep : ids.reason)}
      onClose={onClose}
    >
      <form
        noValidate
        className={css({ display: 'grid', gap: '4' })}
        onSubmit={(e) => {
          e.preventDefault();
          if (retry) onRetry();
          else onSubmit();
        }}
      >
        {!cancel && (
          <fieldset aria-describedby={errors.lines ? `${ids.lines}-error` : undefined} className={css({ display: 'grid', gap: '2', minW: '0' })}>
            <legend className={css({ fontWeight: 'semibold', fontSize: 'sm', mb: '1' })}>{t`Lines to refund`}</legend>
            <div className={css({ overflowX: 'auto' })}>
              <table className={css({ w: 'full', borderCollapse: 'collapse' })}>
                <thead>
                  <tr>
                    <th scope="col" className={cx(cell, headCell)}>{t`Product`}</th>
                    <th scope="col" className={cx(cell, headCell, numberCell)}>{t`Unit price`}</th>
                    <th scope="col" className={cx(cell, headCell, numberCell)}>{t`Left`}</th>
                    <th scope="col" className={cx(cell, headCell, numberCell)}>{t`Refund`}</th>
                  </tr>
                </thead>
                <tbody>
                  {lines.map((line) => {
                    const name = lineName(line);
                    return (
                      <tr key={line.itemId}>
                        <th scope="row" className={cx(cell, css({ fontWeight: 'normal' }))}>
                          <span className={css({ fontWeight: 'bold', overflowWrap: 'anywhere' })}>{line.title}</span>
                          <VariantDetails size={line.size} color={line.color} />
                        </th>
                        <td className={cx(cell, numberCell)}>
                          <Price cents={line.unitPrice} currency={currency} />
                        </td>
                        <td className={cx(cell, numberCell)}>{line.max}</td>
                        <td className={cx(cell, numberCell)}>
                          <input
                            type="number"
                            inputMode="numeric"
                            min={0}
                            max={line.max}
                            step={1}
                            value={line.qty}
                            readOnly={busy}
                            aria-label={t`Quantity to refund: ${name}`}
                            aria-invalid={errors.lines ? true : undefined}
                            className={cx(fieldInput, css({ w: '20', textAlign: 'right' }))}
                            onChange={(e) => onQtyChange(line.itemId, e.target.value === '' ? 0 : Number(e.target.value))}
                          />
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
            {errors.lines && (
              <p id={`${ids.lines}-error`} className={css({ color: 'danger', fontSize: 'sm' })}>
                {t`Choose at least one item to refund.`}
              </p>
            )}
          </fieldset>
        )}
        <TextArea
          id={ids.reason}
          label={t`Reason`}
          hint={t`Required, at most ${REFUND_REASON_MAX} characters. The customer sees it.`}
          value={reason}
          error={reasonProblem}
          maxLength={REFUND_REASON_MAX + 100}
          readOnly={busy || retry}
          onChange={(e) => onReasonChange(e.target.value)}
        />
        <p aria-live="polite" className={css({ display: 'flex', justifyContent: 'space-between', gap: '4', fontWeight: 'bold', fontSize: 'lg' })}>
          <span>{t`Amount to refund`}</span>
          {amountText}
        </p>
        {failureText && (
          <p role="alert" className={css({ color: 'danger', fontWeight: 'semibold', overflowWrap: 'anywhere' })}>
            {failureText}
          </p>
        )}
        <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', justifyContent: 'flex-end' })}>
          <button id={ids.keep} type="button" className={button({ variant: 'outline' })} disabled={busy} onClick={onClose}>
            {cancel ? t`Keep order` : t`Close`}
          </button>
          <Button type="submit" variant={cancel ? 'danger' : 'solid'} disabled={busy}>
            {busy ? t`Refunding...` : retry ? t`Retry refund` : cancel ? t`Cancel and refund` : t`Issue refund`}
          </Button>
        </div>
      </form>
    </OrderDialog>
  );
}
