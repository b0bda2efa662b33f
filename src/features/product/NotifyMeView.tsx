import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, type ReactNode, useId } from 'react';
import { css, cx } from '../../../styled-system/css';
import type { NotifyMeStatus } from '../../../machines/notifyMeMachine';
import { Button } from '../../ui/Button';
import { fieldSelect } from '../../ui/SelectField';
import { fieldInput, fieldLabel } from '../../ui/TextField';

export type NotifyMeOption = { id: string; label: string };

export type NotifyMeViewProps = {
  /** The sold-out variants one can ask about (at least one). */
  options: NotifyMeOption[];
  variantId: string;
  status: NotifyMeStatus;
  email: string;
  /** A signed-in customer's address: one click, no form. Null for a guest. */
  accountEmail: string | null;
  /** The chosen variant itself is sold out: the offer stands open; otherwise it folds away. */
  open: boolean;
  onVariantChange: (variantId: string) => void;
  onEmailChange: (value: string) => void;
  onSubmit: () => void;
};

const box = css({ borderWidth: '1px', borderColor: 'border', borderRadius: 'md', p: '4', display: 'grid', gap: '3', bg: 'surface' });

/** "Notify me when it's back" beside Add to Cart (docs/adr/0038): a guest's address (double opt-in) or a customer's one click. */
export function NotifyMeView({ options, variantId, status, email, accountEmail, open, onVariantChange, onEmailChange, onSubmit }: NotifyMeViewProps) {
  const { t } = useLingui();
  const id = useId();
  const busy = status === 'requesting';
  const done = status === 'sent' || status === 'waiting';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  const outcome: ReactNode =
    status === 'sent' ? (
      <Trans>If this address isn't waiting for it yet, we've sent it a link to confirm. We'll write once it's back, and only after you've clicked that link.</Trans>
    ) : status === 'waiting' ? (
      <Trans>Done: we'll send one email to {accountEmail} when it's back.</Trans>
    ) : status === 'invalid' ? (
      <Trans>Please enter a valid email address.</Trans>
    ) : status === 'tooMany' ? (
      <Trans>Too many requests for this address or from your connection. Please try again in an hour.</Trans>
    ) : status === 'inStock' ? (
      <Trans>Good news: it's back in stock already. Reload the page to order it.</Trans>
    ) : status === 'error' ? (
      <Trans>Something went wrong. Please try again.</Trans>
    ) : null;
  const onlyOption = options[0]?.label ?? '';
  const failed = status === 'invalid' || status === 'tooMany' || status === 'error';

  const form = (
    <form noValidate onSubmit={submit} aria-busy={busy} className={css({ display: 'grid', gap: '3' })} data-testid="notify-me">
      {options.length > 1 && (
        <div>
          <label htmlFor={`${id}-variant`} className={fieldLabel}>
            {t`Sold out`}
          </label>
          <select id={`${id}-variant`} className={fieldSelect} value={variantId} disabled={busy} onChange={(e) => onVariantChange(e.target.value)}>
            {options.map((o) => (
              <option key={o.id} value={o.id}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
      )}
      {options.length === 1 && (
        <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
          <Trans>Sold out: {onlyOption}</Trans>
        </p>
      )}
      {accountEmail === null ? (
        <div>
          <label htmlFor={`${id}-email`} className={fieldLabel}>
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
              readOnly={busy || done}
              aria-invalid={status === 'invalid' || undefined}
              onChange={(e) => onEmailChange(e.target.value)}
              className={cx(fieldInput, css({ flex: '1', minW: '0' }))}
            />
            <Button type="submit" disabled={busy || done} className={css({ flexShrink: 0 })}>
              {busy ? t`Sending...` : t`Notify me`}
            </Button>
          </div>
        </div>
      ) : (
        <Button type="submit" variant="outline" disabled={busy || done}>
          {busy ? t`Sending...` : t`Notify me when it's back`}
        </Button>
      )}
      {outcome && (
        <p role={failed ? 'alert' : 'status'} className={css({ fontSize: 'sm', color: failed ? 'danger' : 'fg' })}>
          {outcome}
        </p>
      )}
      <p className={css({ fontSize: 'xs', color: 'fg.muted' })}>
        <Trans>One email when it's back, nothing else. Every email has a link to unsubscribe.</Trans>
      </p>
    </form>
  );

  if (open) {
    return (
      <section aria-labelledby={`${id}-heading`} className={box}>
        <h2 id={`${id}-heading`} className={css({ fontWeight: 'semibold' })}>
          <Trans>Notify me when it's back</Trans>
        </h2>
        {form}
      </section>
    );
  }
  return (
    <details className={box}>
      <summary className={css({ cursor: 'pointer', fontWeight: 'semibold', fontSize: 'sm' })}>
        <Trans>Size or colour sold out? Notify me when it's back</Trans>
      </summary>
      {form}
    </details>
  );
}
