import { Trans, useLingui } from '@lingui/react/macro';
import type { FormEvent, ReactNode } from 'react';
import { PROFILE_MAX_LENGTH, type ProfileField, type ProfileFieldErrors, type ProfileForm, type ProfileStatus } from '../../../machines/profileMachine';
import { css } from '../../../styled-system/css';
import { Button } from '../../ui/Button';
import { ButtonLink } from '../../ui/ButtonLink';
import { Card } from '../../ui/Card';
import { Page } from '../../ui/Page';
import { Spinner } from '../../ui/Spinner';
import { TextField } from '../../ui/TextField';

export type AccountViewProps = {
  status: ProfileStatus;
  email: string;
  form: ProfileForm;
  fieldErrors: ProfileFieldErrors;
  /** Why the profile could not be loaded (status loadError). */
  loadError: string | null;
  /** The newsletter form, supplied by the app (it belongs to the newsletter feature). */
  newsletter?: ReactNode;
  /** The two-factor section (TwoFactorSection with its machine). */
  twoFactor?: ReactNode;
  /** "Your data": download and deletion (AccountDataSection with its machine). */
  accountData?: ReactNode;
  onChange: (field: ProfileField, value: string) => void;
  onSave: () => void;
  onRetry: () => void;
};

const cardTitle = css({ textStyle: 'heading', fontSize: 'xl', letterSpacing: 'wide', mb: '2' });
const cardText = css({ color: 'fg.muted', mb: '4' });

/** /account: profile, two-factor sign-in, newsletter, a way to the orders and the customer's own data. */
export function AccountView({ status, email, form, fieldErrors, loadError, newsletter, twoFactor, accountData, onChange, onSave, onRetry }: AccountViewProps) {
  const { t } = useLingui();
  return (
    <Page title={t`My Account`} lead={t`Manage your profile and preferences.`}>
      <div className={css({ display: 'grid', gap: '6', gridTemplateColumns: { base: '1fr', lg: '3fr 2fr' }, alignItems: 'start' })}>
        <div className={css({ display: 'grid', gap: '6' })}>
          <Card>
            <h2 className={cardTitle}>
              <Trans>Profile</Trans>
            </h2>
            <p className={cardText}>
              <Trans>Update your personal information.</Trans>
            </p>
            {status === 'loading' ? (
              <Spinner label={t`Loading your profile...`} />
            ) : status === 'loadError' ? (
              <div role="alert" className={css({ display: 'grid', gap: '3', justifyItems: 'start' })}>
                <p className={css({ color: 'danger' })}>
                  <Trans>Your profile could not be loaded.</Trans> {loadError}
                </p>
                <Button variant="outline" onClick={onRetry}>
                  <Trans>Try Again</Trans>
                </Button>
              </div>
            ) : (
              <ProfileFormView status={status} email={email} form={form} fieldErrors={fieldErrors} onChange={onChange} onSave={onSave} />
            )}
          </Card>
          {twoFactor}
        </div>
        <div className={css({ display: 'grid', gap: '6' })}>
          {newsletter && (
            <Card>
              <h2 className={cardTitle}>
                <Trans>Newsletter</Trans>
              </h2>
              <p className={cardText}>
                <Trans>Get new drops, training tips and exclusive offers in your inbox.</Trans>
              </p>
              {newsletter}
            </Card>
          )}
          <Card>
            <h2 className={cardTitle}>
              <Trans>Order History</Trans>
            </h2>
            <p className={cardText}>
              <Trans>See your past orders and where they are.</Trans>
            </p>
            <ButtonLink href="/orders" variant="outline">
              <Trans>View Orders</Trans>
            </ButtonLink>
          </Card>
          {accountData}
        </div>
      </div>
    </Page>
  );
}

type ProfileFormViewProps = Pick<AccountViewProps, 'email' | 'form' | 'fieldErrors' | 'onChange' | 'onSave'> & { status: 'ready' | 'saving' };

function ProfileFormView({ status, email, form, fieldErrors, onChange, onSave }: ProfileFormViewProps) {
  const { t } = useLingui();
  const saving = status === 'saving';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSave();
  };
  const tooLong = (field: ProfileField) => {
    const max = PROFILE_MAX_LENGTH[field];
    return fieldErrors[field] ? t`At most ${max} characters.` : undefined;
  };
  return (
    <form noValidate onSubmit={submit} aria-busy={saving} className={css({ display: 'grid', gap: '4' })}>
      <TextField label={t`Email`} type="email" name="email" value={email} readOnly hint={t`Your sign-in email cannot be changed here.`} />
      <TextField
        label={t`Full Name`}
        name="name"
        autoComplete="name"
        value={form.fullName}
        readOnly={saving}
        error={tooLong('fullName')}
        onChange={(e) => onChange('fullName', e.target.value)}
      />
      <TextField
        label={t`Phone`}
        type="tel"
        name="tel"
        autoComplete="tel"
        inputMode="tel"
        value={form.phone}
        readOnly={saving}
        error={tooLong('phone')}
        onChange={(e) => onChange('phone', e.target.value)}
      />
      <div>
        <Button type="submit" variant="solid" disabled={saving}>
          {saving ? t`Saving...` : t`Save Profile`}
        </Button>
      </div>
    </form>
  );
}
