import { useAuthSelector } from '../../services/useAuthSelector';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useMachine, useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { Redirect, useLocation } from 'wouter';
import { type ActorRefFrom, fromPromise } from 'xstate';
import { accountDataMachine, selectAccountDataStatus } from '../../../machines/accountDataMachine';
import { type AuthUser, selectAuthStatus, selectUser } from '../../../machines/authMachine';
import { type ProfileNotice, profileMachine, selectProfileStatus } from '../../../machines/profileMachine';
import { selectCodeStepStatus, twoFactorMachine } from '../../../machines/twoFactorMachine';
import { selectTwoFactorSettingsStatus, type TwoFactorNotice, twoFactorSettingsMachine } from '../../../machines/twoFactorSettingsMachine';
import { deleteMyAccount, exportMyData, reauthenticate } from '../../api/privacy';
import { fetchProfile, saveProfile } from '../../api/profile';
import { challengeTotp, confirmTotp, enrolTotp, getAssuranceLevels, listTotpFactors, unenrolTotp, verifyTotp } from '../../api/twoFactor';
import { useNotify, useServices } from '../../services/context';
import { Spinner } from '../../ui/Spinner';
import { AccountDataSection } from './AccountDataSection';
import { AccountView } from './AccountView';
import { downloadJson, exportFileName } from './downloadJson';
import { type StepUpProps, TwoFactorSection } from './TwoFactorSection';

const texts = {
  loading: msg`Loading...`,
  savedTitle: msg`Profile updated successfully.`,
  errorTitle: msg`Error`,
  error: msg`Something went wrong. Please try again.`,
  twoFactorEnabled: msg`Two-factor authentication is on.`,
  twoFactorRemoved: msg`Two-factor authentication is off.`,
  exportedTitle: msg`Your data is downloading.`,
  deletedTitle: msg`Your account has been deleted.`,
  deletedDescription: msg`Thank you for training with us. Your orders are kept without your personal details.`,
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
      status={selectProfileStatus(snapshot)}
      email={user.email}
      form={snapshot.context.form}
      fieldErrors={snapshot.context.fieldErrors}
      loadError={snapshot.context.loadError}
      newsletter={newsletter}
      twoFactor={<TwoFactorSettings />}
      accountData={<AccountData email={user.email} />}
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
    child ? { status: selectCodeStepStatus(child), code: child.context.code, fieldError: child.context.fieldError, error: child.context.error } : null,
  );
  const status = selectTwoFactorSettingsStatus(snapshot);
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

/** "Your data": the export and the deletion, with their machine. */
function AccountData({ email }: { email: string }) {
  const { i18n } = useLingui();
  const notify = useNotify();
  const { auth } = useServices();
  const [, navigate] = useLocation();
  const [snapshot, send] = useMachine(
    accountDataMachine.provide({
      actors: {
        exportData: fromPromise(() => exportMyData()),
        reauthenticate: fromPromise(({ input }) => reauthenticate(input.email, input.password)),
        deleteAccount: fromPromise(({ input }) => deleteMyAccount(input.accessToken)),
      },
      actions: {
        saveExport: (_, data) => {
          downloadJson(data, exportFileName(new Date()));
          notify({ title: i18n._(texts.exportedTitle), variant: 'success' });
        },
        // Home first, so the signed-out account page never shows its way to the sign-in form.
        accountDeleted: () => {
          navigate('/', { replace: true });
          notify({ title: i18n._(texts.deletedTitle), description: i18n._(texts.deletedDescription), variant: 'success' });
          auth.send({ type: 'auth.signOut' });
        },
      },
    }),
    { input: { email } },
  );
  const { context } = snapshot;
  return (
    <AccountDataSection
      status={selectAccountDataStatus(snapshot)}
      password={context.password}
      confirmed={context.confirmed}
      fieldErrors={context.fieldErrors}
      failure={context.failure}
      message={context.message}
      onExport={() => send({ type: 'export.start' })}
      onOpenDelete={() => send({ type: 'delete.open' })}
      onPasswordChange={(value) => send({ type: 'delete.passwordChange', value })}
      onConfirmChange={(value) => send({ type: 'delete.confirmChange', value })}
      onSubmitDelete={() => send({ type: 'delete.submit' })}
      onCancelDelete={() => send({ type: 'delete.cancel' })}
      onRetryDelete={() => send({ type: 'delete.retry' })}
    />
  );
}
