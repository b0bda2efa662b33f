import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { Page } from '../../ui/Page';
import { Prose } from '../../ui/Prose';
import { COMPANY } from '../../config/company';
import { JURISDICTION_CITY, LIABILITY_MONTHS, PAYMENT_METHODS, REFUND_BUSINESS_DAYS, RETURN_DAYS, WITHDRAWAL_DAYS } from './data';
import { useContentFormat } from './format';
import { LegalUpdated } from './LegalUpdated';

/** /terms: terms of service for orders in the shop. */
export function TermsView() {
  const { t } = useLingui();
  const { num, range, locale } = useContentFormat();
  const company = COMPANY.name;
  const website = COMPANY.website;
  const supportEmail = COMPANY.email;
  const mail = `mailto:${supportEmail}`;
  const returnDays = num(RETURN_DAYS);
  const withdrawalDays = num(WITHDRAWAL_DAYS);
  const refundDays = range(REFUND_BUSINESS_DAYS.min, REFUND_BUSINESS_DAYS.max);
  const months = num(LIABILITY_MONTHS);
  const city = JURISDICTION_CITY;
  const street = COMPANY.street;
  const postcode = COMPANY.postcode;
  const companyCity = COMPANY.city;
  const methods = new Intl.ListFormat(locale, { type: 'conjunction' }).format(PAYMENT_METHODS);
  return (
    <Page title={t`Terms of Service`} lead={t`The rules for shopping with us, in plain language.`} width="narrow">
      <Prose>
        <LegalUpdated />
        <h2>
          <Trans>1. Scope</Trans>
        </h2>
        <p>
          <Trans>
            These terms apply to all orders placed on {website} between you and {company}, {street}, {postcode} {companyCity}, Germany ("we", "us"). Different terms of the customer
            do not apply.
          </Trans>
        </p>

        <h2>
          <Trans>2. Conclusion of the contract</Trans>
        </h2>
        <p>
          <Trans>
            The products in our shop are not a binding offer but an invitation to order. You order in these steps: you put products in your cart; "Checkout" opens the page "Review
            your order", where you enter the delivery address and check every item, the shipping costs, the total and the delivery time. Until you press the order button you can
            change quantities in the cart, go "Back to cart" and correct every field. With the button "Place order and pay" ("Zahlungspflichtig bestellen") you make a binding offer
            to buy the items listed; you then pay on the payment page of our payment provider. The contract is concluded when we confirm your order by email after your payment; if
            an item can no longer be delivered, we do not accept the order and refund your payment in full. We store the contract text: you find your order in the confirmation
            email and, if you have an account, under "My Orders"; these terms can be read and saved on this page at any time. The contract languages are English and German.
          </Trans>
        </p>

        <h2>
          <Trans>3. Prices</Trans>
        </h2>
        <p>
          <Trans>
            All prices are in euros (EUR) and include the statutory value added tax. Shipping costs are added as shown on our <Link href="/support/shipping">shipping page</Link>{' '}
            and in checkout. Orders shipped outside the EU may be subject to customs duties and import taxes, which are payable by the recipient.
          </Trans>
        </p>

        <h2>
          <Trans>4. Payment</Trans>
        </h2>
        <p>
          <Trans>You can pay with {methods}. Payment is processed by our payment provider on its secure hosted page and is due when you place your order.</Trans>
        </p>

        <h2>
          <Trans>5. Shipping and delivery</Trans>
        </h2>
        <p>
          <Trans>
            We deliver to Germany, the EU, the UK, the USA, Canada and other countries. Delivery times and costs are listed on our{' '}
            <Link href="/support/shipping">shipping page</Link>. If an item is unexpectedly unavailable, we inform you without delay and refund any payment already made for it.
          </Trans>
        </p>

        <h2>
          <Trans>6. Right of withdrawal and returns</Trans>
        </h2>
        <p>
          <Trans>
            As a consumer, you have the statutory right to withdraw from the contract within {withdrawalDays} days without giving any reason. The period starts on the day you or a
            person named by you receives the goods. To withdraw, use our <Link href="/withdraw">withdrawal function</Link> or send us a clear statement, for example by email to{' '}
            <a href={mail}>{supportEmail}</a>. The full <Link href="/withdrawal">withdrawal information and the model withdrawal form</Link> are on a page of their own.
          </Trans>
        </p>
        <p>
          <Trans>
            In addition, we voluntarily extend the return period to {returnDays} days from delivery for items that are unworn and in their original packaging with tags attached. We
            send you a prepaid return label. We do not offer direct exchanges; please return the item and place a new order.
          </Trans>
        </p>
        <p>
          <Trans>
            We refund all payments received for returned items, including standard delivery costs in the case of a withdrawal, usually within {refundDays} business days after the
            return arrives and at the latest within {withdrawalDays} days of receiving your withdrawal, using your original payment method. Details are on our{' '}
            <Link href="/support/returns">returns page</Link>.
          </Trans>
        </p>

        <h2>
          <Trans>7. Retention of title</Trans>
        </h2>
        <p>
          <Trans>The goods remain our property until they have been paid for in full.</Trans>
        </p>

        <h2>
          <Trans>8. Warranty</Trans>
        </h2>
        <p>
          <Trans>The statutory warranty rights for defects apply.</Trans>
        </p>

        <h2>
          <Trans>9. Liability</Trans>
        </h2>
        <p>
          <Trans>
            We are liable without limitation for intent and gross negligence, for injury to life, body or health, and under the German Product Liability Act. In all other cases,
            our liability is limited to the total amount you paid us in the {months} months before the event giving rise to the claim.
          </Trans>
        </p>

        <h2>
          <Trans>10. Governing law and jurisdiction</Trans>
        </h2>
        <p>
          <Trans>
            German law applies, excluding the UN Convention on Contracts for the International Sale of Goods. If you are a consumer, this choice of law does not deprive you of the
            protection of the mandatory provisions of the country where you live. The courts of {city} have jurisdiction to the extent permitted by law.
          </Trans>
        </p>

        <h2>
          <Trans>11. Dispute resolution</Trans>
        </h2>
        <p>
          <Trans>
            We are neither obliged nor willing to take part in dispute resolution proceedings before a consumer arbitration board. If you have a complaint, please{' '}
            <Link href="/contact">contact us</Link> first; we will do our best to find a solution.
          </Trans>
        </p>
      </Prose>
    </Page>
  );
}
