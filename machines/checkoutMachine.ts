import { and, assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import {
  type CheckoutBuyer,
  type CheckoutFailure,
  type CheckoutLine,
  type CheckoutRequest,
  checkoutFailure,
  checkoutRequest,
  isShippingRegion,
  quoteShipping,
  type ShippingRate,
  type ShippingRegion,
  type ShopLocale,
} from './orders';

export type CheckoutInput = {
  region: ShippingRegion;
  /** The region is the shopper's own earlier choice (then a located country does not change it). */
  chosen?: boolean;
};

type Context = {
  region: ShippingRegion;
  /** The shopper picked the region (now or on an earlier visit). */
  chosen: boolean;
  /** Rates from the database; null until loaded, or when they could not be (the page then says "Calculated at checkout"). */
  rates: ShippingRate[] | null;
  /** The lines of the checkout in progress (to name a refused line). */
  lines: CheckoutLine[];
  request: CheckoutRequest | null;
  failure: CheckoutFailure | null;
  url: string | null;
};

export type CheckoutEvent =
  /** The shopper picks where the order ships. */
  | { type: 'region.change'; region: ShippingRegion }
  /** The visitor's country became known (geolocation answers after the page opened). */
  | { type: 'region.located'; region: ShippingRegion }
  | { type: 'checkout.submit'; lines: CheckoutLine[]; buyer: CheckoutBuyer; origin: string; locale: ShopLocale }
  /** The cart's lines changed: a refusal about the old lines no longer holds. */
  | { type: 'cart.changed' }
  /** The page came back from the hosted checkout through the browser's back button (bfcache). */
  | { type: 'checkout.returned' };

export type CheckoutSession = { url: string | null; sessionId?: string | null };

/**
 * SPEC §4 checkout redirect: idle → creating the session → redirecting (to the hosted payment
 * page) | failed. An empty cart does nothing; while the session is being created further clicks
 * are not taken (one session per click, however fast). Beside it, and never cancelled by it, the
 * shipping rates load from the database, so the total shown is what will be charged. The region is
 * the shopper's choice; until they make one, the located country decides.
 */
export const checkoutMachine = setup({
  types: { context: {} as Context, events: {} as CheckoutEvent, input: {} as CheckoutInput },
  actors: {
    fetchRates: fromPromise<ShippingRate[]>(async () => {
      throw new Error('provide fetchRates');
    }),
    createSession: fromPromise<CheckoutSession, CheckoutRequest>(async () => {
      throw new Error('provide createSession');
    }),
  },
  actions: {
    /** Leaves for the hosted payment page. */
    redirect: (_, _params: { url: string }) => {},
    /** Remembers the shopper's region for the next visit. */
    persistRegion: (_, _params: { region: ShippingRegion }) => {},
    chooseRegion: assign(({ event }) => (event.type === 'region.change' ? { region: event.region, chosen: true } : {})),
    locateRegion: assign(({ event }) => (event.type === 'region.located' ? { region: event.region } : {})),
    startCheckout: assign(({ context, event }) =>
      event.type === 'checkout.submit'
        ? { lines: event.lines, failure: null, request: checkoutRequest(event.lines, event.buyer, event.origin, context.region, event.locale) }
        : {},
    ),
  },
  guards: {
    hasLines: ({ event }) => event.type === 'checkout.submit' && event.lines.length > 0,
    newRegion: ({ context, event }) => (event.type === 'region.change' || event.type === 'region.located') && isShippingRegion(event.region) && event.region !== context.region,
    notChosen: ({ context }) => !context.chosen,
  },
}).createMachine({
  id: 'checkout',
  context: ({ input }) => ({ region: input.region, chosen: input.chosen ?? false, rates: null, lines: [], request: null, failure: null, url: null }),
  type: 'parallel',
  states: {
    rates: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'fetchRates',
            src: 'fetchRates',
            onDone: { target: 'loaded', actions: assign({ rates: ({ event }) => event.output }) },
            onError: 'unavailable',
          },
        },
        loaded: {},
        /** The checkout still works: the function prices the cart itself. */
        unavailable: {},
      },
    },
    session: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'region.change': { guard: 'newRegion', actions: ['chooseRegion', { type: 'persistRegion', params: ({ event }) => ({ region: event.region }) }] },
            'region.located': { guard: and(['notChosen', 'newRegion']), actions: 'locateRegion' },
            'checkout.submit': { guard: 'hasLines', target: 'creatingSession', actions: 'startCheckout' },
          },
        },
        creatingSession: {
          invoke: {
            id: 'createSession',
            src: 'createSession',
            input: ({ context }) => context.request as CheckoutRequest,
            onDone: [
              {
                guard: ({ event }) => typeof event.output?.url === 'string' && event.output.url !== '',
                target: 'redirecting',
                actions: [assign({ url: ({ event }) => event.output.url }), { type: 'redirect', params: ({ event }) => ({ url: event.output.url as string }) }],
              },
              { target: 'failed', actions: assign({ failure: { kind: 'noUrl' } }) },
            ],
            onError: { target: 'failed', actions: assign({ failure: ({ context, event }) => checkoutFailure(event.error, context.lines) }) },
          },
        },
        /** The browser is on its way to the payment page; the button stays busy. */
        redirecting: {
          on: { 'checkout.returned': { target: 'idle', actions: assign({ url: null }) } },
        },
        failed: {
          on: {
            'region.change': {
              guard: 'newRegion',
              target: 'idle',
              actions: ['chooseRegion', assign({ failure: null }), { type: 'persistRegion', params: ({ event }) => ({ region: event.region }) }],
            },
            'cart.changed': { target: 'idle', actions: assign({ failure: null }) },
            'checkout.submit': { guard: 'hasLines', target: 'creatingSession', actions: 'startCheckout' },
          },
        },
      },
    },
  },
});

export type CheckoutSnapshot = SnapshotFrom<typeof checkoutMachine>;
export type CheckoutStatus = 'idle' | 'creatingSession' | 'redirecting' | 'failed';
export type RatesStatus = 'loading' | 'loaded' | 'unavailable';

const stateOf = <T extends string>(snapshot: CheckoutSnapshot, region: 'rates' | 'session') => (snapshot.value as Record<string, string>)[region] as T;
export const selectCheckoutStatus = (snapshot: CheckoutSnapshot) => stateOf<CheckoutStatus>(snapshot, 'session');
export const selectRatesStatus = (snapshot: CheckoutSnapshot) => stateOf<RatesStatus>(snapshot, 'rates');
/** The button reads "Redirecting..." and is disabled while this is true. */
export const selectCheckoutBusy = (snapshot: CheckoutSnapshot) => snapshot.matches({ session: 'creatingSession' }) || snapshot.matches({ session: 'redirecting' });
export const selectRegion = (snapshot: CheckoutSnapshot) => snapshot.context.region;
export const selectFailure = (snapshot: CheckoutSnapshot) => snapshot.context.failure;
export const selectQuote = (snapshot: CheckoutSnapshot, subtotal: number) => quoteShipping(snapshot.context.rates, snapshot.context.region, subtotal);
