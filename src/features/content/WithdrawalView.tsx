import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { css } from '../../../styled-system/css';
import { COMPANY } from '../../config/company';
import { ButtonLink } from '../../ui/ButtonLink';
import { Page } from '../../ui/Page';
import { Prose } from '../../ui/Prose';

const form = css({ borderWidth: '1px', borderColor: 'border.strong', borderRadius: 'md', p: { base: '4', md: '6' }, mt: '4' });

/**
 * /withdrawal: the withdrawal information of Anlage 1 zu Art. 246a § 1 Abs. 2 Satz 2 EGBGB for
 * goods (the period from taking possession; from the last of several goods delivered separately),
 * with the seller's data from src/config/company.ts, our choices where the model offers them (we
 * bear the cost of the return; the electronic withdrawal on our website, Gestaltungshinweis 3),
 * and the model withdrawal form of Anlage 2. German in the statutory wording (its "Sie"), English
 * in the wording of Directive 2011/83/EU, Annex I. A template the shop owner checks (ADR 0025).
 */
export function WithdrawalView() {
  const { t } = useLingui();
  const seller = `${COMPANY.name}, ${COMPANY.street}, ${COMPANY.postcode} ${COMPANY.city}`;
  const email = COMPANY.email;
  const phone = COMPANY.phone;
  const website = <Link href="/withdraw">{COMPANY.website}/withdraw</Link>;
  return (
    <Page title={t`Right of withdrawal`} lead={t`Your statutory right to withdraw from a purchase, and a form you may use for it.`} width="narrow">
      <div className={css({ mb: '8' })}>
        <ButtonLink href="/withdraw" size="lg">
          {t`Withdraw from contract`}
        </ButtonLink>
      </div>
      <Prose>
        <h2>
          <Trans>Withdrawal information</Trans>
        </h2>
        <h3>
          <Trans context="heading of the model withdrawal information">Right of withdrawal</Trans>
        </h3>
        <p>
          <Trans>You have the right to withdraw from this contract within 14 days without giving any reason.</Trans>
        </p>
        <p>
          <Trans>
            The withdrawal period will expire after 14 days from the day on which you acquire, or a third party other than the carrier and indicated by you acquires, physical
            possession of the goods.
          </Trans>
        </p>
        <p>
          <Trans>
            In the case of a contract relating to multiple goods ordered by you in one order and delivered separately, the withdrawal period will expire after 14 days from the day
            on which you acquire, or a third party other than the carrier and indicated by you acquires, physical possession of the last good.
          </Trans>
        </p>
        <p>
          <Trans>
            To exercise the right of withdrawal, you must inform us ({seller}, email: {email}, phone: {phone}) of your decision to withdraw from this contract by an unequivocal
            statement (e.g. a letter sent by post or e-mail). You may use the attached model withdrawal form, but it is not obligatory.
          </Trans>
        </p>
        <p>
          <Trans>
            You can also electronically fill in and submit the model withdrawal form or any other unequivocal statement on our website ({website}). If you use this option, we will
            communicate to you an acknowledgement of receipt of such a withdrawal on a durable medium (e.g. by e-mail) without delay.
          </Trans>
        </p>
        <p>
          <Trans>
            To meet the withdrawal deadline, it is sufficient for you to send your communication concerning your exercise of the right of withdrawal before the withdrawal period
            has expired.
          </Trans>
        </p>
        <h3>
          <Trans>Effects of withdrawal</Trans>
        </h3>
        <p>
          <Trans>
            If you withdraw from this contract, we shall reimburse to you all payments received from you, including the costs of delivery (with the exception of the supplementary
            costs resulting from your choice of a type of delivery other than the least expensive type of standard delivery offered by us), without undue delay and in any event not
            later than 14 days from the day on which we are informed about your decision to withdraw from this contract. We will carry out such reimbursement using the same means
            of payment as you used for the initial transaction, unless you have expressly agreed otherwise; in any event, you will not incur any fees as a result of such
            reimbursement.
          </Trans>
        </p>
        <p>
          <Trans>We may withhold reimbursement until we have received the goods back or you have supplied evidence of having sent back the goods, whichever is the earliest.</Trans>
        </p>
        <p>
          <Trans>
            You shall send back the goods or hand them over to us without undue delay and in any event not later than 14 days from the day on which you communicate your withdrawal
            from this contract to us. The deadline is met if you send back the goods before the period of 14 days has expired.
          </Trans>
        </p>
        <p>
          <Trans>We will bear the cost of returning the goods.</Trans>
        </p>
        <p>
          <Trans>
            You are only liable for any diminished value of the goods resulting from the handling other than what is necessary to establish the nature, characteristics and
            functioning of the goods.
          </Trans>
        </p>

        <h2 id="model-withdrawal-form">
          <Trans>Model withdrawal form</Trans>
        </h2>
        <div className={form}>
          <p>
            <Trans>(complete and return this form only if you wish to withdraw from the contract)</Trans>
          </p>
          <ul>
            <li>
              <Trans>
                To {seller}, email: {email}:
              </Trans>
            </li>
            <li>
              <Trans>
                I/We (*) hereby give notice that I/We (*) withdraw from my/our (*) contract of sale of the following goods (*)/for the provision of the following service (*)
              </Trans>
            </li>
            <li>
              <Trans>Ordered on (*)/received on (*)</Trans>
            </li>
            <li>
              <Trans>Name of consumer(s)</Trans>
            </li>
            <li>
              <Trans>Address of consumer(s)</Trans>
            </li>
            <li>
              <Trans>Signature of consumer(s) (only if this form is notified on paper)</Trans>
            </li>
            <li>
              <Trans>Date</Trans>
            </li>
          </ul>
          <p>
            <Trans>(*) Delete as appropriate.</Trans>
          </p>
        </div>
      </Prose>
    </Page>
  );
}
