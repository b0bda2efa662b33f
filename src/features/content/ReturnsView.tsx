import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { Page } from '../../ui/Page';
import { Prose } from '../../ui/Prose';
import { REFUND_BUSINESS_DAYS, RETURN_DAYS } from './data';
import { useContentFormat } from './format';
import { SupportNav } from './SupportNav';

/** /support/returns: the 30-day return policy (SPEC §9 Returns). */
export function ReturnsView() {
  const { t } = useLingui();
  const { num, range } = useContentFormat();
  const days = num(RETURN_DAYS);
  const refundDays = range(REFUND_BUSINESS_DAYS.min, REFUND_BUSINESS_DAYS.max);
  return (
    <Page title={t`Returns`} lead={t`Not the right fit? You have ${days} days from delivery to send it back.`}>
      <SupportNav current="/support/returns" />
      <Prose>
        <h2>
          <Trans>Our {days}-day return policy</Trans>
        </h2>
        <p>
          <Trans>You can return any item within {days} days of delivery, as long as it is:</Trans>
        </p>
        <ul>
          <li>
            <Trans>unworn and unwashed,</Trans>
          </li>
          <li>
            <Trans>in its original packaging,</Trans>
          </li>
          <li>
            <Trans>with all tags still attached.</Trans>
          </li>
        </ul>

        <h2>
          <Trans>How to return an item</Trans>
        </h2>
        <ol>
          <li>
            <Trans>
              <Link href="/contact">Contact us</Link> with your order number and the items you want to return.
            </Trans>
          </li>
          <li>
            <Trans>We email you a prepaid return label, so the return costs you nothing.</Trans>
          </li>
          <li>
            <Trans>Pack the items securely in their original packaging, attach the label and drop the parcel off.</Trans>
          </li>
          <li>
            <Trans>Once the return has arrived and been checked, we refund you within {refundDays} business days to your original payment method.</Trans>
          </li>
        </ol>

        <h2>
          <Trans>Exchanges</Trans>
        </h2>
        <p>
          <Trans>
            We do not offer direct exchanges. If you need a different size or colour, simply return the item for a refund and place a new order. That way you get the new piece as
            quickly as possible, before it sells out.
          </Trans>
        </p>

        <h2>
          <Trans>Your statutory rights</Trans>
        </h2>
        <p>
          <Trans>
            Our return policy is in addition to your statutory right of withdrawal and does not restrict it. You can find the details in our{' '}
            <Link href="/withdrawal">withdrawal information</Link>, and withdraw online with our <Link href="/withdraw">withdrawal function</Link>.
          </Trans>
        </p>
      </Prose>
    </Page>
  );
}
