import { Trans, useLingui } from '@lingui/react/macro';
import type { FormEvent, ReactNode } from 'react';
import { Link } from 'wouter';
import {
  WITHDRAWAL_LIMITS,
  type WithdrawalField,
  type WithdrawalFieldErrors,
  type WithdrawalForm,
  type WithdrawalReceipt,
  type WithdrawalStatus,
  withdrawalRequest,
} from '../../../machines/withdrawalMachine';
import { css } from '../../../styled-system/css';
import { SUPPORT_EMAIL } from '../../config/company';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Page } from '../../ui/Page';
import { Spinner } from '../../ui/Spinner';
import { TextArea } from '../../ui/TextArea';
import { TextField } from '../../ui/TextField';

export type WithdrawViewProps = {
  status: WithdrawalStatus;
  form: WithdrawalForm;
  fieldErrors: WithdrawalFieldErrors;
  /** The shop's answer once received. */
  receipt: WithdrawalReceipt | null;
  /** The server's refusal of the input (shown on the form), or why sending failed. */
  error: string | null;
  onChange: (field: WithdrawalField, value: string) => void;
  onSubmit: () => void;
  onBack: () => void;
  onConfirm: () => void;
  onRetry: () => void;
  onEdit: () => void;
};

const actions = css({ display: 'flex', flexWrap: 'wrap', gap: '3', mt: '6' });
const summary = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', sm: 'max-content 1fr' },
  columnGap: '6',
  rowGap: '2',
  '& dt': { fontWeight: 'bold' },
  '& dd': { overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' },
});
const link = css({ color: 'accent.text', textDecoration: 'underline' });

/** Date and time as the shop states them: the calendar and clock of Berlin, in the page's language. */
export function berlinDateTime(iso: string, locale: string): { date: string; time: string } {
  const at = new Date(iso);
  const zone = { timeZone: 'Europe/Berlin' } as const;
  return {
    date: new Intl.DateTimeFormat(locale, { ...zone, day: 'numeric', month: 'long', year: 'numeric' }).format(at),
    time: new Intl.DateTimeFormat(locale, { ...zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at),
  };
}

/**
 * /withdraw: the withdrawal function of § 356a BGB (ADR 0025). The form (order number, e-mail,
 * optional name and lines) → a confirmation page showing what will be sent, with the button
 * "Widerruf bestätigen" → the shop's receipt with date and time. The receipt says the same whether
 * or not the order and address match, so the page reveals nothing about orders.
 */
export function WithdrawView({ status, form, fieldErrors, receipt, error, onChange, onSubmit, onBack, onConfirm, onRetry, onEdit }: WithdrawViewProps) {
  const { t, i18n } = useLingui();
  const title = t`Withdraw from contract`;
  const mail = <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>;
  const information = (
    <Link href="/withdrawal" className={link}>
      <Trans>withdrawal information</Trans>
    </Link>
  );

  if (status === 'received' && receipt) {
    const { date, time } = berlinDateTime(receipt.receivedAt, i18n.locale);
    return (
      <Page title={title} width="narrow">
        <Card>
          <div role="status" data-status={receipt.status}>
            <h2 className={css({ textStyle: 'heading', fontSize: '2xl', mb: '3' })}>
              {receipt.status === 'alreadyReceived' ? t`Withdrawal already received` : t`Withdrawal received`}
            </h2>
            {receipt.status === 'alreadyReceived' ? (
              <p>
                <Trans>
                  We already received your withdrawal from this order on {date} at {time} (German time). You don't need to do anything else.
                </Trans>
              </p>
            ) : (
              <>
                <p>
                  <Trans>If the order number and email address belong to an order, we have recorded your withdrawal and sent a confirmation of receipt to that address.</Trans>
                </p>
                <p className={css({ mt: '3', fontWeight: 'bold' })}>
                  <Trans>
                    Received on {date} at {time} (German time).
                  </Trans>
                </p>
              </>
            )}
            <p className={css({ mt: '3', color: 'fg.muted' })}>
              <Trans>
                How to send the goods back and when you get your money: see our {information}. No email within a few minutes? Check your spam folder or write to us at {mail}.
              </Trans>
            </p>
          </div>
        </Card>
      </Page>
    );
  }

  if (status === 'confirming' || status === 'submitting') {
    const sent = withdrawalRequest(form);
    const submitting = status === 'submitting';
    return (
      <Page title={title} lead={t`Check what you send us, then confirm your withdrawal.`} width="narrow">
        <Card>
          <h2 className={css({ textStyle: 'heading', fontSize: '2xl', mb: '3' })}>{t`Your withdrawal`}</h2>
          <p className={css({ mb: '4' })}>
            <Trans>I hereby withdraw from the contract for this order:</Trans>
          </p>
          <dl className={summary}>
            <dt>{t`Order number`}</dt>
            <dd>{sent.orderNumber}</dd>
            <dt>{t`Email address`}</dt>
            <dd>{sent.email}</dd>
            {sent.name && (
              <>
                <dt>{t`Name`}</dt>
                <dd>{sent.name}</dd>
              </>
            )}
            <dt>{t`Which items, anything else`}</dt>
            <dd>{sent.statement ?? t`The whole order`}</dd>
          </dl>
          <p className={css({ mt: '4', color: 'fg.muted', fontSize: 'sm' })}>
            <Trans>We confirm the receipt with date and time on the next page and by email to the address above.</Trans>
          </p>
          <div className={actions} aria-busy={submitting}>
            <Button size="lg" onClick={onConfirm} disabled={submitting}>
              {t`Confirm withdrawal`}
            </Button>
            <Button variant="outline" size="lg" onClick={onBack} disabled={submitting}>
              {t`Back to edit`}
            </Button>
            {submitting && <Spinner label={t`Sending your withdrawal...`} />}
          </div>
        </Card>
      </Page>
    );
  }

  if (status === 'failed' || status === 'rateLimited') {
    return (
      <Page title={title} width="narrow">
        <Card>
          <div role="alert">
            <h2 className={css({ textStyle: 'heading', fontSize: '2xl', mb: '3' })}>{status === 'failed' ? t`Your withdrawal could not be sent` : t`Too many attempts`}</h2>
            <p>
              {status === 'failed' ? (
                <Trans>We couldn't reach our server, so nothing has been recorded yet. Please try again, or send us your withdrawal by email to {mail}.</Trans>
              ) : (
                <Trans>
                  To protect our customers, we accept at most 10 withdrawals from one connection in 10 minutes. Nothing was recorded this time. Please try again in a few minutes,
                  or send us your withdrawal by email to {mail}.
                </Trans>
              )}
            </p>
          </div>
          <div className={actions}>
            {status === 'failed' && (
              <Button size="lg" onClick={onRetry}>
                {t`Try again`}
              </Button>
            )}
            <Button variant={status === 'failed' ? 'outline' : 'solid'} size="lg" onClick={onEdit}>
              {t`Back to the form`}
            </Button>
          </div>
        </Card>
      </Page>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  const orderError: ReactNode =
    fieldErrors.orderNumber === 'required' ? t`Please enter your order number.` : fieldErrors.orderNumber === 'invalid' ? t`An order number looks like NPNG-100123.` : undefined;
  const emailError: ReactNode =
    fieldErrors.email === 'required' ? t`Please enter your email address.` : fieldErrors.email === 'invalid' ? t`Please enter a valid email address.` : undefined;
  const nameMax = WITHDRAWAL_LIMITS.name;
  const statementMax = WITHDRAWAL_LIMITS.statement;
  return (
    <Page
      title={title}
      lead={t`You can withdraw from a purchase within the withdrawal period: give us the order number and your email address, then confirm on the next page. You don't need an account.`}
      width="narrow"
    >
      <Card>
        <form noValidate onSubmit={submit} className={css({ display: 'grid', gap: '4', gridTemplateColumns: 'minmax(0, 1fr)' })}>
          {error && (
            <p role="alert" className={css({ color: 'danger', fontWeight: 'semibold' })}>
              {error}
            </p>
          )}
          <TextField
            label={t`Order number *`}
            name="orderNumber"
            autoComplete="off"
            required
            value={form.orderNumber}
            onChange={(e) => onChange('orderNumber', e.target.value)}
            hint={t`For example NPNG-100123: it's in your order confirmation.`}
            error={orderError}
          />
          <TextField
            label={t`Email address *`}
            name="email"
            type="email"
            autoComplete="email"
            required
            value={form.email}
            onChange={(e) => onChange('email', e.target.value)}
            hint={t`The email address of the order. We send the confirmation of receipt there.`}
            error={emailError}
          />
          <TextField
            label={t`Name (optional)`}
            name="name"
            autoComplete="name"
            maxLength={nameMax}
            value={form.name}
            onChange={(e) => onChange('name', e.target.value)}
            error={fieldErrors.name ? t`At most ${nameMax} characters.` : undefined}
          />
          <TextArea
            label={t`Which items, anything else? (optional)`}
            name="statement"
            maxLength={statementMax}
            value={form.statement}
            onChange={(e) => onChange('statement', e.target.value)}
            hint={t`Leave it empty to withdraw from the whole order.`}
            error={fieldErrors.statement ? t`At most ${statementMax} characters.` : undefined}
          />
          <div>
            <Button type="submit" size="lg" className={css({ whiteSpace: 'normal', textAlign: 'center' })}>
              {t`Continue to confirmation`}
            </Button>
          </div>
          <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>
            <Trans>
              Fields marked with * are required. What happens after a withdrawal is in our {information}. You can also write to us at {mail}.
            </Trans>
          </p>
        </form>
      </Card>
    </Page>
  );
}
