import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { contactMachine, selectContactStatus, type ContactNotice } from '../../../machines/contactMachine';
import { sendContactMessage } from '../../api/contact';
import { useNotify } from '../../services/context';
import { ContactView } from './ContactView';
import { REPLY_TIME } from '../../config/company';

const texts = {
  sentTitle: msg`Message sent`,
  errorTitle: msg`Message not sent`,
  error: msg`Something went wrong. Please try again.`,
  tooMany: msg`Too many messages from your connection. Please try again in a few minutes.`,
};

/** The database's per-client limit on messages (SQLSTATE PT429, HTTP 429). */
const isRateLimited = (error: unknown) => {
  const e = (error ?? {}) as { code?: unknown; status?: unknown };
  return e.code === 'PT429' || e.status === 429;
};

/** /contact: the contact form wired to the contact machine; outcomes are toasts. */
export default function ContactRoute() {
  const { i18n } = useLingui();
  const notify = useNotify();
  const toastFor = (notice: ContactNotice) =>
    notice.kind === 'sent'
      ? { title: i18n._(texts.sentTitle), description: i18n._(REPLY_TIME), variant: 'success' as const }
      : { title: i18n._(texts.errorTitle), description: notice.message || i18n._(texts.error), variant: 'destructive' as const };
  const [snapshot, send] = useMachine(
    contactMachine.provide({
      actors: {
        // Over the limit, the form and the toast say so in the page's language (the server's words are English).
        sendMessage: fromPromise(({ input }) =>
          sendContactMessage(input).catch((e: unknown) => {
            throw isRateLimited(e) ? new Error(i18n._(texts.tooMany)) : e;
          }),
        ),
      },
      actions: { notify: (_, notice) => notify(toastFor(notice)) },
    }),
  );
  return (
    <ContactView
      status={selectContactStatus(snapshot)}
      form={snapshot.context.form}
      fieldErrors={snapshot.context.fieldErrors}
      error={snapshot.context.error}
      onChange={(field, value) => send({ type: 'form.change', field, value })}
      onSubmit={() => send({ type: 'form.submit' })}
    />
  );
}
