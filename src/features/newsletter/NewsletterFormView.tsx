import { Trans, useLingui } from '@lingui/react/macro';
import { useId, type FormEvent } from 'react';
import { Link } from 'wouter';
import { css, cx } from '../../../styled-system/css';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { fieldInput, fieldLabel } from '../../ui/TextField';

export type NewsletterFormStatus = 'idle' | 'subscribing' | 'success' | 'tooMany' | 'error';

export type NewsletterFormViewProps = {
  /** footer: email and consent checkbox; account: email only (subscribing there is the consent). */
  variant: 'footer' | 'account';
  status: NewsletterFormStatus;
  email: string;
  consent: boolean;
  /** The server's message after a failed attempt. */
  error?: string | null;
  onEmailChange: (value: string) => void;
  onConsentChange: (value: boolean) => void;
  onSubmit: () => void;
};

const srOnly = css({ srOnly: true });

export function NewsletterFormView({ variant, status, email, consent, error, onEmailChange, onConsentChange, onSubmit }: NewsletterFormViewProps) {
  const { t } = useLingui();
  const id = useId();
  const busy = status === 'subscribing';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  const outcome =
    status === 'success' ? (
      <Trans>If this address isn't subscribed yet, we've sent it a link to confirm. Your subscription starts only when you click it.</Trans>
    ) : status === 'tooMany' ? (
      <Trans>Too many sign-ups for this address or from your connection. If you've signed up already, please check your inbox, or try again in an hour.</Trans>
    ) : status === 'error' ? (
      error || <Trans>Something went wrong. Please try again.</Trans>
    ) : null;

  return (
    // The machine validates (SPEC §5 toast), so the browser's own bubbles are off.
    <form noValidate onSubmit={submit} aria-busy={busy} className={css({ display: 'grid', gap: '3' })}>
      <div>
        <label htmlFor={`${id}-email`} className={variant === 'footer' ? srOnly : fieldLabel}>
          {t`Email`}
        </label>
        <div className={css({ display: 'flex', gap: '2', flexWrap: { base: 'wrap', sm: 'nowrap' } })}>
          <input
            id={`${id}-email`}
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            maxLength={254}
            placeholder={t`Your email address`}
            value={email}
            readOnly={busy}
            onChange={(e) => onEmailChange(e.target.value)}
            className={cx(fieldInput, css({ flex: '1', minW: '0' }))}
          />
          <Button type="submit" variant="solid" disabled={busy} className={css({ flexShrink: 0 })}>
            {busy ? t`Subscribing...` : t`Subscribe`}
          </Button>
        </div>
      </div>
      {variant === 'footer' && (
        <Checkbox
          name="consent"
          checked={consent}
          disabled={busy}
          onChange={(e) => onConsentChange(e.target.checked)}
          label={
            <Trans>
              I agree to receive marketing emails and accept the <Link href="/privacy">Privacy Policy</Link>
            </Trans>
          }
          className={css({ color: 'fg.muted', '& a': { color: 'accent.text', textDecoration: 'underline' } })}
        />
      )}
      {outcome && (
        <p className={css({ fontSize: 'sm', color: status === 'error' ? 'danger' : 'fg.muted' })} data-status={status}>
          {outcome}
        </p>
      )}
    </form>
  );
}
