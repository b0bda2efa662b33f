import { Trans, useLingui } from '@lingui/react/macro';
import type { FormEvent, ReactNode } from 'react';
import { CONTACT_LIMITS, type ContactField, type ContactFieldErrors, type ContactStatus } from '../../../machines/contactMachine';
import { css, cx } from '../../../styled-system/css';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Page } from '../../ui/Page';
import { TextArea } from '../../ui/TextArea';
import { TextField, fieldMessage } from '../../ui/TextField';
import { REPLY_TIME, SUPPORT_EMAIL, SUPPORT_HOURS, SUPPORT_PHONE, SUPPORT_PHONE_HREF } from '../../config/company';

export type ContactViewProps = {
  status: ContactStatus;
  form: Record<ContactField, string>;
  fieldErrors: ContactFieldErrors;
  /** The server's message after a failed send. */
  error?: string | null;
  onChange: (field: ContactField, value: string) => void;
  onSubmit: () => void;
};

const detailTerm = css({ fontWeight: 'bold', textTransform: 'uppercase', fontSize: 'xs', letterSpacing: 'wider', color: 'fg.muted' });
const detailValue = css({ mb: '4', fontSize: 'lg', '& a': { color: 'accent.text', textDecoration: 'underline' } });

export function ContactView({ status, form, fieldErrors, error, onChange, onSubmit }: ContactViewProps) {
  const { t, i18n } = useLingui();
  const sending = status === 'sending';
  const sent = status === 'sent';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  const emailError: ReactNode =
    fieldErrors.email === 'required' ? t`Please enter your email.` : fieldErrors.email === 'invalid' ? t`Please enter a valid email address.` : undefined;
  const messageError = fieldErrors.message === 'required' ? t`Please enter a message.` : undefined;
  const mailto = `mailto:${SUPPORT_EMAIL}`;

  return (
    <Page title={t`Contact`} lead={t`Questions about sizing, an order or a return? Our team is here to help.`}>
      <div className={css({ display: 'grid', gap: '8', gridTemplateColumns: { base: '1fr', lg: '1fr 2fr' }, alignItems: 'start' })}>
        <Card>
          <h2 className={css({ textStyle: 'heading', fontSize: 'xl', mb: '4' })}>
            <Trans>Get in touch</Trans>
          </h2>
          <dl>
            <dt className={detailTerm}>
              <Trans>Email</Trans>
            </dt>
            <dd className={detailValue}>
              <a href={mailto}>{SUPPORT_EMAIL}</a>
            </dd>
            <dt className={detailTerm}>
              <Trans>Phone</Trans>
            </dt>
            <dd className={detailValue}>
              <a href={SUPPORT_PHONE_HREF}>{SUPPORT_PHONE}</a>
            </dd>
            <dt className={detailTerm}>
              <Trans>Support hours</Trans>
            </dt>
            <dd className={detailValue}>{i18n._(SUPPORT_HOURS)}</dd>
          </dl>
          <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>{i18n._(REPLY_TIME)}</p>
        </Card>

        <Card>
          <h2 className={css({ textStyle: 'heading', fontSize: 'xl', mb: '1' })}>
            <Trans>Send us a message</Trans>
          </h2>
          <p className={css({ color: 'fg.muted', fontSize: 'sm', mb: '5' })}>
            <Trans>Fields marked with * are required.</Trans>
          </p>
          <form noValidate onSubmit={submit} aria-busy={sending}>
            <fieldset disabled={sending || sent} className={css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' } })}>
              <TextField label={t`Name`} name="name" autoComplete="name" maxLength={CONTACT_LIMITS.name} value={form.name} onChange={(e) => onChange('name', e.target.value)} />
              <TextField
                label={t`Email *`}
                name="email"
                type="email"
                autoComplete="email"
                required
                maxLength={CONTACT_LIMITS.email}
                value={form.email}
                error={emailError}
                onChange={(e) => onChange('email', e.target.value)}
              />
              <TextField
                label={t`Subject`}
                name="subject"
                maxLength={CONTACT_LIMITS.subject}
                value={form.subject}
                onChange={(e) => onChange('subject', e.target.value)}
                className={css({ gridColumn: { md: 'span 2' } })}
              />
              <div className={css({ gridColumn: { md: 'span 2' } })}>
                <TextArea
                  label={t`Message *`}
                  name="message"
                  required
                  maxLength={CONTACT_LIMITS.message}
                  rows={6}
                  value={form.message}
                  aria-invalid={messageError ? true : undefined}
                  aria-describedby={messageError ? 'contact-message-error' : undefined}
                  onChange={(e) => onChange('message', e.target.value)}
                />
                {messageError && (
                  <p id="contact-message-error" className={cx(fieldMessage, css({ color: 'danger' }))}>
                    {messageError}
                  </p>
                )}
              </div>
            </fieldset>
            {status === 'error' && (
              <p role="alert" className={css({ mt: '4', color: 'danger', fontSize: 'sm' })}>
                <Trans>Your message could not be sent.</Trans> {error}
              </p>
            )}
            {sent && (
              <p role="status" className={css({ mt: '4', color: 'fg', fontSize: 'sm' })}>
                <Trans>Message sent</Trans> — {i18n._(REPLY_TIME)}
              </p>
            )}
            <div className={css({ mt: '5', display: 'flex', flexWrap: 'wrap', gap: '4', alignItems: 'center' })}>
              <Button type="submit" variant="solid" size="lg" disabled={sending || sent}>
                {sent ? t`Sent ✓` : sending ? t`Sending…` : t`Send message`}
              </Button>
              <p className={css({ fontSize: 'sm', color: 'fg.muted', '& a': { color: 'accent.text', textDecoration: 'underline' } })}>
                <Trans>
                  Form not working? Email us directly at <a href={mailto}>{SUPPORT_EMAIL}</a>.
                </Trans>
              </p>
            </div>
          </form>
        </Card>
      </div>
    </Page>
  );
}
