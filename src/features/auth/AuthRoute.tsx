import { useAuthSelector } from '../../services/useAuthSelector';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useMachine } from '@xstate/react';
import { useEffect } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { fromPromise } from 'xstate';
import { type AuthFormStatus, type AuthNotice, type AuthTab, authFormMachine } from '../../../machines/authFormMachine';
import { selectAuthStatus } from '../../../machines/authMachine';
import { signIn, signUp } from '../../api/auth';
import { useNotify } from '../../services/context';
import { Spinner } from '../../ui/Spinner';
import { AuthView, type AuthViewStatus } from './AuthView';
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
};

/**
 * /auth: the sign-in / sign-up form. Signed in (already, or by this form) the visitor goes where
 * `?next=` says, when that is a page of this site, else home.
 */
export default function AuthRoute() {
  const { i18n } = useLingui();
  const status = useAuthSelector(selectAuthStatus);
  const next = parseNext(useSearch());
  if (status === 'loading') return <Spinner label={i18n._(texts.loading)} />;
  if (status === 'signedIn') return <Redirect to={next} replace />;
  return <AuthForm next={next} />;
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

  const value = snapshot.value as AuthFormStatus;
  const { context } = snapshot;
  return (
    <AuthView
      tab={context.tab}
      status={(value === 'signedIn' ? 'signingIn' : value) as AuthViewStatus}
      form={context.form}
      fieldErrors={context.fieldErrors}
      weakPasswordReasons={context.weakPasswordReasons}
      verifyEmailFor={context.verifyEmailFor}
      onTabChange={(next: AuthTab) => navigate(`/auth${authSearch(next, search)}`, { replace: true })}
      onChange={(field, v) => send({ type: 'form.change', field, value: v })}
      onSubmit={() => send({ type: 'form.submit' })}
    />
  );
}
