import { useAuthSelector } from '../../services/useAuthSelector';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useMachine, useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { type ActorRefFrom, fromPromise } from 'xstate';
import { type AuthUser, selectAuthStatus, selectUser } from '../../../machines/authMachine';
import { type ProfileNotice, type ProfileStatus, profileMachine } from '../../../machines/profileMachine';
import { type CodeStepStatus, twoFactorMachine } from '../../../machines/twoFactorMachine';
import { type TwoFactorNotice, type TwoFactorSettingsStatus, twoFactorSettingsMachine } from '../../../machines/twoFactorSettingsMachine';
import { fetchProfile, saveProfile } from '../../api/profile';
import { challengeTotp, confirmTotp, enrolTotp, getAssuranceLevels, listTotpFactors, unenrolTotp, verifyTotp } from '../../api/twoFactor';
import { useNotify } from '../../services/context';
import { Spinner } from '../../ui/Spinner';
import { AccountView } from './AccountView';
import { type StepUpProps, TwoFactorSection } from './TwoFactorSection';

const texts = {
  loading: msg`Loading...`,
  savedTitle: msg`Profile updated successfully.`,
  errorTitle: msg`Error`,
  error: msg`Something went wrong. Please try again.`,
  twoFactorEnabled: msg`Two-factor authentication is on.`,
  twoFactorRemoved: msg`Two-factor authentication is off.`,
};

export type AccountRouteProps = { newsletter?: ReactNode };

/** /account: signed-in users only; the profile machine lives here, one per user. */
export default function AccountRoute({ newsletter }: AccountRouteProps) {
  const { i18n } = useLingui();
  const status = useAuthSelector(selectAuthStatus);
  const user = useAuthSelector(selectUser);
  if (status === 'loading') return <Spinner label={i18n._(texts.loading)} />;
  if (status === 'signedOut' || !user) return <Redirect to="/auth" replace />;
  return <Account key={user.id} user={user} newsletter={newsletter} />;
}

function Account({ user, newsletter }: { user: AuthUser; newsletter?: ReactNode }) {
  const { i18n } = useLingui();
  const notify = useNotify();
  const toastFor = (notice: ProfileNotice) =>
    notice.kind === 'saved'
      ? { title: i18n._(texts.savedTitle), variant: 'success' as const }
      : { title: i18n._(texts.errorTitle), description: notice.message || i18n._(texts.error), variant: 'destructive' as const };
  const [snapshot, send] = useMachine(
    profileMachine.provide({
      actors: {
        fetchProfile: fromPromise(({ input }) => fetchProfile(input.userId)),
        saveProfile: fromPromise(({ input }) => saveProfile(input)),
      },
      actions: { notify: (_, notice) => notify(toastFor(notice)) },
    }),
    { input: { userId: user.id } },
  );
  return (
    <AccountView
      status={snapshot.value as ProfileStatus}
      email={user.email}
      form={snapshot.context.form}
      fieldErrors={snapshot.context.fieldErrors}
      loadError={snapshot.context.loadError}
      newsletter={newsletter}
      twoFactor={<TwoFactorSettings />}
      onChange={(field, value) => send({ type: 'form.change', field, value })}
      onSave={() => send({ type: 'form.submit' })}
      onRetry={() => send({ type: 'profile.retry' })}
    />
  );
}

const stepUpActor = twoFactorMachine.provide({
  actors: { challenge: fromPromise(() => challengeTotp()), verify: fromPromise(({ input }) => verifyTotp(input)) },
  // The settings machine reads the step's output; nothing else happens when it ends.
  actions: { verified: () => {}, cancelled: () => {} },
});

/** The two-factor section: its machine, with the step-up code (a child machine) mapped to props. */
function TwoFactorSettings() {
  const { i18n } = useLingui();
  const notify = useNotify();
  const toastFor = (notice: TwoFactorNotice) => {
    switch (notice.kind) {
      case 'enabled':
        return { title: i18n._(texts.twoFactorEnabled), variant: 'success' as const };
      case 'removed':
        return { title: i18n._(texts.twoFactorRemoved), variant: 'success' as const };
      case 'error':
        return { title: i18n._(texts.errorTitle), description: notice.message || i18n._(texts.error), variant: 'destructive' as const };
    }
  };
  const [snapshot, send] = useMachine(
    twoFactorSettingsMachine.provide({
      actors: {
        listFactors: fromPromise(() => listTotpFactors()),
        enrol: fromPromise(() => enrolTotp()),
        confirm: fromPromise(({ input }) => confirmTotp(input)),
        unenrol: fromPromise(({ input }) => unenrolTotp(input.factorId)),
        getAssuranceLevels: fromPromise(() => getAssuranceLevels()),
        stepUp: stepUpActor,
      },
      actions: { notify: (_, notice) => notify(toastFor(notice)) },
    }),
  );
  // The child runs only while the settings machine is in stepUp (the code before removing).
  const stepUpRef = snapshot.children.stepUp as ActorRefFrom<typeof twoFactorMachine> | undefined;
  const stepUp = useSelector(stepUpRef, (child): StepUpProps | null =>
    child ? { status: child.value as CodeStepStatus, code: child.context.code, fieldError: child.context.fieldError, error: child.context.error } : null,
  );
  const status = snapshot.value as TwoFactorSettingsStatus;
  const { context } = snapshot;
  return (
    <TwoFactorSection
      status={status}
      enrolment={context.enrolment}
      code={context.code}
      fieldError={context.fieldError}
      error={context.error}
      stepUp={stepUp}
      onSetUp={() => send({ type: 'twoFactor.setUp' })}
      onCodeChange={(value) => (stepUpRef ? stepUpRef.send({ type: 'code.change', value }) : send({ type: 'code.change', value }))}
      onCodeSubmit={() => (stepUpRef ? stepUpRef.send({ type: 'code.submit' }) : send({ type: 'code.submit' }))}
      onCancel={() => (stepUpRef ? stepUpRef.send({ type: 'code.cancel' }) : send({ type: 'twoFactor.cancel' }))}
      onRemove={() => send({ type: 'twoFactor.remove' })}
      onConfirmRemove={() => send({ type: 'twoFactor.confirmRemove' })}
      onKeep={() => send({ type: 'twoFactor.keep' })}
      onRetry={() => (stepUpRef ? stepUpRef.send({ type: 'code.retry' }) : send({ type: 'twoFactor.retry' }))}
    />
  );
}
