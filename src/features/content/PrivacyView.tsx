import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { css } from '../../../styled-system/css';
import { Page } from '../../ui/Page';
import { Prose } from '../../ui/Prose';
import { COMPANY } from '../../config/company';
import { LegalUpdated } from './LegalUpdated';
import { BROWSER_STORAGE } from './privacyData';

/** /privacy: the privacy policy (GDPR information under Art. 13), what the browser stores and how to use each right (ADR 0026). */
export function PrivacyView() {
  const { t, i18n } = useLingui();
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
            When you create an account, we store your email address and your password (only as a secure hash). In your account you can add your full name and phone number. We use
            this data to let you sign in, to show your orders and to handle your purchases.
          </Trans>
        </p>
        <h3>
          <Trans>Orders and payment</Trans>
        </h3>
        <p>
          <Trans>
            For every order we store the items, amounts, currency, order number, order status, your email address and your delivery details. Payment is handled on the hosted page
            of our payment provider. We never see or store your full card or bank details; we only receive the payment status.
          </Trans>
        </p>
        <h3>
          <Trans>Newsletter</Trans>
        </h3>
        <p>
          <Trans>
            Our newsletter uses double opt-in: signing up only asks for it, and we send you an email with a confirmation link. Only when you click it are you subscribed. We store
            your email address, your consent, where you signed up (footer or account page), your language, when you signed up, when you confirmed and a hash of the IP address you
            confirmed from (never the address itself), so that we can prove your consent. If you do not confirm within 48 hours, nothing is sent. Every newsletter has a link to
            unsubscribe with one click.
          </Trans>
        </p>
        <h3>
          <Trans>Contact messages</Trans>
        </h3>
        <p>
          <Trans>When you use the contact form, we store your name (optional), email address, subject (optional) and message in order to answer your request.</Trans>
        </p>
        <h3>
          <Trans>Reviews</Trans>
        </h3>
        <p>
          <Trans>
            If you write a product review, we store your rating, title and text together with your name and email address. Only the name, rating, title and text are published, and
            only after approval.
          </Trans>
        </p>
        <h3>
          <Trans>What your browser stores</Trans>
        </h3>
        <p>
          <Trans>
            The shop keeps only what it needs to work in your browser. Nothing here is used to recognise you across websites, and nothing is sent to anyone but us. You can see and
            delete every item in your browser's developer tools or by clearing your browser data.
          </Trans>
        </p>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard */}
        <section aria-label={t`What your browser stores`} tabIndex={0} className={css({ overflowX: 'auto' })}>
          <table>
            <thead>
              <tr>
                <th scope="col">{t`Name`}</th>
                <th scope="col">{t`Where`}</th>
                <th scope="col">{t`Purpose`}</th>
                <th scope="col">{t`How long`}</th>
              </tr>
            </thead>
            <tbody>
              {BROWSER_STORAGE.map((item) => (
                <tr key={`${item.where}:${item.name}`}>
                  <th scope="row">
                    <code>{item.name}</code>
                  </th>
                  <td>{item.where === 'cookie' ? t`Cookie` : item.where === 'sessionStorage' ? t`Session storage (this tab)` : t`Local storage`}</td>
                  <td>{i18n._(item.purpose)}</td>
                  <td>{i18n._(item.lifetime)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
        <h3>
          <Trans>No tracking, no cookie banner</Trans>
        </h3>
        <p>
          <Trans>
            We use no analytics, no tracking, no advertising and no social media plugins, and we load no fonts or scripts from other websites. Every item above is strictly
            necessary to provide the shop you asked for, so storing it needs no consent (§ 25 (2) no. 2 TDDDG). That is why you see no cookie banner.
          </Trans>
        </p>
        <h3>
          <Trans>Who your browser talks to</Trans>
        </h3>
        <ul>
          <li>
            <Trans>
              <strong>Our backend</strong> (the shop's API): products, cart prices, sign-in, your account and orders.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>The country lookup:</strong> on your first visit, your browser asks an IP geolocation service for your country, so that we can show the shop in the right
              language (for example German for visitors from Germany). The service receives your IP address for this single request; we only keep the resulting two-letter country
              code in your browser (see above).
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Stripe:</strong> only when you choose to pay, your browser opens Stripe's payment page. Nothing of Stripe is loaded on our pages before that.
            </Trans>
          </li>
        </ul>
        <p>
          <Trans>No other website is contacted while you use the shop.</Trans>
        </p>
        <h3>
          <Trans>Emails</Trans>
        </h3>
        <p>
          <Trans>
            Order confirmations, shipping and refund notices, account emails and the newsletter's confirmation are sent by our email service, which receives your email address and
            the content of the email for this purpose.
          </Trans>
        </p>
        <h3>
          <Trans>Server logs</Trans>
        </h3>
        <p>
          <Trans>
            When you visit the website, our hosting provider automatically processes technical data such as your IP address, time of access and browser type, to deliver the website
            and protect it against attacks. These logs are deleted after 14 days at the latest.
          </Trans>
        </p>

        <h2>
          <Trans>3. Legal bases</Trans>
        </h2>
        <ul>
          <li>
            <Trans>
              <strong>Contract (Art. 6(1)(b) GDPR):</strong> customer account, orders, payment, delivery, returns, and contact requests about an order.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Consent (Art. 6(1)(a) GDPR):</strong> newsletter. You can withdraw your consent at any time with effect for the future.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Legal obligation (Art. 6(1)(c) GDPR):</strong> keeping invoices and order records as required by German commercial and tax law.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Legitimate interests (Art. 6(1)(f) GDPR):</strong> a secure and working website (server logs, login session), choosing your language (country lookup),
              answering general enquiries and publishing reviews.
            </Trans>
          </li>
        </ul>

        <h2>
          <Trans>4. How long we keep your data</Trans>
        </h2>
        <ul>
          <li>
            <Trans>Account data: until you delete your account (in your account, “Delete my account”).</Trans>
          </li>
          <li>
            <Trans>
              Order and invoice data: 10 years, as required by German tax and commercial law (§ 147 AO, § 257 HGB). If you delete your account, your orders are kept for this time
              without your name, address, phone number and email address; your reviews stay published without your name.
            </Trans>
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
              <strong>Hosting and backend:</strong> our hosting and database provider (Supabase) stores account, order, newsletter and contact data and handles sign-in, on servers
              in the EU.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Payment provider:</strong> Stripe processes your payment on its hosted checkout page. For payments, Stripe also acts as a controller in its own right.
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
          <li>
            <Trans>
              <strong>Email service:</strong> receives your email address and the email's content to deliver the emails about your orders, your account and the newsletter.
            </Trans>
          </li>
        </ul>
        <p>
          <Trans>
            Where a provider processes data outside the EU/EEA, the transfer is protected by an adequacy decision of the European Commission (such as the EU-U.S. Data Privacy
            Framework) or by standard contractual clauses.
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
              lodge a complaint with a data protection supervisory authority, for example the Berlin Commissioner for Data Protection and Freedom of Information (Art. 77).
            </Trans>
          </li>
        </ul>
        <h3>
          <Trans>How to use your rights</Trans>
        </h3>
        <ul>
          <li>
            <Trans>
              <strong>Access and portability:</strong> in <Link href="/account">your account</Link>, “Download my data” gives you at once a JSON file with your account, profile,
              addresses, orders, reviews and newsletter status, a structured, commonly used and machine-readable format you can take to another shop.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Rectification:</strong> change your name and phone number in your account at any time.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Erasure:</strong> “Delete my account” in your account deletes it after you confirm with your password. While an order is still open (not yet delivered,
              cancelled or refunded), we finish it first; then the account can go. Orders are kept as described above.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Objection and withdrawing consent:</strong> every newsletter has an unsubscribe link; for anything else, write to us.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Without an account</strong> (for example after an order as a guest), email us at <a href={mail}>{privacyEmail}</a> from the address you ordered with; we
              answer within one month.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Complaint:</strong> you can complain to any data protection supervisory authority, in particular the one where you live or where we are based.
            </Trans>
          </li>
        </ul>
        <p>
          <Trans>
            You are not obliged to provide your data, but without an email address we cannot create an account, process an order or answer your message. We do not use automated
            decision-making or profiling.
          </Trans>
        </p>

        <h2>
          <Trans>7. Contact</Trans>
        </h2>
        <p>
          <Trans>
            For any question about your data or to exercise your rights, email us at <a href={mail}>{privacyEmail}</a> or use our <Link href="/contact">contact form</Link>. We may
            update this policy when our services change; the current version is always available on this page.
          </Trans>
        </p>
      </Prose>
    </Page>
  );
}
