import { assign, fromPromise, setup, type StateValueFrom } from 'xstate';
import { looksLikeEmail } from './newsletterMachine';
import { childState, topState } from './status';

export type NotifyMeLocale = 'en' | 'de';

/** A signed-in customer asks with one click (their account's address); a guest gives an address. */
export type NotifyMeInput = { variantId: string; signedIn: boolean };

export type NotifyMeRequest = { variantId: string; email: string | null; locale: NotifyMeLocale };

export type NotifyMeEvent =
  /** Another sold-out variant is chosen: the form starts over for it. */
  | { type: 'variant.set'; variantId: string }
  | { type: 'form.email'; value: string }
  /** The page's language: the e-mails are written in it. */
  | { type: 'form.submit'; locale: NotifyMeLocale };

type Context = NotifyMeInput & { email: string };

const codeOf = (error: unknown) => (error ?? {}) as { code?: unknown; status?: unknown };
/** public.request_back_in_stock's limits (5 per address, 20 per client and hour): PT429 / HTTP 429. */
const isRateLimited = (error: unknown) => codeOf(error).code === 'PT429' || codeOf(error).status === 429;
/** The variant came back meanwhile (PT409 / HTTP 409): it can be ordered now. */
const isInStock = (error: unknown) => codeOf(error).code === 'PT409' || codeOf(error).status === 409;

/**
 * "Notify me when it's back" for one sold-out variant (docs/adr/0038). The outcome says what the
 * shopper reads: a guest 'sent' (check your inbox to confirm, the same for every address, so it
 * tells nothing about who waits), a signed-in customer 'waiting'. Refusals: 'invalid' (not an
 * address, no request made), 'tooMany', 'inStock' (order it now), 'error' (try again).
 */
export const notifyMeMachine = setup({
  types: { context: {} as Context, events: {} as NotifyMeEvent, input: {} as NotifyMeInput },
  actors: {
    request: fromPromise<void, NotifyMeRequest>(async () => {
      throw new Error('provide request');
    }),
  },
  actions: {
    setEmail: assign({ email: (_, params: { value: string }) => params.value }),
    setVariant: assign({ variantId: (_, params: { variantId: string }) => params.variantId }),
  },
  guards: {
    complete: ({ context }) => context.signedIn || looksLikeEmail(context.email),
    signedIn: ({ context }) => context.signedIn,
    rateLimited: (_, params: { error: unknown }) => isRateLimited(params.error),
    inStock: (_, params: { error: unknown }) => isInStock(params.error),
  },
}).createMachine({
  id: 'notifyMe',
  context: ({ input }) => ({ ...input, email: '' }),
  initial: 'editing',
  on: {
    'variant.set': { target: '.editing', actions: { type: 'setVariant', params: ({ event }) => ({ variantId: event.variantId }) } },
  },
  states: {
    editing: {
      initial: 'idle',
      on: {
        'form.email': { target: '.idle', actions: { type: 'setEmail', params: ({ event }) => ({ value: event.value }) } },
        'form.submit': [{ guard: 'complete', target: 'requesting' }, { target: '.invalid' }],
      },
      states: {
        idle: {},
        invalid: {},
        tooMany: {},
        inStock: {},
        error: {},
      },
    },
    // Edits are ignored while the request runs.
    requesting: {
      on: { 'variant.set': {} },
      invoke: {
        id: 'request',
        src: 'request',
        input: ({ context, event }) => ({
          variantId: context.variantId,
          email: context.signedIn ? null : context.email.trim().toLowerCase(),
          locale: event.type === 'form.submit' ? event.locale : 'en',
        }),
        onDone: [{ guard: 'signedIn', target: 'done.waiting' }, { target: 'done.sent' }],
        onError: [
          { guard: { type: 'rateLimited', params: ({ event }) => ({ error: event.error }) }, target: 'editing.tooMany' },
          { guard: { type: 'inStock', params: ({ event }) => ({ error: event.error }) }, target: 'editing.inStock' },
          { target: 'editing.error' },
        ],
      },
    },
    done: {
      initial: 'sent',
      states: {
        /** A guest: the confirmation e-mail is on its way (whatever the address). */
        sent: {},
        /** A signed-in customer: waiting, the e-mail comes when the variant is back. */
        waiting: {},
      },
    },
  },
});

export type NotifyMeStatus = 'idle' | 'invalid' | 'tooMany' | 'inStock' | 'error' | 'requesting' | 'sent' | 'waiting';

export const selectNotifyMeStatus = (snapshot: { value: StateValueFrom<typeof notifyMeMachine> }): NotifyMeStatus => {
  const state = topState(snapshot);
  if (state === 'editing') return childState(snapshot, 'editing') ?? 'idle';
  if (state === 'done') return childState(snapshot, 'done') ?? 'sent';
  return state;
};
