import { Tabs } from '@ark-ui/react/tabs';
import { Trans, useLingui } from '@lingui/react/macro';
import type { FormEvent, ReactNode } from 'react';
import type { AuthField, AuthFieldErrors, AuthForm, AuthTab } from '../../../machines/authFormMachine';
import { css } from '../../../styled-system/css';
import { Button } from '../../ui/Button';
import { card } from '../../ui/Card';
import { Page } from '../../ui/Page';
import { TextField } from '../../ui/TextField';

export type AuthViewStatus = 'editing' | 'signingIn' | 'signingUp' | 'verifyEmail';

export type AuthViewProps = {
  tab: AuthTab;
  status: AuthViewStatus;
  form: AuthForm;
  fieldErrors: AuthFieldErrors;
  /** GoTrue's weak_password reasons after a refused sign-up ('length', 'characters', 'pwned'). */
  weakPasswordReasons: string[];
  /** Where the confirmation link was sent (shown with status verifyEmail). */
  verifyEmailFor: string | null;
  onTabChange: (tab: AuthTab) => void;
  onChange: (field: AuthField, value: string) => void;
  onSubmit: () => void;
};

const tabList = css({
  display: 'grid',
  gridTemplateColumns: '1fr 1fr',
  gap: '1',
  p: '1',
  bg: 'surface.raised',
  borderRadius: 'md',
  mb: '6',
});

const tabTrigger = css({
  minH: '11',
  px: '3',
  fontWeight: 'semibold',
  borderRadius: 'sm',
  color: 'fg.muted',
  cursor: 'pointer',
  _selected: { bg: 'accent', color: 'accent.fg' },
  _disabled: { cursor: 'not-allowed' },
});

const formGrid = css({ display: 'grid', gap: '4' });

/** /auth: sign in and sign up as two tabs; the verify-email note replaces the sign-up form. */
export function AuthView(props: AuthViewProps) {
  const { t } = useLingui();
  const { tab, status, onTabChange } = props;
  const busy = status === 'signingIn' || status === 'signingUp';
  return (
    <Page
      title={tab === 'signUp' ? t`Create Account` : t`Sign In`}
      lead={tab === 'signUp' ? t`Join the No Pain, No Gain community.` : t`Welcome back. Sign in to your account.`}
      width="narrow"
    >
      <div className={css({ maxW: 'md' })}>
        <Tabs.Root value={tab} onValueChange={(details) => onTabChange(details.value as AuthTab)} lazyMount unmountOnExit className={card}>
          <Tabs.List className={tabList} aria-label={t`Sign in or create an account`}>
            <Tabs.Trigger value="signIn" disabled={busy} className={tabTrigger}>
              {t`Sign In`}
            </Tabs.Trigger>
            <Tabs.Trigger value="signUp" disabled={busy} className={tabTrigger}>
              {t`Sign Up`}
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="signIn">
            <SignInForm {...props} busy={busy} />
          </Tabs.Content>
          <Tabs.Content value="signUp">
            {status === 'verifyEmail' ? <VerifyEmail email={props.verifyEmailFor} onSignIn={() => onTabChange('signIn')} /> : <SignUpForm {...props} busy={busy} />}
          </Tabs.Content>
        </Tabs.Root>
      </div>
    </Page>
  );
}

type FormProps = AuthViewProps & { busy: boolean };

function useFieldTexts() {
  const { t } = useLingui();
  return {
    emailRequired: t`Please enter your email.`,
    passwordRequired: t`Please enter your password.`,
    confirmRequired: t`Please confirm your password.`,
    mismatch: t`Passwords do not match.`,
  };
}

function submitHandler(onSubmit: () => void) {
  return (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
}

function EmailField({ form, fieldErrors, busy, onChange }: FormProps) {
  const { t } = useLingui();
  const texts = useFieldTexts();
  return (
    <TextField
      label={t`Email`}
      type="email"
      name="email"
      autoComplete="email"
      inputMode="email"
      maxLength={254}
      value={form.email}
      readOnly={busy}
      error={fieldErrors.email ? texts.emailRequired : undefined}
      onChange={(e) => onChange('email', e.target.value)}
    />
  );
}

/** The password field: the current one to sign in, a new one to sign up (for password managers). */
function PasswordField({ form, busy, onChange, purpose, error }: FormProps & { purpose: 'current' | 'new'; error: ReactNode }) {
  const { t } = useLingui();
  return (
    <TextField
      label={t`Password`}
      type="password"
      name={purpose === 'new' ? 'new-password' : 'password'}
      autoComplete={`${purpose}-password`}
      value={form.password}
      readOnly={busy}
      error={error}
      onChange={(e) => onChange('password', e.target.value)}
    />
  );
}

function SignInForm(props: FormProps) {
  const { t } = useLingui();
  const texts = useFieldTexts();
  const { fieldErrors, busy, status, onSubmit } = props;
  return (
    <form noValidate onSubmit={submitHandler(onSubmit)} aria-busy={busy} className={formGrid}>
      <EmailField {...props} />
      <PasswordField {...props} purpose="current" error={fieldErrors.password ? texts.passwordRequired : undefined} />
      <Button type="submit" variant="solid" size="lg" disabled={busy}>
        {status === 'signingIn' ? t`Signing in...` : t`Sign In`}
      </Button>
    </form>
  );
}

function WeakPasswordReasons({ reasons }: { reasons: string[] }) {
  const { t } = useLingui();
  const text = (reason: string) => {
    switch (reason) {
      case 'length':
        return t`The password is too short.`;
      case 'characters':
        return t`The password needs a mix of characters: lowercase and uppercase letters, digits and symbols.`;
      case 'pwned':
        return t`This password has appeared in a data breach. Please choose another one.`;
      default:
        return reason;
    }
  };
  // Shown inside the field's message paragraph, so one line per reason rather than a list.
  return (
    <>
      {reasons.map((reason) => (
        <span key={reason} className={css({ display: 'block' })}>
          {text(reason)}
        </span>
      ))}
    </>
  );
}

function SignUpForm(props: FormProps) {
  const { t } = useLingui();
  const texts = useFieldTexts();
  const { form, fieldErrors, weakPasswordReasons, busy, status, onChange, onSubmit } = props;
  const weak: ReactNode = weakPasswordReasons.length > 0 ? <WeakPasswordReasons reasons={weakPasswordReasons} /> : undefined;
  return (
    <form noValidate onSubmit={submitHandler(onSubmit)} aria-busy={busy} className={formGrid}>
      <EmailField {...props} />
      <PasswordField {...props} purpose="new" error={fieldErrors.password ? texts.passwordRequired : weak} />
      <TextField
        label={t`Confirm Password`}
        type="password"
        name="confirm-password"
        autoComplete="new-password"
        value={form.confirmPassword}
        readOnly={busy}
        error={fieldErrors.confirmPassword === 'mismatch' ? texts.mismatch : fieldErrors.confirmPassword ? texts.confirmRequired : undefined}
        onChange={(e) => onChange('confirmPassword', e.target.value)}
      />
      <Button type="submit" variant="solid" size="lg" disabled={busy}>
        {status === 'signingUp' ? t`Creating account...` : t`Create Account`}
      </Button>
    </form>
  );
}

function VerifyEmail({ email, onSignIn }: { email: string | null; onSignIn: () => void }) {
  return (
    <div role="status" className={css({ display: 'grid', gap: '4' })}>
      <h2 className={css({ textStyle: 'heading', fontSize: '2xl' })}>
        <Trans>Check your email</Trans>
      </h2>
      <p className={css({ color: 'fg.muted' })}>
        {email ? (
          <Trans>
            We sent a confirmation link to <strong className={css({ color: 'fg' })}>{email}</strong>. Open it to verify your account, then sign in.
          </Trans>
        ) : (
          <Trans>Please check your email to verify your account.</Trans>
        )}
      </p>
      <Button variant="outline" onClick={onSignIn}>
        <Trans>Back to Sign In</Trans>
      </Button>
    </div>
  );
}
