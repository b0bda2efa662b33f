import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { newsletterMachine, selectNewsletterStatus, type NewsletterNotice, type NewsletterSource } from '../../../machines/newsletterMachine';
import { subscribe } from '../../api/newsletter';
import { useNotify } from '../../services/context';
import { NewsletterFormView } from './NewsletterFormView';

const texts = {
  invalidTitle: msg`Error`,
  invalid: msg`Please enter your email and accept the terms.`,
  successTitle: msg`Check your inbox`,
  success: msg`If this address isn't subscribed yet, we've sent it a link to confirm. Your subscription starts only when you click it.`,
  tooManyTitle: msg`Please wait a little`,
  tooMany: msg`Too many sign-ups for this address or from your connection. If you've signed up already, please check your inbox, or try again in an hour.`,
  errorTitle: msg`Error`,
  error: msg`Something went wrong. Please try again.`,
};

/** The newsletter form of the footer or the account page, wired to the newsletter machine. */
export default function NewsletterSignup({ source }: { source: NewsletterSource }) {
  const { i18n } = useLingui();
  const notify = useNotify();
  // i18n._ runs when the toast is shown, so it speaks the language active at that moment.
  const toastFor = (notice: NewsletterNotice) => {
    switch (notice.kind) {
      case 'invalid':
        return { title: i18n._(texts.invalidTitle), description: i18n._(texts.invalid), variant: 'destructive' as const };
      case 'success':
        return { title: i18n._(texts.successTitle), description: i18n._(texts.success), variant: 'success' as const };
      case 'tooMany':
        return { title: i18n._(texts.tooManyTitle), description: i18n._(texts.tooMany), variant: 'info' as const };
      case 'error':
        return { title: i18n._(texts.errorTitle), description: notice.message || i18n._(texts.error), variant: 'destructive' as const };
    }
  };
  const [snapshot, send] = useMachine(
    newsletterMachine.provide({
      actors: { subscribe: fromPromise(({ input }) => subscribe(input)) },
      actions: { notify: (_, notice) => notify(toastFor(notice)) },
    }),
    { input: { source } },
  );
  const { email, consent, error } = snapshot.context;
  return (
    <NewsletterFormView
      variant={source}
      status={selectNewsletterStatus(snapshot)}
      email={email}
      consent={consent}
      error={error}
      onEmailChange={(value) => send({ type: 'form.email', value })}
      onConsentChange={(value) => send({ type: 'form.consent', value })}
      onSubmit={() => send({ type: 'form.submit', locale: i18n.locale === 'de' ? 'de' : 'en' })}
    />
  );
}
