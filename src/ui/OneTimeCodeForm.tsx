import { useLingui } from '@lingui/react/macro';
import { type FormEvent, useEffect, useRef } from 'react';
import type { CodeError, CodeFieldError } from '../../machines/twoFactorMachine';
import { css, cx } from '../../styled-system/css';
import { Button } from './Button';
import { Field } from './Field';
import { fieldInput } from './TextField';

export type OneTimeCodeFormProps = {
  code: string;
  fieldError: CodeFieldError | null;
  /** The server's last answer to a code (wrong, expired, too many attempts). */
  error: CodeError | null;
  /** A code is being checked: the field is read-only and the buttons wait. */
  busy: boolean;
  submitLabel: string;
  cancelLabel: string;
  /** Whether the field takes the focus when it appears (false where a heading above takes it). */
  focusOnMount?: boolean;
  onChange: (value: string) => void;
  onSubmit: () => void;
  onCancel: () => void;
};

/**
 * One field for the 6-digit code of an authenticator app (the sign-in's code step, setting up and
 * removing the app on the account page). The field takes the focus when it appears and again after
 * a refused code; the refusal is announced (role=alert) and also describes the field.
 */
export function OneTimeCodeForm({ code, fieldError, error, busy, submitLabel, cancelLabel, focusOnMount = true, onChange, onSubmit, onCancel }: OneTimeCodeFormProps) {
  const { t } = useLingui();
  const input = useRef<HTMLInputElement>(null);
  const mounted = useRef(false);
  const fieldTexts: Record<CodeFieldError, string> = {
    required: t`Please enter the code.`,
    format: t`The code has 6 digits.`,
  };
  const errorTexts: Record<CodeError, string> = {
    wrongCode: t`That code is not right. Check your authenticator app and try again.`,
    expired: t`The code request ran out of time. Please enter the code your app shows now.`,
    tooManyAttempts: t`Too many attempts. Please wait a moment, then try again.`,
    rejected: t`The sign-in was refused. Please sign in again.`,
    unexpected: t`Something went wrong. Please try again.`,
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus again whenever a new refusal arrives
  useEffect(() => {
    const first = !mounted.current;
    mounted.current = true;
    if (!busy && (!first || focusOnMount)) input.current?.focus();
  }, [busy, error]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  return (
    <form noValidate onSubmit={submit} aria-busy={busy} className={css({ display: 'grid', gap: '4' })}>
      <Field label={t`6-digit code`} error={fieldError ? fieldTexts[fieldError] : error ? errorTexts[error] : undefined}>
        {(control) => (
          <input
            {...control}
            ref={input}
            name="one-time-code"
            autoComplete="one-time-code"
            inputMode="numeric"
            // Digits, with the spaces or dashes an app groups them with.
            pattern="[0-9 \-]*"
            maxLength={12}
            spellCheck={false}
            value={code}
            readOnly={busy}
            onChange={(e) => onChange(e.target.value)}
            className={cx(fieldInput, css({ fontFamily: 'mono', fontSize: 'xl', letterSpacing: 'widest', maxW: '14ch' }))}
          />
        )}
      </Field>
      <div aria-live="assertive" className={css({ srOnly: true })}>
        {error && !fieldError ? errorTexts[error] : ''}
      </div>
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3' })}>
        <Button type="submit" variant="solid" disabled={busy}>
          {busy ? t`Checking...` : submitLabel}
        </Button>
        <Button variant="outline" disabled={busy} onClick={onCancel}>
          {cancelLabel}
        </Button>
      </div>
    </form>
  );
}
