import { and, assign, fromCallback, fromPromise, setup, type SnapshotFrom } from 'xstate';
import {
  type AddressDraft,
  type AddressField,
  type AddressFieldError,
  addressOfDraft,
  draftForRegion,
  EMPTY_ADDRESS,
  isBlankDraft,
  prefillDraft,
  type ShippingAddress,
} from '../domain/address';
import {
  AddressRefusalError,
  type CheckoutBuyer,
  type CheckoutFailure,
  type CheckoutLine,
  type CheckoutRequest,
  checkoutFailure,
  checkoutRequest,
  type ShopLocale,
} from '../domain/checkout';
import { isShippingRegion, quoteShipping, type ShippingRate, type ShippingRegion } from '../domain/shipping';
import { type ChildStateOf, regionState } from './status';

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
  /** Who buys, from where and in which language: taken at "Checkout", sent with the order button. */
  buyer: CheckoutBuyer;
  origin: string;
  locale: ShopLocale;
  /** The delivery address as typed on the review step; kept when the shopper goes back to the cart. */
  address: AddressDraft;
  /** The function's refusals of the address, per field (shown on the review step). */
  addressErrors: AddressFieldError[];
  failure: CheckoutFailure | null;
  url: string | null;
};

export type CheckoutEvent =
  /** The shopper picks where the order ships. */
  | { type: 'region.change'; region: ShippingRegion }
  /** The visitor's country became known (geolocation answers after the page opened). */
  | { type: 'region.located'; region: ShippingRegion }
  /** "Checkout": opens the review step for these lines (it creates no session). */
  | { type: 'checkout.submit'; lines: CheckoutLine[]; buyer: CheckoutBuyer; origin: string; locale: ShopLocale }
  /** A field of the delivery address was edited on the review step. */
  | { type: 'address.change'; field: AddressField; value: string }
  /** "Back to cart". */
  | { type: 'review.back' }
  /** The order button ("Place order and pay" / "Zahlungspflichtig bestellen"): only this creates the session. */
  | { type: 'order.place' }
  /** The cart's lines changed: the review and a refusal about the old lines no longer hold. */
  | { type: 'cart.changed' }
  /** The page came back from the hosted checkout through the browser's back button (bfcache). */
  | { type: 'checkout.returned' }
  /** The shopper's choice from an earlier visit, read when the checkout starts. */
  | { type: 'region.restored'; region: ShippingRegion };

export type CheckoutSession = { url: string | null; sessionId?: string | null };

/**
 * SPEC §4 checkout redirect with the review step of § 312j (2)–(3) BGB (docs/adr/0024): idle (the
 * cart) → reviewing (lines, shipping, total, delivery address, the order button) → creating the
 * session → redirecting (to the hosted payment page) | failed. "Checkout" only opens the review;
 * the order button alone creates a session. An empty cart does nothing; while the session is
 * being created further clicks are not taken (one session per click, however fast); a refused
 * address returns to the review with its problems per field; a changed cart returns to the cart.
 * Beside it, and never cancelled by it, the shipping rates load from the database, so the total
 * shown is what will be charged. The region is the shopper's choice; until they make one, the
 * located country decides.
 *
 * What the page around it tells the checkout arrives through invoked actors (supplied by the app,
 * fakes in tests): the remembered region, the located country and the cart's changes for its whole
 * life, and while redirecting, the page shown again from the browser's cache.
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
    /** A signed-in customer's newest order's address (read under RLS); null when they have none. */
    fetchLastAddress: fromPromise<ShippingAddress | null, { userId: string }>(async () => {
      throw new Error('provide fetchLastAddress');
    }),
    /** Sends `region.restored` with the region remembered from an earlier visit, if any, as it starts. */
    readStoredRegion: fromCallback<CheckoutEvent>(() => {
      throw new Error('provide readStoredRegion');
    }),
    /** Sends `region.located` with the visitor's region whenever their country is (or becomes) known. */
    watchLocation: fromCallback<CheckoutEvent>(() => {
      throw new Error('provide watchLocation');
    }),
    /** Sends `cart.changed` whenever the cart's lines change (here or in the drawer). */
    watchCart: fromCallback<CheckoutEvent>(() => {
      throw new Error('provide watchCart');
    }),
    /** Sends `checkout.returned` when the browser shows the page again from its cache (back from the payment page). */
    watchReturn: fromCallback<CheckoutEvent>(() => {
      throw new Error('provide watchReturn');
    }),
  },
  actions: {
    /** Leaves for the hosted payment page. */
    redirect: (_, _params: { url: string }) => {
      throw new Error('provide redirect');
    },
    /** Remembers the shopper's region for the next visit. */
    persistRegion: (_, _params: { region: ShippingRegion }) => {
      throw new Error('provide persistRegion');
    },
    chooseRegion: assign(({ event }) => (event.type === 'region.change' ? { region: event.region, chosen: true } : {})),
    locateRegion: assign(({ event }) => (event.type === 'region.located' ? { region: event.region } : {})),
    restoreRegion: assign(({ event }) => (event.type === 'region.restored' ? { region: event.region, chosen: true } : {})),
    startReview: assign(({ context, event }) =>
      event.type === 'checkout.submit'
        ? {
            lines: event.lines,
            buyer: event.buyer,
            origin: event.origin,
            locale: event.locale,
            failure: null,
            addressErrors: [],
            address: draftForRegion(context.address, context.region),
          }
        : {},
    ),
    editAddress: assign(({ context, event }) =>
      event.type === 'address.change'
        ? {
            address: { ...context.address, [event.field]: event.value },
            // The field's refusal no longer describes what is typed there (and the whole-address one goes with any edit).
            addressErrors: context.addressErrors.filter((error) => error.field !== event.field && error.field !== 'address'),
          }
        : {},
    ),
    startCheckout: assign({ failure: null, addressErrors: [] }),
    leaveReview: assign({ failure: null, addressErrors: [] }),
    setRates: assign((_, rates: ShippingRate[]) => ({ rates })),
    /** The customer's last address fills what is not typed yet (typing wins). */
    prefillAddress: assign(({ context }, last: ShippingAddress | null) => ({ address: prefillDraft(context.address, last, context.region) })),
    rememberUrl: assign((_, params: { url: string | null }) => ({ url: params.url })),
    failNoUrl: assign({ failure: { kind: 'noUrl' } as CheckoutFailure }),
    setAddressErrors: assign((_, params: { error: unknown }) => ({ addressErrors: (params.error as AddressRefusalError).fields })),
    setFailure: assign(({ context }, params: { error: unknown }) => ({ failure: checkoutFailure(params.error, context.lines) })),
    forgetUrl: assign({ url: null }),
  },
  guards: {
    /** The session came with the payment page's address. */
    hasPaymentUrl: (_, session: CheckoutSession) => typeof session?.url === 'string' && session.url !== '',
    hasLines: ({ event }) => event.type === 'checkout.submit' && event.lines.length > 0,
    /** A signed-in buyer who has typed nothing yet: their last address can fill the form. */
    canPrefill: ({ context, event }) => event.type === 'checkout.submit' && event.buyer.userId !== null && isBlankDraft(context.address),
    addressRefused: ({ event }) => (event as { error?: unknown }).error instanceof AddressRefusalError,
    newRegion: ({ context, event }) => (event.type === 'region.change' || event.type === 'region.located') && isShippingRegion(event.region) && event.region !== context.region,
    notChosen: ({ context }) => !context.chosen,
    /** A remembered region counts as chosen even where it is the located one (a later location does not change it). */
    knownRegion: ({ event }) => event.type === 'region.restored' && isShippingRegion(event.region),
  },
}).createMachine({
  id: 'checkout',
  context: ({ input }) => ({
    region: input.region,
    chosen: input.chosen ?? false,
    rates: null,
    lines: [],
    buyer: { userId: null, email: null },
    origin: '',
    locale: 'en',
    address: EMPTY_ADDRESS,
    addressErrors: [],
    failure: null,
    url: null,
  }),
  type: 'parallel',
  // For the checkout's whole life: the remembered region (once), the located one, and the cart's changes.
  invoke: [
    { id: 'readStoredRegion', src: 'readStoredRegion' },
    { id: 'watchLocation', src: 'watchLocation' },
    { id: 'watchCart', src: 'watchCart' },
  ],
  states: {
    rates: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'fetchRates',
            src: 'fetchRates',
            onDone: { target: 'loaded', actions: { type: 'setRates', params: ({ event }) => event.output } },
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
            'region.restored': { guard: 'knownRegion', actions: 'restoreRegion' },
            'checkout.submit': [
              { guard: and(['hasLines', 'canPrefill']), target: 'reviewing.loadingAddress', actions: 'startReview' },
              { guard: 'hasLines', target: 'reviewing', actions: 'startReview' },
            ],
          },
        },
        /** The review step: the lines, shipping, total, the delivery address and the order button. */
        reviewing: {
          initial: 'editing',
          on: {
            'address.change': { actions: 'editAddress' },
            'order.place': { target: 'creatingSession', actions: 'startCheckout' },
            'review.back': { target: 'idle', actions: 'leaveReview' },
            'cart.changed': { target: 'idle', actions: 'leaveReview' },
          },
          states: {
            /** A signed-in customer's last address is on its way; the form can already be typed in (typing wins). */
            loadingAddress: {
              invoke: {
                id: 'fetchLastAddress',
                src: 'fetchLastAddress',
                input: ({ context }) => ({ userId: context.buyer.userId as string }),
                onDone: { target: 'editing', actions: { type: 'prefillAddress', params: ({ event }) => event.output } },
                // No address to offer: the shopper types it.
                onError: 'editing',
              },
            },
            editing: {},
          },
        },
        creatingSession: {
          invoke: {
            id: 'createSession',
            src: 'createSession',
            // What the review shows is what is sent: its lines, the region and the address as typed.
            input: ({ context }) => checkoutRequest(context.lines, context.buyer, context.origin, context.region, context.locale, addressOfDraft(context.address)),
            onDone: [
              {
                guard: { type: 'hasPaymentUrl', params: ({ event }) => event.output },
                target: 'redirecting',
                actions: [
                  { type: 'rememberUrl', params: ({ event }) => ({ url: event.output.url }) },
                  { type: 'redirect', params: ({ event }) => ({ url: event.output.url as string }) },
                ],
              },
              { target: 'failed', actions: 'failNoUrl' },
            ],
            onError: [
              // Nothing was opened: the review shows what is wrong with the address, per field.
              {
                guard: 'addressRefused',
                target: '#checkout.session.reviewing.editing',
                actions: { type: 'setAddressErrors', params: ({ event }) => ({ error: event.error }) },
              },
              { target: 'failed', actions: { type: 'setFailure', params: ({ event }) => ({ error: event.error }) } },
            ],
          },
        },
        /** The browser is on its way to the payment page; the button stays busy. */
        redirecting: {
          invoke: { id: 'watchReturn', src: 'watchReturn' },
          on: { 'checkout.returned': { target: 'idle', actions: 'forgetUrl' } },
        },
        /** Shown on the review step, under the order button, which tries again. */
        failed: {
          on: {
            'address.change': { actions: 'editAddress' },
            'order.place': { target: 'creatingSession', actions: 'startCheckout' },
            'review.back': { target: 'idle', actions: 'leaveReview' },
            'cart.changed': { target: 'idle', actions: 'leaveReview' },
          },
        },
      },
    },
  },
});

export type CheckoutSnapshot = SnapshotFrom<typeof checkoutMachine>;
/** The checkout's state (a compound one, reviewing, by its own name) and the rates' lookup's. */
export type CheckoutStatus = ChildStateOf<typeof checkoutMachine, 'session'>;
export type RatesStatus = ChildStateOf<typeof checkoutMachine, 'rates'>;
export const selectCheckoutStatus = (snapshot: CheckoutSnapshot): CheckoutStatus => regionState(snapshot, 'session');
export const selectRatesStatus = (snapshot: CheckoutSnapshot): RatesStatus => regionState(snapshot, 'rates');
/** The button reads "Redirecting..." and is disabled while this is true. */
export const selectCheckoutBusy = (snapshot: CheckoutSnapshot) => snapshot.matches({ session: 'creatingSession' }) || snapshot.matches({ session: 'redirecting' });
export const selectRegion = (snapshot: CheckoutSnapshot) => snapshot.context.region;
export const selectFailure = (snapshot: CheckoutSnapshot) => snapshot.context.failure;
export const selectQuote = (snapshot: CheckoutSnapshot, subtotal: number) => quoteShipping(snapshot.context.rates, snapshot.context.region, subtotal);
/** The review step is on screen (the cart view gives way to it). */
export const selectReviewing = (snapshot: CheckoutSnapshot) => selectCheckoutStatus(snapshot) !== 'idle';
/** The signed-in customer's last address is still being looked up. */
export const selectAddressLoading = (snapshot: CheckoutSnapshot) => snapshot.matches({ session: { reviewing: 'loadingAddress' } });
export const selectAddress = (snapshot: CheckoutSnapshot) => snapshot.context.address;
export const selectAddressErrors = (snapshot: CheckoutSnapshot) => snapshot.context.addressErrors;
