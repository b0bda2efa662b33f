import { useAuthSelector } from '../../services/useAuthSelector';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useMachine } from '@xstate/react';
import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { fromPromise } from 'xstate';
import { type AuthUser, selectAuthStatus, selectUser } from '../../../machines/authMachine';
import { type ProfileNotice, type ProfileStatus, profileMachine } from '../../../machines/profileMachine';
import { fetchProfile, saveProfile } from '../../api/profile';
import { useNotify } from '../../services/context';
import { Spinner } from '../../ui/Spinner';
import { AccountView } from './AccountView';

const texts = {
  loading: msg`Loading...`,
  savedTitle: msg`Profile updated successfully.`,
  errorTitle: msg`Error`,
  error: msg`Something went wrong. Please try again.`,
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
      onChange={(field, value) => send({ type: 'form.change', field, value })}
      onSave={() => send({ type: 'form.submit' })}
      onRetry={() => send({ type: 'profile.retry' })}
    />
  );
}
