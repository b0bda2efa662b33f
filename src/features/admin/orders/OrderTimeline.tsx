import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import type { TimelineEvent } from '../../../../domain/adminOrders';
import { CARRIER_NAMES, isCarrier } from '../../../../domain/shipment';
import { capitalise } from '../../../../domain/orderStatus';
import { css } from '../../../../styled-system/css';
import { muted } from '../shared/adminTable';
import { DateTime } from '../shared/DateTime';
import { refundReasonText } from './refundLabels';

export type OrderTimelineProps = {
  /** order_timeline's entries, oldest first. */
  events: TimelineEvent[];
  currency: string;
};

const str = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

function useDescribe() {
  const { t, i18n } = useLingui();
  const money = (amount: unknown, currency: unknown, fallback: string) =>
    typeof amount === 'number' ? new Intl.NumberFormat(i18n.locale, { style: 'currency', currency: str(currency) ?? fallback }).format(amount / 100) : '';
  const carrierName = (value: unknown) => {
    const carrier = str(value);
    if (!carrier) return null;
    return isCarrier(carrier) ? (carrier === 'other' ? t`another carrier` : CARRIER_NAMES[carrier]) : carrier;
  };
  return (event: TimelineEvent, currency: string): { what: string; detail: string | null } => {
    const data = event.data;
    switch (event.kind) {
      case 'paid':
        return { what: t`Paid`, detail: null };
      case 'processing':
        return { what: t`Marked as processing`, detail: null };
      case 'shipped': {
        const carrier = carrierName(data.carrier);
        const number = str(data.trackingNumber);
        const detail = carrier && number ? t`${carrier}, tracking number ${number}` : carrier ? carrier : number ? t`Tracking number ${number}` : null;
        return { what: t`Shipped`, detail };
      }
      case 'delivered':
        return { what: t`Marked as delivered`, detail: null };
      case 'cancelled':
        return { what: t`Cancelled`, detail: null };
      case 'refunded': {
        const amount = money(data.amount, data.currency, currency);
        const reason = reasonOf(i18n, data);
        return { what: data.kind === 'cancel' ? t`Cancelled and refunded ${amount}` : t`Refunded ${amount}`, detail: reason };
      }
      case 'refund_failed': {
        const amount = money(data.amount, data.currency, currency);
        const failure = str(data.failure);
        return { what: t`Refund of ${amount} failed`, detail: failure ? t`Why: ${failure}` : null };
      }
      case 'withdrawn':
        return { what: data.late === true ? t`Withdrawal received (late)` : t`Withdrawal received`, detail: null };
      case 'email_sent': {
        const email = str(data.email);
        return {
          what:
            email === 'confirmation'
              ? t`Order confirmation e-mail sent`
              : email === 'shipped'
                ? t`Shipping e-mail sent`
                : email === 'refunded'
                  ? t`Refund e-mail sent`
                  : email === 'withdrawal'
                    ? t`Withdrawal receipt e-mail sent`
                    : t`E-mail sent`,
          detail: null,
        };
      }
      default:
        return { what: capitalise(event.kind), detail: null };
    }
  };
}

function reasonOf(i18n: I18n, data: Record<string, unknown>): string | null {
  const reason = str(data.reason);
  return reason ? refundReasonText(i18n, str(data.kind) ?? '', reason) : null;
}

/** What happened to the order, oldest first: payment, e-mails, status moves, shipping, refunds and who did them. */
export function OrderTimeline({ events, currency }: OrderTimelineProps) {
  const { t } = useLingui();
  const describe = useDescribe();
  return (
    <section aria-labelledby="order-timeline-heading" className={css({ display: 'grid', gap: '3', minW: '0', _print: { display: 'none' } })}>
      <h2 id="order-timeline-heading" className={css({ textStyle: 'heading', fontSize: 'lg', letterSpacing: 'wide' })}>
        {t`Timeline`}
      </h2>
      {events.length === 0 ? (
        <p className={muted}>{t`Nothing recorded yet.`}</p>
      ) : (
        <ol className={css({ display: 'grid', gap: '0', borderLeftWidth: '2px', borderColor: 'border', ml: '2' })}>
          {events.map((event, index) => {
            const { what, detail } = describe(event, currency);
            const actor = event.actor;
            return (
              // Entries have no id of their own; the list is append-only and read whole.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <li key={index} className={css({ display: 'grid', gap: '0.5', pl: '4', py: '2', position: 'relative', overflowWrap: 'anywhere' })}>
                <span className={css({ fontWeight: event.kind === 'refund_failed' ? 'bold' : 'semibold', color: event.kind === 'refund_failed' ? 'danger' : 'fg' })}>{what}</span>
                {detail && <span>{detail}</span>}
                <span className={muted}>
                  <DateTime iso={event.at} />
                  {actor && <> · {t`by ${actor}`}</>}
                </span>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
