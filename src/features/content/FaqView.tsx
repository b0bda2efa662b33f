import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { css } from '../../../styled-system/css';
import { Page } from '../../ui/Page';
import {
  CUTOFF_HOUR_CET,
  DELIVERY_DAYS,
  FAQ_FREE_SHIPPING_WORLDWIDE_OVER,
  PAYMENT_METHODS,
  PAYMENT_METHODS_NOT_OFFERED,
  REFUND_BUSINESS_DAYS,
  RETURN_DAYS,
  SHIPPING_REGIONS,
} from './data';
import { REPLY_BUSINESS_DAYS, SUPPORT_HOURS } from '../../config/company';
import { useContentFormat } from './format';
import { SupportNav } from './SupportNav';

const item = css({
  borderBottomWidth: '1px',
  borderColor: 'border',
  '& summary': {
    cursor: 'pointer',
    py: '4',
    fontWeight: 'bold',
    fontSize: 'lg',
    listStyle: 'none',
    display: 'flex',
    justifyContent: 'space-between',
    gap: '4',
    _after: { content: '"+" / ""', color: 'accent.text', fontSize: 'xl', lineHeight: '1' },
  },
  '& summary::-webkit-details-marker': { display: 'none' },
  '&[open] summary::after': { content: '"–" / ""' },
  '& p': { color: 'fg.muted', pb: '4', maxW: '3xl' },
  '& a': { color: 'accent.text', textDecoration: 'underline' },
});

function Question({ q, children }: { q: ReactNode; children: ReactNode }) {
  return (
    <details className={item}>
      <summary>{q}</summary>
      <p>{children}</p>
    </details>
  );
}

/** /support/faq: questions answered from the shop's facts; native disclosure widgets. */
export function FaqView() {
  const { t, i18n } = useLingui();
  const { euro, range, num, locale, hour } = useContentFormat();
  const worldwideFree = euro(FAQ_FREE_SHIPPING_WORLDWIDE_OVER);
  const germanyFree = euro(SHIPPING_REGIONS[0].freeOver);
  const euDays = range(DELIVERY_DAYS.eu.min, DELIVERY_DAYS.eu.max);
  const worldDays = range(DELIVERY_DAYS.worldwide.min, DELIVERY_DAYS.worldwide.max);
  const cutoff = hour(CUTOFF_HOUR_CET);
  const returnDays = num(RETURN_DAYS);
  const refundDays = range(REFUND_BUSINESS_DAYS.min, REFUND_BUSINESS_DAYS.max);
  const replyDays = range(REPLY_BUSINESS_DAYS.min, REPLY_BUSINESS_DAYS.max);
  const methods = new Intl.ListFormat(locale, { type: 'conjunction' }).format(PAYMENT_METHODS);
  const notOffered = PAYMENT_METHODS_NOT_OFFERED.join(', ');
  const hours = i18n._(SUPPORT_HOURS);
  return (
    <Page title={t`Frequently Asked Questions`} lead={t`Quick answers about sizing, shipping, returns and payment.`}>
      <SupportNav current="/support/faq" />
      <h2 className={css({ textStyle: 'heading', fontSize: '2xl', mb: '2' })}>
        <Trans>Orders & shipping</Trans>
      </h2>
      <div className={css({ mb: '10' })}>
        <Question q={t`Do you offer free shipping?`}>
          <Trans>
            Yes! Shipping is free worldwide on orders over {worldwideFree}. In many regions it starts even earlier, in Germany for example on orders over {germanyFree}. All
            thresholds are listed on our <Link href="/support/shipping">shipping page</Link>.
          </Trans>
        </Question>
        <Question q={t`How long does delivery take?`}>
          <Trans>
            Within Germany and the EU, delivery takes {euDays} business days; worldwide it takes {worldDays} business days.
          </Trans>
        </Question>
        <Question q={t`When will my order ship?`}>
          <Trans>Orders placed before {cutoff} CET on a business day ship the same day, later orders on the next business day. Orders placed at the weekend ship on Monday.</Trans>
        </Question>
        <Question q={t`How can I track my order?`}>
          <Trans>As soon as your order ships, we send you an email with the tracking number and a tracking link.</Trans>
        </Question>
        <Question q={t`Which payment methods can I use?`}>
          <Trans>
            You can pay with {methods}. {notOffered} is not available at the moment.
          </Trans>
        </Question>
      </div>

      <h2 className={css({ textStyle: 'heading', fontSize: '2xl', mb: '2' })}>
        <Trans>Returns & refunds</Trans>
      </h2>
      <div className={css({ mb: '10' })}>
        <Question q={t`What is your return policy?`}>
          <Trans>
            You can return items within {returnDays} days of delivery if they are unworn and in their original packaging with the tags attached. Read more on our{' '}
            <Link href="/support/returns">returns page</Link>.
          </Trans>
        </Question>
        <Question q={t`Can I exchange an item for a different size?`}>
          <Trans>We do not offer direct exchanges. Simply return the item and place a new order for the size or colour you need.</Trans>
        </Question>
        <Question q={t`Do I have to pay for return shipping?`}>
          <Trans>No. We send you a prepaid return label.</Trans>
        </Question>
        <Question q={t`When will I get my refund?`}>
          <Trans>We refund you within {refundDays} business days after your return has arrived at our warehouse.</Trans>
        </Question>
      </div>

      <h2 className={css({ textStyle: 'heading', fontSize: '2xl', mb: '2' })}>
        <Trans>Products & support</Trans>
      </h2>
      <div>
        <Question q={t`How do your clothes fit?`}>
          <Trans>
            Our tops (T-shirts & hoodies) are cut oversized, so size down for a regular fit. Bottoms run true to size. All measurements are in our{' '}
            <Link href="/support/size-guide">size guide</Link>.
          </Trans>
        </Question>
        <Question q={t`How often do you release new products?`}>
          <Trans>
            We release new drops roughly once a month. Sign up for our newsletter at the bottom of the page to hear about them first: we send you an email with a confirmation link,
            and only once you click it are you subscribed. Every newsletter has a link to unsubscribe. More in our <Link href="/privacy">privacy policy</Link>.
          </Trans>
        </Question>
        <Question q={t`How can I reach customer support?`}>
          <Trans>
            Use our <Link href="/contact">contact form</Link>. Our team is available {hours} and replies within {replyDays} business days.
          </Trans>
        </Question>
      </div>
    </Page>
  );
}
