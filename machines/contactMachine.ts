import { assign, fromPromise, setup, type StateValueFrom } from 'xstate';
import { looksLikeEmail } from './newsletterMachine';
import { childState, topState } from './status';

export type ContactField = 'name' | 'email' | 'subject' | 'message';
export type ContactForm = Record<ContactField, string>;

/** Column limits of contact_messages (supabase/migrations/*_customers.sql): the form stops there. */
export const CONTACT_LIMITS = { name: 200, email: 254, subject: 200, message: 5000 } as const;

/** Why a field is not accepted; the view words it. */
export type ContactFieldErrors = { email?: 'required' | 'invalid'; message?: 'required' };

export type ContactNotice = { kind: 'sent' } | { kind: 'error'; message: string };

type Context = {
  form: ContactForm;
  /** Set by a rejected submit, cleared field by field as the visitor edits. */
  fieldErrors: ContactFieldErrors;
  /** The server's message after a failed send, null otherwise. */
  error: string | null;
};

export type ContactEvent = { type: 'form.change'; field: ContactField; value: string } | { type: 'form.submit' };

export const EMPTY_CONTACT_FORM: ContactForm = { name: '', email: '', subject: '', message: '' };

/** SPEC §5 Contact: email and message required, the email must be an email address. */
export function validateContact(form: ContactForm): ContactFieldErrors {
  const errors: ContactFieldErrors = {};
  if (!form.email.trim()) errors.email = 'required';
  else if (!looksLikeEmail(form.email)) errors.email = 'invalid';
  if (!form.message.trim()) errors.message = 'required';
  return errors;
}

const errorMessage = (error: unknown) => (error instanceof Error ? error.message : typeof error === 'string' ? error : '');

export const contactMachine = setup({
  types: { context: {} as Context, events: {} as ContactEvent },
  actors: {
    sendMessage: fromPromise<void, ContactForm>(async () => {
      throw new Error('provide sendMessage');
    }),
  },
  actions: {
    clearForm: assign({ form: EMPTY_CONTACT_FORM }),
    setError: assign((_, params: { error: unknown }) => ({ error: errorMessage(params.error) })),
    notify: (_, _notice: ContactNotice) => {
      throw new Error('provide notify');
    },
    applyChange: assign(({ context, event }) => {
      if (event.type !== 'form.change') return {};
      const fieldErrors = { ...context.fieldErrors };
      delete fieldErrors[event.field as keyof ContactFieldErrors];
      return { form: { ...context.form, [event.field]: event.value }, fieldErrors, error: null };
    }),
    markInvalidFields: assign({ fieldErrors: ({ context }) => validateContact(context.form) }),
    clearFieldErrors: assign({ fieldErrors: {}, error: null }),
  },
  guards: {
    formValid: ({ context }) => Object.keys(validateContact(context.form)).length === 0,
  },
}).createMachine({
  id: 'contact',
  context: { form: EMPTY_CONTACT_FORM, fieldErrors: {}, error: null },
  initial: 'editing',
  states: {
    // The form is open; `error` means the last send failed (the form keeps its text, so a retry is
    // one click). Any edit returns to idle.
    editing: {
      initial: 'idle',
      on: {
        'form.change': { target: '.idle', actions: 'applyChange' },
        'form.submit': [
          { guard: 'formValid', target: 'sending', actions: 'clearFieldErrors' },
          { target: '.idle', actions: 'markInvalidFields' },
        ],
      },
      states: {
        idle: {},
        error: {},
      },
    },
    sending: {
      invoke: {
        id: 'sendMessage',
        src: 'sendMessage',
        input: ({ context }) => context.form,
        onDone: {
          target: 'sent',
          actions: ['clearForm', { type: 'notify', params: { kind: 'sent' } }],
        },
        onError: {
          target: 'editing.error',
          actions: [
            { type: 'setError', params: ({ event }) => ({ error: event.error }) },
            { type: 'notify', params: ({ event }) => ({ kind: 'error', message: errorMessage(event.error) }) },
          ],
        },
      },
    },
    // The button stays disabled showing 'Sent ✓': one message per visit to the page.
    sent: { type: 'final' },
  },
});

export type ContactStatus = 'idle' | 'sending' | 'sent' | 'error';

/** What the form shows: editing (idle or after a failed send), sending, or sent. */
export const selectContactStatus = (snapshot: { value: StateValueFrom<typeof contactMachine> }): ContactStatus => {
  const state = topState(snapshot);
  return state === 'editing' ? (childState(snapshot, 'editing') ?? 'idle') : state;
};
