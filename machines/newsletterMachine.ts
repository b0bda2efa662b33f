import { assign, fromPromise, setup } from 'xstate';

export type NewsletterSource = 'footer' | 'account';

export type NewsletterInput = { source: NewsletterSource };

export type SubscribeRequest = { email: string; userId: string | null; consent: true; source: NewsletterSource };

/** What the container turns into a toast (the machine holds no texts). */
export type NewsletterNotice = { kind: 'invalid' } | { kind: 'success' } | { kind: 'alreadySubscribed' } | { kind: 'error'; message: string };

type Context = {
  source: NewsletterSource;
  email: string;
  consent: boolean;
  /** The server's message after a failed attempt (shown in the toast), null otherwise. */
  error: string | null;
};

export type NewsletterEvent =
  | { type: 'form.email'; value: string }
  | { type: 'form.consent'; value: boolean }
  | { type: 'form.submit'; userId: string | null };

/** Mirrors the database's check (private.is_email_address): something@domain.tld, at most 254 characters. */
export function looksLikeEmail(value: string): boolean {
  const email = value.trim();
  return email.length <= 254 && /^[^@\s]+@[^@\s.]+(\.[^@\s.]+)+$/.test(email);
}

/**
 * The account form has no checkbox: subscribing there is itself the consent, so its consent starts
 * (and stays) true. The footer form starts unticked and requires the tick.
 */
const initialConsent = (source: NewsletterSource) => source === 'account';

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : typeof error === 'string' ? error : '';
}

/** 23505 on the unique address index, surfaced by src/api as ApiError kind 'conflict'. */
function isDuplicate(error: unknown): boolean {
  const e = (error ?? {}) as { kind?: unknown; code?: unknown };
  return e.kind === 'conflict' || e.code === '23505';
}

export const newsletterMachine = setup({
  types: { context: {} as Context, events: {} as NewsletterEvent, input: {} as NewsletterInput },
  actors: {
    subscribe: fromPromise<void, SubscribeRequest>(async () => {
      throw new Error('provide subscribe');
    }),
  },
  actions: {
    notify: (_, _notice: NewsletterNotice) => {
      throw new Error('provide notify');
    },
    setEmail: assign({ email: (_, params: { value: string }) => params.value, error: null }),
    setConsent: assign({ consent: (_, params: { value: boolean }) => params.value, error: null }),
    clearForm: assign(({ context }) => ({ email: '', consent: initialConsent(context.source), error: null })),
  },
  guards: {
    // SPEC §5: email and consent both required, else the destructive toast and no request.
    formComplete: ({ context }) => looksLikeEmail(context.email) && context.consent,
    duplicate: (_, params: { error: unknown }) => isDuplicate(params.error),
  },
}).createMachine({
  id: 'newsletter',
  context: ({ input }) => ({ source: input.source, email: '', consent: initialConsent(input.source), error: null }),
  initial: 'editing',
  states: {
    // The form is open for edits; the child says what the last attempt ended with. The next edit
    // or submit starts over, whatever the outcome was.
    editing: {
      initial: 'idle',
      on: {
        'form.email': { target: '.idle', actions: { type: 'setEmail', params: ({ event }) => ({ value: event.value }) } },
        'form.consent': { target: '.idle', actions: { type: 'setConsent', params: ({ event }) => ({ value: event.value }) } },
        'form.submit': [{ guard: 'formComplete', target: 'subscribing' }, { target: '.idle', actions: { type: 'notify', params: { kind: 'invalid' } } }],
      },
      states: {
        idle: {},
        success: {},
        alreadySubscribed: {},
        error: {},
      },
    },
    // Edits are ignored while the request runs (the view makes the field read-only).
    subscribing: {
      invoke: {
        id: 'subscribe',
        src: 'subscribe',
        input: ({ context, event }) => ({
          email: context.email.trim().toLowerCase(),
          userId: event.type === 'form.submit' ? event.userId : null,
          consent: true,
          source: context.source,
        }),
        onDone: { target: 'editing.success', actions: ['clearForm', { type: 'notify', params: { kind: 'success' } }] },
        onError: [
          {
            guard: { type: 'duplicate', params: ({ event }) => ({ error: event.error }) },
            target: 'editing.alreadySubscribed',
            actions: { type: 'notify', params: { kind: 'alreadySubscribed' } },
          },
          {
            target: 'editing.error',
            actions: [
              assign({ error: ({ event }) => errorMessage(event.error) }),
              { type: 'notify', params: ({ event }) => ({ kind: 'error', message: errorMessage(event.error) }) },
            ],
          },
        ],
      },
    },
  },
});

export type NewsletterStatus = 'idle' | 'subscribing' | 'success' | 'alreadySubscribed' | 'error';

/** What the form shows: the running request or the outcome of the last attempt. */
export const selectNewsletterStatus = (snapshot: { value: unknown }): NewsletterStatus => {
  const value = snapshot.value as 'subscribing' | { editing: Exclude<NewsletterStatus, 'subscribing'> };
  return value === 'subscribing' ? 'subscribing' : value.editing;
};
