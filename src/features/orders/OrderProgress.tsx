import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { CustomerStep } from '../../../domain/orders';
import { css } from '../../../styled-system/css';
import { LongDate } from '../../ui/LongDate';

export type OrderProgressProps = {
  /** The order's steps, oldest first. */
  steps: { kind: CustomerStep; at: string }[];
};

const STEP_LABELS: Record<CustomerStep, MessageDescriptor> = {
  paid: msg({ message: 'Payment received', context: 'order step' }),
  shipped: msg({ message: 'Shipped', context: 'order step' }),
  delivered: msg({ message: 'Delivered', context: 'order step' }),
  cancelled: msg({ message: 'Cancelled', context: 'order step' }),
  refunded: msg({ message: 'Refund issued', context: 'order step' }),
};

const sectionTitle = css({ textStyle: 'heading', fontSize: 'lg', letterSpacing: 'wide', mb: '2' });

/** What happened to an order and when: payment, shipping, delivery, refunds, cancellation. */
export function OrderProgress({ steps }: OrderProgressProps) {
  const { t, i18n } = useLingui();
  if (steps.length === 0) return null;
  return (
    <section aria-labelledby="order-progress-heading">
      <h2 id="order-progress-heading" className={sectionTitle}>
        {t`Order progress`}
      </h2>
      <ol aria-label={t`Order progress`} className={css({ listStyle: 'none', display: 'grid', gap: '1' })}>
        {steps.map((step, index) => (
          // Two refunds may share a kind; the steps never change order.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <li key={index} className={css({ display: 'flex', justifyContent: 'space-between', gap: '4', flexWrap: 'wrap' })}>
            <span>{i18n._(STEP_LABELS[step.kind])}</span>
            <LongDate iso={step.at} className={css({ color: 'fg.muted' })} />
          </li>
        ))}
      </ol>
    </section>
  );
}
