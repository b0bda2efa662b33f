import { assign, fromPromise, setup, type StateValueFrom } from 'xstate';
import { childState, topState } from './status';

export type NewsletterSource = 'footer' | 'account';

export type NewsletterInput = { source: NewsletterSource };

export type NewsletterLocale = 'en' | 'de';

export type SubscribeRequest = { email: string; source: NewsletterSource; locale: NewsletterLocale };

/**
 * What the container turns into a toast (the machine holds no texts). 'success' means the request
 * was taken: the confirmation e-mail is on its way (double opt-in, ADR 0022), and it reads the same
 * for every address, subscribed or not. 'tooMany': the address's hourly limit of sign-ups is used.
 */
export type NewsletterNotice = { kind: 'invalid' } | { kind: 'success' } | { kind: 'tooMany' } | { kind: 'error'; message: string };

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
  /** The page's language: the confirmation e-mail is written in it. */
  | { type: 'form.submit'; locale: NewsletterLocale };

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

/** public.subscribe_newsletter's rate limit (3 per address and hour): SQLSTATE PT429, HTTP 429. */
function isRateLimited(error: unknown): boolean {
  const e = (error ?? {}) as { status?: unknown; code?: unknown };
  return e.code === 'PT429' || e.status === 429;
}

export const newsletterMachine = setup({
  types: { context: {} as Context, events: {} as NewsletterEvent, input: {} as NewsletterInput },
  actors: {
    subscribe: fromPromise<void, SubscribeRequest>(async () => {
      throw new Error('provide subscribe');
    }),
  },
  actions: {
    setError: assign((_, params: { error: unknown }) => ({ error: errorMessage(params.error) })),
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
    rateLimited: (_, params: { error: unknown }) => isRateLimited(params.error),
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
        'form.submit': [
          { guard: 'formComplete', target: 'subscribing' },
          { target: '.idle', actions: { type: 'notify', params: { kind: 'invalid' } } },
        ],
      },
      states: {
        idle: {},
        // The request was taken: "check your inbox to confirm", whatever the address.
        success: {},
        tooMany: {},
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
          source: context.source,
          locale: event.type === 'form.submit' ? event.locale : 'en',
        }),
        onDone: { target: 'editing.success', actions: ['clearForm', { type: 'notify', params: { kind: 'success' } }] },
        onError: [
          {
            guard: { type: 'rateLimited', params: ({ event }) => ({ error: event.error }) },
            target: 'editing.tooMany',
            actions: { type: 'notify', params: { kind: 'tooMany' } },
          },
          {
            target: 'editing.error',
            actions: [
              { type: 'setError', params: ({ event }) => ({ error: event.error }) },
              { type: 'notify', params: ({ event }) => ({ kind: 'error', message: errorMessage(event.error) }) },
            ],
          },
        ],
      },
    },
  },
});

export type NewsletterStatus = 'idle' | 'subscribing' | 'success' | 'tooMany' | 'error';

/** What the form shows: the running request or the outcome of the last attempt. */
export const selectNewsletterStatus = (snapshot: { value: StateValueFrom<typeof newsletterMachine> }): NewsletterStatus => {
  const state = topState(snapshot);
  return state === 'editing' ? (childState(snapshot, 'editing') ?? 'idle') : state;
};
