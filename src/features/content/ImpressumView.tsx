import { Trans, useLingui } from '@lingui/react/macro';
import { COMPANY, SUPPORT_EMAIL, SUPPORT_PHONE, SUPPORT_PHONE_HREF } from '../../config/company';
import { Page } from '../../ui/Page';
import { Prose } from '../../ui/Prose';
import { useContentFormat } from './format';

/**
 * /impressum: the legal notice under § 5 DDG (name and legal form, address, representatives,
 * phone and e-mail, register, VAT ID) and the consumer-dispute statement under § 36 VSBG. No link
 * to the EU's ODR platform: it was shut down on 20 July 2025.
 */
export function ImpressumView() {
  const { t } = useLingui();
  const { locale } = useContentFormat();
  const legalForm = COMPANY.legalForm;
  const directors = new Intl.ListFormat(locale, { type: 'conjunction' }).format(COMPANY.managingDirectors);
  const court = COMPANY.registerCourt;
  const registerNumber = COMPANY.registerNumber;
  const vatId = COMPANY.vatId;
  const phone = SUPPORT_PHONE;
  const email = SUPPORT_EMAIL;
  return (
    <Page title={t`Legal notice`} lead={t`Who runs this shop and how to reach us.`} width="narrow">
      <Prose>
        <h2>
          <Trans>Information according to § 5 DDG</Trans>
        </h2>
        <p>
          {COMPANY.name}
          <br />
          {COMPANY.street}
          <br />
          {COMPANY.postcode} {COMPANY.city}
          <br />
          <Trans>Germany</Trans>
        </p>
        <p>
          <Trans>Legal form: {legalForm}</Trans>
        </p>

        <h2>
          <Trans>Represented by</Trans>
        </h2>
        <p>
          <Trans>Managing directors: {directors}</Trans>
        </p>

        <h2>
          <Trans>Contact</Trans>
        </h2>
        <p>
          <Trans>
            Phone: <a href={SUPPORT_PHONE_HREF}>{phone}</a>
          </Trans>
          <br />
          <Trans>
            Email: <a href={`mailto:${email}`}>{email}</a>
          </Trans>
        </p>

        <h2>
          <Trans>Commercial register</Trans>
        </h2>
        <p>
          <Trans>Register court: {court}</Trans>
          <br />
          <Trans>Registration number: {registerNumber}</Trans>
        </p>

        <h2>
          <Trans>VAT ID</Trans>
        </h2>
        <p>
          <Trans>VAT identification number according to § 27a of the German VAT Act (UStG): {vatId}</Trans>
        </p>

        <h2>
          <Trans>Consumer dispute resolution</Trans>
        </h2>
        <p>
          <Trans>We are neither obliged nor willing to take part in dispute resolution proceedings before a consumer arbitration board.</Trans>
        </p>
      </Prose>
    </Page>
  );
}
