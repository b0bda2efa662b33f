import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef } from 'react';
import type { CodeError, CodeFieldError, CodeStepStatus } from '../../../machines/twoFactorMachine';
import type { Enrolment, TwoFactorSettingsStatus } from '../../../machines/twoFactorSettingsMachine';
import { css } from '../../../styled-system/css';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { OneTimeCodeForm } from '../../ui/OneTimeCodeForm';
import { RetryAlert } from '../../ui/RetryAlert';
import { Spinner } from '../../ui/Spinner';
import { TextField } from '../../ui/TextField';

/** The code asked for before removing the app from a session that has not passed it yet. */
export type StepUpProps = { status: CodeStepStatus; code: string; fieldError: CodeFieldError | null; error: CodeError | null };

export type TwoFactorSectionProps = {
  status: TwoFactorSettingsStatus;
  enrolment: Enrolment | null;
  code: string;
  fieldError: CodeFieldError | null;
  error: CodeError | null;
  /** Present while status is stepUp. */
  stepUp: StepUpProps | null;
  onSetUp: () => void;
  /** Types into whichever code field is shown (setting up, or the code before removing). */
  onCodeChange: (value: string) => void;
  onCodeSubmit: () => void;
  /** Leaves the set-up or the code before removing. */
  onCancel: () => void;
  onRemove: () => void;
  onConfirmRemove: () => void;
  onKeep: () => void;
  onRetry: () => void;
};

const cardTitle = css({ textStyle: 'heading', fontSize: 'xl', letterSpacing: 'wide', mb: '2' });
const stepTitle = css({ fontWeight: 'semibold', fontSize: 'lg', outline: 'none' });
const stack = css({ display: 'grid', gap: '4', justifyItems: 'start' });

/** A step's heading that takes the focus when the step appears, so it is read first. */
function StepHeading({ children }: { children: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <h3 ref={heading} tabIndex={-1} className={stepTitle}>
      {children}
    </h3>
  );
}

/** Account page: two-factor sign-in with an authenticator app — its status, setting it up, removing it. */
export function TwoFactorSection(props: TwoFactorSectionProps) {
  const { t } = useLingui();
  const { status } = props;
  const on = ['on', 'confirmingRemoval', 'checkingLevel', 'stepUp', 'removing'].includes(status);
  const known = status !== 'loading' && status !== 'loadFailed';
  const headingId = useId();
  return (
    <Card role="region" aria-labelledby={headingId}>
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'baseline', justifyContent: 'space-between' })}>
        <h2 id={headingId} className={cardTitle}>
          <Trans>Two-factor authentication</Trans>
        </h2>
        {known && <Badge tone={on ? 'success' : 'neutral'}>{on ? t`On` : t`Off`}</Badge>}
      </div>
      <p className={css({ color: 'fg.muted', mb: '4' })}>
        <Trans>Sign in with your password and a code from an authenticator app on your phone.</Trans>
      </p>
      <Body {...props} />
    </Card>
  );
}

function Body(props: TwoFactorSectionProps) {
  const { t } = useLingui();
  const { status, onSetUp, onRemove, onRetry } = props;
  switch (status) {
    case 'loading':
      return <Spinner label={t`Loading...`} />;
    case 'loadFailed':
      return (
        <RetryAlert onRetry={onRetry}>
          <p className={css({ color: 'danger' })}>
            <Trans>The two-factor settings could not be loaded.</Trans>
          </p>
        </RetryAlert>
      );
    case 'off':
      return (
        <Button variant="solid" onClick={onSetUp}>
          <Trans>Set up</Trans>
        </Button>
      );
    case 'enrolling':
    case 'discarding':
      return <Spinner label={t`Please wait...`} />;
    case 'scanning':
    case 'confirming':
      return <Enrol {...props} />;
    case 'stepUp':
      return <StepUp {...props} />;
    default:
      return (
        <>
          <Button variant="outline" onClick={onRemove}>
            <Trans>Remove</Trans>
          </Button>
          <ConfirmDialog
            open={status === 'confirmingRemoval' || status === 'checkingLevel' || status === 'removing'}
            title={t`Remove two-factor authentication?`}
            description={t`Signing in will ask for your password only. Admin pages then stay closed until you set it up again.`}
            confirmLabel={t`Remove`}
            cancelLabel={t`Keep it`}
            destructive
            busy={status !== 'confirmingRemoval'}
            onConfirm={props.onConfirmRemove}
            onCancel={props.onKeep}
          />
        </>
      );
  }
}

function Enrol({ status, enrolment, code, fieldError, error, onCodeChange, onCodeSubmit, onCancel }: TwoFactorSectionProps) {
  const { t } = useLingui();
  if (!enrolment) return null;
  return (
    <div className={stack}>
      <StepHeading>{t`Scan the QR code with your authenticator app`}</StepHeading>
      <img
        src={enrolment.qrCode}
        alt={t`QR code for your authenticator app. If you cannot scan it, enter the key below.`}
        width={200}
        height={200}
        className={css({ bg: 'white', p: '2', borderRadius: 'md', w: '200px', h: '200px' })}
      />
      <TextField
        label={t`Key for manual entry`}
        hint={t`Can't scan? Add an account in your app and type in this key.`}
        value={enrolment.secret}
        readOnly
        spellCheck={false}
        onFocus={(e) => e.currentTarget.select()}
        // Small enough on a phone for the whole 32-character key to show.
        className={css({ w: 'full', '& input': { fontFamily: 'mono', fontSize: { base: 'sm', sm: 'md' }, letterSpacing: { base: 'normal', sm: 'wide' } } })}
      />
      <div className={css({ w: 'full' })}>
        <OneTimeCodeForm
          code={code}
          fieldError={fieldError}
          error={error}
          busy={status === 'confirming'}
          submitLabel={t`Verify`}
          cancelLabel={t`Cancel`}
          focusOnMount={false}
          onChange={onCodeChange}
          onSubmit={onCodeSubmit}
          onCancel={onCancel}
        />
      </div>
    </div>
  );
}

function StepUp({ stepUp, onCodeChange, onCodeSubmit, onCancel, onRetry }: TwoFactorSectionProps) {
  const { t } = useLingui();
  if (!stepUp) return null;
  return (
    <div className={stack}>
      <StepHeading>{t`Confirm with a code from your authenticator app`}</StepHeading>
      {stepUp.status === 'challenging' ? (
        <Spinner label={t`Please wait...`} />
      ) : stepUp.status === 'challengeFailed' ? (
        <RetryAlert onRetry={onRetry}>
          <p className={css({ color: 'danger' })}>
            <Trans>The code step could not be started.</Trans>
          </p>
        </RetryAlert>
      ) : (
        <div className={css({ w: 'full' })}>
          <OneTimeCodeForm
            code={stepUp.code}
            fieldError={stepUp.fieldError}
            error={stepUp.error}
            busy={stepUp.status !== 'entering'}
            submitLabel={t`Verify and remove`}
            cancelLabel={t`Cancel`}
            focusOnMount={false}
            onChange={onCodeChange}
            onSubmit={onCodeSubmit}
            onCancel={onCancel}
          />
        </div>
      )}
    </div>
  );
}
