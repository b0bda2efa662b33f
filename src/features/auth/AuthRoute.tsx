import { useAuthSelector } from '../../services/useAuthSelector';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useMachine } from '@xstate/react';
import { useEffect } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { fromPromise } from 'xstate';
import { type AuthNotice, type AuthTab, authFormMachine } from '../../../machines/authFormMachine';
import { selectAuthStatus, selectNeedsSecondFactor } from '../../../machines/authMachine';
import { selectCodeStepStatus, twoFactorMachine } from '../../../machines/twoFactorMachine';
import { signIn, signUp } from '../../api/auth';
import { challengeTotp, verifyTotp } from '../../api/twoFactor';
import { useNotify, useServices } from '../../services/context';
import { Spinner } from '../../ui/Spinner';
import { authFormProps } from './authFormProps';
import { AuthView } from './AuthView';
import { TwoFactorView, type TwoFactorViewStatus } from './TwoFactorView';
import { authSearch, parseAuthTab, parseNext } from './url';

const texts = {
  loading: msg`Loading...`,
  signedInTitle: msg`Welcome back!`,
  signedIn: msg`You have been signed in successfully.`,
  signInFailedTitle: msg`Sign in failed`,
  signedUpTitle: msg`Account created!`,
  signedUp: msg`Please check your email to verify your account.`,
  signUpFailedTitle: msg`Sign up failed`,
  mismatchTitle: msg`Password mismatch`,
  mismatch: msg`Passwords do not match.`,
  rejectedTitle: msg`Signed out`,
  rejected: msg`The sign-in was refused. Please sign in again.`,
  errorTitle: msg`Error`,
  error: msg`Something went wrong. Please try again.`,
};

/**
 * GoTrue's messages for the refusals a shopper meets, worded the same in English so the toast
 * shows the server's message there, and translated for German. Others are shown as sent.
 */
const serverMessages: Record<string, ReturnType<typeof msg>> = {
  invalid_credentials: msg`Invalid login credentials`,
  email_not_confirmed: msg`Email not confirmed`,
  user_already_exists: msg`User already registered`,
  over_request_rate_limit: msg`Request rate limit reached`,
  over_email_send_rate_limit: msg`Email rate limit exceeded`,
  email_address_invalid: msg`We can't send mail to this email address. Please use another one.`,
};

/**
 * /auth: the sign-in / sign-up form, then the code step for an account with an authenticator app
 * (also where an admin page sends a session that has not passed it). Signed in, the visitor goes
 * where `?next=` says, when that is a page of this site, else home.
 */
export default function AuthRoute() {
  const { i18n } = useLingui();
  const status = useAuthSelector(selectAuthStatus);
  const needsSecondFactor = useAuthSelector(selectNeedsSecondFactor);
  const next = parseNext(useSearch());
  if (status === 'loading') return <Spinner label={i18n._(texts.loading)} />;
  if (needsSecondFactor) return <TwoFactorStep next={next} />;
  if (status === 'signedIn') return <Redirect to={next} replace />;
  return <AuthForm next={next} />;
}

/** The code step: passed, the visitor is signed in and goes on; cancelled, signed out. */
function TwoFactorStep({ next }: { next: string }) {
  const { i18n } = useLingui();
  const notify = useNotify();
  const { auth } = useServices();
  const [, navigate] = useLocation();
  const [snapshot, send] = useMachine(
    twoFactorMachine.provide({
      actors: {
        challenge: fromPromise(() => challengeTotp()),
        verify: fromPromise(({ input }) => verifyTotp(input)),
      },
      actions: {
        verified: () => {
          notify({ title: i18n._(texts.signedInTitle), description: i18n._(texts.signedIn), variant: 'success' });
          navigate(next, { replace: true });
        },
        cancelled: (_, { rejected }) => {
          if (rejected) notify({ title: i18n._(texts.rejectedTitle), description: i18n._(texts.rejected), variant: 'destructive' });
          auth.send({ type: 'auth.signOut' });
        },
      },
    }),
  );
  const status = selectCodeStepStatus(snapshot);
  const { context } = snapshot;
  return (
    <TwoFactorView
      // Cancelled: signing out, the step stays busy until the route shows the sign-in form.
      status={(status === 'cancelled' ? 'verifying' : status) as TwoFactorViewStatus}
      code={context.code}
      fieldError={context.fieldError}
      error={context.error}
      onChange={(value) => send({ type: 'code.change', value })}
      onSubmit={() => send({ type: 'code.submit' })}
      onCancel={() => send({ type: 'code.cancel' })}
      onRetry={() => send({ type: 'code.retry' })}
    />
  );
}

function AuthForm({ next }: { next: string }) {
  const { i18n } = useLingui();
  const notify = useNotify();
  const search = useSearch();
  const [, navigate] = useLocation();
  const tab = parseAuthTab(search);

  const serverMessage = (message: string, code?: string) => {
    const known = code ? serverMessages[code] : undefined;
    return known ? i18n._(known) : message;
  };
  const toastFor = (notice: AuthNotice) => {
    switch (notice.kind) {
      case 'signedIn':
        return { title: i18n._(texts.signedInTitle), description: i18n._(texts.signedIn), variant: 'success' as const };
      case 'signInFailed':
        return { title: i18n._(texts.signInFailedTitle), description: serverMessage(notice.message, notice.code), variant: 'destructive' as const };
      case 'signedUp':
        return { title: i18n._(texts.signedUpTitle), description: i18n._(texts.signedUp), variant: 'success' as const };
      case 'signUpFailed':
        return { title: i18n._(texts.signUpFailedTitle), description: serverMessage(notice.message, notice.code), variant: 'destructive' as const };
      case 'passwordMismatch':
        return { title: i18n._(texts.mismatchTitle), description: i18n._(texts.mismatch), variant: 'destructive' as const };
      case 'unexpected':
        return { title: i18n._(texts.errorTitle), description: i18n._(texts.error), variant: 'destructive' as const };
    }
  };

  const [snapshot, send] = useMachine(
    authFormMachine.provide({
      actors: {
        signIn: fromPromise(({ input }) => signIn(input.email, input.password)),
        signUp: fromPromise(({ input }) => signUp(input.email, input.password)),
      },
      actions: {
        notify: (_, notice) => notify(toastFor(notice)),
        signedIn: () => navigate(next, { replace: true }),
      },
    }),
    { input: { tab } },
  );

  // The URL is the source of the tab: links, back/forward and clicks all go through it.
  useEffect(() => {
    send({ type: 'form.tab', tab });
  }, [send, tab]);

  return <AuthView {...authFormProps(snapshot, send, (next: AuthTab) => navigate(`/auth${authSearch(next, search)}`, { replace: true }))} />;
}
