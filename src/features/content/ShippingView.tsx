import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { css } from '../../../styled-system/css';
import { Page } from '../../ui/Page';
import { Prose } from '../../ui/Prose';
import { CUTOFF_HOUR_CET, DELIVERY_DAYS, PAYMENT_METHODS, PAYMENT_METHODS_NOT_OFFERED, SHIPPING_REGIONS } from './data';
import { useContentFormat } from './format';
import { SupportNav } from './SupportNav';

const srOnly = css({ srOnly: true });

/** /support/shipping: rates per region, delivery times, dispatch cut-off, tracking, payment methods. */
export function ShippingView() {
  const { t, i18n } = useLingui();
  const { euro, range, hour } = useContentFormat();
  const euDays = range(DELIVERY_DAYS.eu.min, DELIVERY_DAYS.eu.max);
  const worldDays = range(DELIVERY_DAYS.worldwide.min, DELIVERY_DAYS.worldwide.max);
  const cutoff = hour(CUTOFF_HOUR_CET);
  const notOffered = PAYMENT_METHODS_NOT_OFFERED.join(', ');
  return (
    <Page title={t`Shipping Info`} lead={t`Fast, tracked delivery from our warehouse in Germany to Europe, the UK and North America.`}>
      <SupportNav current="/support/shipping" />
      <Prose>
        <h2>
          <Trans>Shipping rates</Trans>
        </h2>
        {/* On narrow screens the table scrolls sideways; the region is focusable so keyboards can scroll it too. */}
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard */}
        <section aria-label={t`Shipping rates`} tabIndex={0} className={css({ overflowX: 'auto' })}>
          <table>
            <caption className={srOnly}>{t`Shipping costs and free shipping thresholds per region`}</caption>
            <thead>
              <tr>
                <th scope="col">{t`Region`}</th>
                <th scope="col">{t`Standard`}</th>
                <th scope="col">{t`Express`}</th>
                <th scope="col">{t`Free shipping`}</th>
                <th scope="col">{t`Delivery time`}</th>
              </tr>
            </thead>
            <tbody>
              {SHIPPING_REGIONS.map((region) => {
                const amount = euro(region.freeOver);
                const days = region.delivery === 'eu' ? euDays : worldDays;
                return (
                  <tr key={region.id}>
                    <th scope="row">{i18n._(region.name)}</th>
                    <td>{euro(region.standard)}</td>
                    <td>{euro(region.express)}</td>
                    <td>{t`orders over ${amount}`}</td>
                    <td>{t`${days} business days`}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </section>

        <h2>
          <Trans>Delivery times</Trans>
        </h2>
        <ul>
          <li>
            <Trans>
              <strong>Germany and the EU:</strong> {euDays} business days after dispatch.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Worldwide</strong> (including the UK, the USA and Canada): {worldDays} business days after dispatch.
            </Trans>
          </li>
        </ul>

        <h2>
          <Trans>When your order ships</Trans>
        </h2>
        <ul>
          <li>
            <Trans>Orders placed before {cutoff} CET on a business day ship the same day.</Trans>
          </li>
          <li>
            <Trans>Orders placed later ship on the next business day.</Trans>
          </li>
          <li>
            <Trans>Orders placed at the weekend ship on Monday.</Trans>
          </li>
        </ul>

        <h2>
          <Trans>Tracking</Trans>
        </h2>
        <p>
          <Trans>As soon as your parcel leaves our warehouse, we email you the tracking number and a link to follow your delivery.</Trans>
        </p>

        <h2>
          <Trans>Payment methods</Trans>
        </h2>
        <p>
          <Trans>You can pay securely with:</Trans>
        </p>
        <ul>
          {PAYMENT_METHODS.map((method) => (
            <li key={method}>{method}</li>
          ))}
        </ul>
        <p>
          <Trans>{notOffered} is not available at the moment.</Trans>
        </p>
        <p>
          <Trans>
            Questions about a delivery? Check the <Link href="/support/faq">FAQ</Link> or <Link href="/contact">contact us</Link>.
          </Trans>
        </p>
      </Prose>
    </Page>
  );
}
