import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { Page } from '../../ui/Page';
import { Prose } from '../../ui/Prose';
import { COMPANY } from '../../config/company';
import { LegalUpdated } from './LegalUpdated';

/** /privacy: the privacy policy (GDPR information under Art. 13). */
export function PrivacyView() {
  const { t } = useLingui();
  const privacyEmail = COMPANY.privacyEmail;
  const mail = `mailto:${privacyEmail}`;
  return (
    <Page title={t`Privacy Policy`} lead={t`What data we collect, why we need it and which rights you have.`} width="narrow">
      <Prose>
        <LegalUpdated />
        <h2>
          <Trans>1. Who is responsible</Trans>
        </h2>
        <p>
          <Trans>The controller responsible for processing your personal data on this website is:</Trans>
        </p>
        <p>
          {COMPANY.name}
          <br />
          {COMPANY.street}
          <br />
          {COMPANY.postcode} {COMPANY.city}
          <br />
          <Trans>Germany</Trans>
          <br />
          <Trans>
            Email: <a href={mail}>{privacyEmail}</a>
          </Trans>
        </p>

        <h2>
          <Trans>2. What data we process</Trans>
        </h2>
        <h3>
          <Trans>Your customer account</Trans>
        </h3>
        <p>
          <Trans>
            When you create an account, we store your email address and your password (only as a secure hash). In your
            account you can add your full name and phone number. We use this data to let you sign in, to show your
            orders and to handle your purchases.
          </Trans>
        </p>
        <h3>
          <Trans>Orders and payment</Trans>
        </h3>
        <p>
          <Trans>
            For every order we store the items, amounts, currency, order number, order status, your email address and
            your delivery details. Payment is handled on the hosted page of our payment provider. We never see or store
            your full card or bank details; we only receive the payment status.
          </Trans>
        </p>
        <h3>
          <Trans>Newsletter</Trans>
        </h3>
        <p>
          <Trans>
            If you subscribe to our newsletter, we store your email address, your consent, where you subscribed
            (footer or account page), the time of subscription and, if you are signed in, your account ID. You can
            unsubscribe at any time via the link in every newsletter or by emailing us.
          </Trans>
        </p>
        <h3>
          <Trans>Contact messages</Trans>
        </h3>
        <p>
          <Trans>
            When you use the contact form, we store your name (optional), email address, subject (optional) and
            message in order to answer your request.
          </Trans>
        </p>
        <h3>
          <Trans>Reviews</Trans>
        </h3>
        <p>
          <Trans>
            If you write a product review, we store your rating, title and text together with your name and email
            address. Only the name, rating, title and text are published, and only after approval.
          </Trans>
        </p>
        <h3>
          <Trans>Cookies and local storage</Trans>
        </h3>
        <p>
          <Trans>
            We do not use tracking or advertising cookies. Your browser's local storage keeps what the shop needs to
            work: your shopping cart, your language, your country code and, when you are signed in, your login session.
            This data stays on your device until you sign out or clear your browser data.
          </Trans>
        </p>
        <h3>
          <Trans>Country lookup</Trans>
        </h3>
        <p>
          <Trans>
            On your first visit, your browser asks an IP geolocation service for your country, so that we can show the
            shop in the right language (for example German for visitors from Germany). The service receives your IP
            address for this single request; we only store the resulting two-letter country code in your browser.
          </Trans>
        </p>
        <h3>
          <Trans>Server logs</Trans>
        </h3>
        <p>
          <Trans>
            When you visit the website, our hosting provider automatically processes technical data such as your IP
            address, time of access and browser type, to deliver the website and protect it against attacks. These
            logs are deleted after 14 days at the latest.
          </Trans>
        </p>

        <h2>
          <Trans>3. Legal bases</Trans>
        </h2>
        <ul>
          <li>
            <Trans>
              <strong>Contract (Art. 6(1)(b) GDPR):</strong> customer account, orders, payment, delivery, returns, and
              contact requests about an order.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Consent (Art. 6(1)(a) GDPR):</strong> newsletter. You can withdraw your consent at any time with
              effect for the future.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Legal obligation (Art. 6(1)(c) GDPR):</strong> keeping invoices and order records as required by
              German commercial and tax law.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Legitimate interests (Art. 6(1)(f) GDPR):</strong> a secure and working website (server logs,
              login session), choosing your language (country lookup), answering general enquiries and publishing
              reviews.
            </Trans>
          </li>
        </ul>

        <h2>
          <Trans>4. How long we keep your data</Trans>
        </h2>
        <ul>
          <li>
            <Trans>Account data: until you delete your account.</Trans>
          </li>
          <li>
            <Trans>Order and invoice data: 10 years, as required by German commercial and tax law.</Trans>
          </li>
          <li>
            <Trans>Newsletter: until you unsubscribe or withdraw your consent.</Trans>
          </li>
          <li>
            <Trans>Contact messages: deleted 12 months after your request has been resolved.</Trans>
          </li>
          <li>
            <Trans>Local storage: until you clear it in your browser.</Trans>
          </li>
        </ul>

        <h2>
          <Trans>5. Who receives your data</Trans>
        </h2>
        <p>
          <Trans>We only share your data with service providers that we need to run the shop, bound by data processing agreements:</Trans>
        </p>
        <ul>
          <li>
            <Trans>
              <strong>Hosting and backend:</strong> our hosting and database provider (Supabase) stores account, order,
              newsletter and contact data and handles sign-in, on servers in the EU.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Payment provider:</strong> Stripe processes your payment on its hosted checkout page. For payments,
              Stripe also acts as a controller in its own right.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Shipping carriers:</strong> receive your name and delivery address to deliver your order.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Geolocation service:</strong> receives your IP address for the one-time country lookup.
            </Trans>
          </li>
        </ul>
        <p>
          <Trans>
            Where a provider processes data outside the EU/EEA, the transfer is protected by an adequacy decision of
            the European Commission (such as the EU-U.S. Data Privacy Framework) or by standard contractual clauses.
          </Trans>
        </p>

        <h2>
          <Trans>6. Your rights</Trans>
        </h2>
        <p>
          <Trans>Under the GDPR you have the right to:</Trans>
        </p>
        <ul>
          <li>
            <Trans>access the data we hold about you (Art. 15),</Trans>
          </li>
          <li>
            <Trans>have incorrect data corrected (Art. 16),</Trans>
          </li>
          <li>
            <Trans>have your data deleted (Art. 17),</Trans>
          </li>
          <li>
            <Trans>restrict processing (Art. 18),</Trans>
          </li>
          <li>
            <Trans>receive your data in a portable format (Art. 20),</Trans>
          </li>
          <li>
            <Trans>object to processing based on legitimate interests (Art. 21),</Trans>
          </li>
          <li>
            <Trans>withdraw your consent at any time (Art. 7(3)),</Trans>
          </li>
          <li>
            <Trans>
              lodge a complaint with a data protection supervisory authority, for example the Berlin Commissioner for
              Data Protection and Freedom of Information (Art. 77).
            </Trans>
          </li>
        </ul>
        <p>
          <Trans>
            You are not obliged to provide your data, but without an email address we cannot create an account, process
            an order or answer your message. We do not use automated decision-making or profiling.
          </Trans>
        </p>

        <h2>
          <Trans>7. Contact</Trans>
        </h2>
        <p>
          <Trans>
            For any question about your data or to exercise your rights, email us at <a href={mail}>{privacyEmail}</a>{' '}
            or use our <Link href="/contact">contact form</Link>. We may update this policy when our services change;
            the current version is always available on this page.
          </Trans>
        </p>
      </Prose>
    </Page>
  );
}
