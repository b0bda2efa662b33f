import { fromPromise, setup } from 'xstate';

/**
 * The two links of the newsletter e-mails (ADR 0022): `/newsletter/confirm?token=…` confirms a
 * pending subscription (the second step of the double opt-in), `/newsletter/unsubscribe?token=…`
 * ends one. Both send the token once, on arrival, and say how it went.
 */
export type NewsletterLinkAction = 'confirm' | 'unsubscribe';

export type NewsletterLinkInput = { action: NewsletterLinkAction; token: string | null };

type Context = NewsletterLinkInput;

export type NewsletterLinkEvent = { type: 'retry' };

/** The database's tokens are 64 hex characters; anything else is refused without asking. */
export const isLinkToken = (token: string | null): token is string => token !== null && /^[0-9a-f]{64}$/.test(token);

const codeOf = (error: unknown) => (error ?? {}) as { code?: unknown; status?: unknown };
/** Unknown, altered or already used (PT404 / HTTP 404). */
const isInvalid = (error: unknown) => codeOf(error).code === 'PT404' || codeOf(error).status === 404;
/** A confirmation link past its 48 hours (PT410 / HTTP 410). */
const isExpired = (error: unknown) => codeOf(error).code === 'PT410' || codeOf(error).status === 410;

export const newsletterLinkMachine = setup({
  types: { context: {} as Context, events: {} as NewsletterLinkEvent, input: {} as NewsletterLinkInput },
  actors: {
    confirm: fromPromise<void, { token: string }>(async () => {
      throw new Error('provide confirm');
    }),
    unsubscribe: fromPromise<void, { token: string }>(async () => {
      throw new Error('provide unsubscribe');
    }),
  },
  guards: {
    wellFormed: ({ context }) => isLinkToken(context.token),
    confirming: ({ context }) => context.action === 'confirm',
    invalid: (_, params: { error: unknown }) => isInvalid(params.error),
    expired: (_, params: { error: unknown }) => isExpired(params.error),
  },
}).createMachine({
  id: 'newsletterLink',
  context: ({ input }) => ({ action: input.action, token: input.token }),
  initial: 'checking',
  states: {
    checking: {
      always: [{ guard: 'wellFormed', target: 'working' }, { target: 'invalid' }],
    },
    working: {
      initial: 'choosing',
      states: {
        choosing: {
          always: [{ guard: 'confirming', target: 'confirming' }, { target: 'unsubscribing' }],
        },
        confirming: {
          invoke: {
            id: 'confirm',
            src: 'confirm',
            input: ({ context }) => ({ token: context.token ?? '' }),
            onDone: '#newsletterLink.done',
            onError: [
              { guard: { type: 'invalid', params: ({ event }) => ({ error: event.error }) }, target: '#newsletterLink.invalid' },
              { guard: { type: 'expired', params: ({ event }) => ({ error: event.error }) }, target: '#newsletterLink.expired' },
              { target: '#newsletterLink.failed' },
            ],
          },
        },
        unsubscribing: {
          invoke: {
            id: 'unsubscribe',
            src: 'unsubscribe',
            input: ({ context }) => ({ token: context.token ?? '' }),
            onDone: '#newsletterLink.done',
            onError: [{ guard: { type: 'invalid', params: ({ event }) => ({ error: event.error }) }, target: '#newsletterLink.invalid' }, { target: '#newsletterLink.failed' }],
          },
        },
      },
    },
    /** Confirmed, or unsubscribed. */
    done: { type: 'final' },
    /** Unknown, altered or already used: nothing changed, and trying again would not help. */
    invalid: { type: 'final' },
    /** A confirmation link older than 48 hours: nothing changed; signing up again sends a new one. */
    expired: { type: 'final' },
    /** The request did not get through (offline, server error): nothing changed, it may be retried. */
    failed: {
      on: { retry: 'working' },
    },
  },
});

export type NewsletterLinkStatus = 'working' | 'done' | 'invalid' | 'expired' | 'failed';

export const selectNewsletterLinkStatus = (snapshot: { value: unknown }): NewsletterLinkStatus => {
  const value = snapshot.value;
  if (value === 'checking' || (typeof value === 'object' && value !== null)) return 'working';
  return value as NewsletterLinkStatus;
};
