import { Trans, useLingui } from '@lingui/react/macro';
import type { CodeError, CodeFieldError, CodeStepStatus } from '../../../machines/twoFactorMachine';
import { css, cx } from '../../../styled-system/css';
import { Button } from '../../ui/Button';
import { card } from '../../ui/Card';
import { OneTimeCodeForm } from '../../ui/OneTimeCodeForm';
import { Page } from '../../ui/Page';
import { RetryAlert } from '../../ui/RetryAlert';
import { Spinner } from '../../ui/Spinner';

export type TwoFactorViewStatus = Exclude<CodeStepStatus, 'cancelled'>;

export type TwoFactorViewProps = {
  status: TwoFactorViewStatus;
  code: string;
  fieldError: CodeFieldError | null;
  error: CodeError | null;
  onChange: (value: string) => void;
  onSubmit: () => void;
  /** Signs out: the code step is part of signing in. */
  onCancel: () => void;
  onRetry: () => void;
};

/** The sign-in's code step, after the password, for an account with an authenticator app. */
export function TwoFactorView({ status, code, fieldError, error, onChange, onSubmit, onCancel, onRetry }: TwoFactorViewProps) {
  const { t } = useLingui();
  return (
    <Page title={t`Two-factor authentication`} lead={t`Enter the 6-digit code from your authenticator app.`} width="narrow">
      <div className={cx(card, css({ maxW: 'md' }))}>
        {status === 'challenging' ? (
          <Spinner label={t`Preparing the code step...`} />
        ) : status === 'challengeFailed' ? (
          <div className={css({ display: 'grid', gap: '3', justifyItems: 'start' })}>
            <RetryAlert onRetry={onRetry}>
              <p className={css({ color: 'danger' })}>
                <Trans>The code step could not be started.</Trans>
              </p>
            </RetryAlert>
            <Button variant="ghost" onClick={onCancel}>
              <Trans>Cancel and sign out</Trans>
            </Button>
          </div>
        ) : (
          <OneTimeCodeForm
            code={code}
            fieldError={fieldError}
            error={error}
            busy={status !== 'entering'}
            submitLabel={t`Verify`}
            cancelLabel={t`Cancel and sign out`}
            onChange={onChange}
            onSubmit={onSubmit}
            onCancel={onCancel}
          />
        )}
      </div>
    </Page>
  );
}
