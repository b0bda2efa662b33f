import { createActor, fromCallback, fromPromise, SimulatedClock, type SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import {
  type CheckoutEvent,
  type CheckoutSession,
  checkoutMachine,
  selectCheckoutBusy,
  selectCheckoutStatus,
  selectAddress,
  selectAddressErrors,
  selectAddressLoading,
  selectFailure,
  selectQuote,
  selectRatesStatus,
  selectRegion,
  selectReviewing,
} from '../../machines/checkoutMachine';
import { type AddressDraft, addressOfDraft, EMPTY_ADDRESS, type ShippingAddress } from '../../domain/address';
import { AddressRefusalError, type CheckoutFailure, type CheckoutLine, type CheckoutRequest, StockRefusalError } from '../../domain/checkout';
import type { ShippingRate, ShippingRegion } from '../../domain/shipping';
import { ApiError } from '../../src/api/errors';
import { activeIds, declaredTransitions, explore, stateIds, transitionIds, withIgnored } from './graph';
import { SHIPPING_RATES as RATES } from '../../stories/fixtures/orders';

type Snapshot = SnapshotFrom<typeof checkoutMachine>;

/** A subtotal that ships free to Germany (from 50 €) but not to the EU (from 75 €). */
const SUBTOTAL = 6000;
const QUOTES: Partial<Record<ShippingRegion, unknown>> = {
  // €60.00 to Germany contains 19 % VAT: round(6000 × 19 / 119) = 958 cents; the EU's depends on the destination.
  DE: { shipping: 0, freeFrom: 5000, missingForFree: 0, total: 6000, vat: { kind: 'contained', rateBasisPoints: 1900, amount: 958 } },
  EU: { shipping: 799, freeFrom: 7500, missingForFree: 1500, total: 6799, vat: { kind: 'destination' } },
};

const LINES: CheckoutLine[] = [
  { variantId: 'v-tee-m', qty: 2, title: 'Grind Tee' },
  { variantId: 'v-shaker', qty: 1, title: 'Shaker' },
];
const BUYER = { userId: 'user-1', email: 'fan@example.com' };
const ORIGIN = 'https://shop.example';
const PAY_URL = 'https://checkout.stripe.example/c/pay/cs_test_1';

const refused = new StockRefusalError('insufficient_stock', 'v-shaker', 0, 'Only 0 left');
const offline = new ApiError('network', 'Failed to fetch');
const answered = new ApiError('invalid', 'Failed to create checkout session', { status: 400 });
const crashed = new Error('boom');
/** The function refused the address: back to the review, the problem under its field, no failure. */
const badPostcode = new AddressRefusalError([{ field: 'postalCode', message: 'A German postcode has 5 digits, e.g. 10115.' }], 'The shipping address cannot be used');
/** The signed-in customer's newest order's address (German: it fills the DE review; the EU review gets the name only). */
const LAST: ShippingAddress = { name: 'Erika Mustermann', line1: 'Heidestraße 17', postalCode: '51147', city: 'Köln', country: 'DE', phone: '+49 221 123456' };

/** What each error of createSession must read as (SPEC §8). */
const FAILURES = new Map<unknown, CheckoutFailure>([
  [refused, { kind: 'stock', code: 'insufficient_stock', variantId: 'v-shaker', available: 0, title: 'Shaker' }],
  [offline, { kind: 'network' }],
  [answered, { kind: 'failed', message: 'Failed to create checkout session' }],
  [crashed, { kind: 'unknown' }],
]);

type GraphEvent =
  | CheckoutEvent
  | { type: 'xstate.done.actor.fetchRates'; output: ShippingRate[] }
  | { type: 'xstate.error.actor.fetchRates'; error: unknown }
  | { type: 'xstate.done.actor.createSession'; output: CheckoutSession }
  | { type: 'xstate.error.actor.createSession'; error: unknown }
  | { type: 'xstate.done.actor.fetchLastAddress'; output: ShippingAddress | null }
  | { type: 'xstate.error.actor.fetchLastAddress'; error: unknown };

const submit = (lines: CheckoutLine[]): CheckoutEvent => ({ type: 'checkout.submit', lines, buyer: BUYER, origin: ORIGIN, locale: 'de' });

const events: GraphEvent[] = [
  { type: 'region.change', region: 'EU' },
  { type: 'region.change', region: 'DE' },
  // Not a region at all (a tampered storage value, say).
  { type: 'region.change', region: 'XX' as ShippingRegion },
  // The located country arrives (only taken until the shopper has chosen).
  { type: 'region.located', region: 'EU' },
  { type: 'region.located', region: 'XX' as ShippingRegion },
  // The region remembered from an earlier visit (read as the checkout starts), and junk in storage.
  { type: 'region.restored', region: 'EU' },
  { type: 'region.restored', region: 'XX' as ShippingRegion },
  submit(LINES),
  submit([]),
  { type: 'address.change', field: 'postalCode', value: '51147' },
  { type: 'order.place' },
  { type: 'review.back' },
  { type: 'cart.changed' },
  { type: 'checkout.returned' },
  { type: 'xstate.done.actor.fetchLastAddress', output: LAST },
  { type: 'xstate.error.actor.fetchLastAddress', error: offline },
  { type: 'xstate.done.actor.fetchRates', output: RATES },
  { type: 'xstate.error.actor.fetchRates', error: offline },
  { type: 'xstate.done.actor.createSession', output: { url: PAY_URL, sessionId: 'cs_test_1' } },
  { type: 'xstate.done.actor.createSession', output: { url: null, sessionId: null } },
  { type: 'xstate.done.actor.createSession', output: { url: '' } },
  ...[...FAILURES.keys(), badPostcode].map((error) => ({ type: 'xstate.error.actor.createSession' as const, error })),
];

type Settle = { resolve: (v: unknown) => void; reject: (e: unknown) => void };

/** One run of a watching actor: what it reports back, and whether the machine has stopped it. */
type Watch = { sendBack: (event: CheckoutEvent) => void; stopped: boolean };
type Watcher = 'watchLocation' | 'watchCart' | 'watchReturn';

/** A fake watcher: each start is recorded in `runs`, and the test reports through its sendBack. */
const fakeWatcher = (runs: Watch[]) =>
  fromCallback<CheckoutEvent>(({ sendBack }) => {
    const run: Watch = { sendBack, stopped: false };
    runs.push(run);
    return () => {
      run.stopped = true;
    };
  });

/** The watchers running now, by kind. */
const running = (watches: Record<Watcher, Watch[]>) =>
  Object.fromEntries(Object.entries(watches).map(([kind, runs]) => [kind, runs.filter((run) => !run.stopped).length])) as Record<Watcher, number>;

function harness(region: ShippingRegion = 'DE', chosen = false, stored: ShippingRegion | null = null) {
  const rateCalls: number[] = [];
  const sessions: CheckoutRequest[] = [];
  const redirects: { url: string }[] = [];
  const persisted: { region: ShippingRegion }[] = [];
  const pending: { fetchRates?: Settle; createSession?: Settle; fetchLastAddress?: Settle } = {};
  const addressLookups: { userId: string }[] = [];
  const watches: Record<Watcher, Watch[]> = { watchLocation: [], watchCart: [], watchReturn: [] };
  const storageReads: number[] = [];
  const machine = checkoutMachine.provide({
    actors: {
      fetchRates: fromPromise<ShippingRate[]>(() => {
        rateCalls.push(rateCalls.length + 1);
        return new Promise((resolve, reject) => {
          pending.fetchRates = { resolve: resolve as Settle['resolve'], reject };
        });
      }),
      createSession: fromPromise<CheckoutSession, CheckoutRequest>(({ input }) => {
        sessions.push(structuredClone(input));
        return new Promise((resolve, reject) => {
          pending.createSession = { resolve: resolve as Settle['resolve'], reject };
        });
      }),
      fetchLastAddress: fromPromise<ShippingAddress | null, { userId: string }>(({ input }) => {
        addressLookups.push(input);
        return new Promise((resolve, reject) => {
          pending.fetchLastAddress = { resolve: resolve as Settle['resolve'], reject };
        });
      }),
      readStoredRegion: fromCallback<CheckoutEvent>(({ sendBack }) => {
        storageReads.push(storageReads.length + 1);
        if (stored !== null) sendBack({ type: 'region.restored', region: stored });
      }),
      watchLocation: fakeWatcher(watches.watchLocation),
      watchCart: fakeWatcher(watches.watchCart),
      watchReturn: fakeWatcher(watches.watchReturn),
    },
    actions: {
      redirect: (_, params) => redirects.push(params),
      persistRegion: (_, params) => persisted.push(params),
    },
  });
  const actor = createActor(machine, { input: { region, chosen }, clock: new SimulatedClock() }).start();
  async function play(event: GraphEvent) {
    const match = /^xstate\.(done|error)\.actor\.(fetchRates|createSession|fetchLastAddress)$/.exec(event.type);
    if (!match) return actor.send(event as CheckoutEvent);
    const settle = pending[match[2] as 'fetchRates' | 'createSession' | 'fetchLastAddress'];
    if (match[1] === 'done') settle?.resolve((event as { output: unknown }).output);
    else settle?.reject((event as { error: unknown }).error);
    // fromPromise reports on a later microtask; a macrotask later it has been processed.
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  /** Reports an event through the latest run of a watcher, as the page would. */
  const report = (watcher: Watcher, event: CheckoutEvent) => watches[watcher].at(-1)?.sendBack(event);
  return { actor, play, report, rateCalls, sessions, redirects, persisted, addressLookups, watches, storageReads };
}

/** SPEC §7's body plus the region, the language and the review step's address, built from what the test knows. */
const expectedRequest = (region: ShippingRegion, address: AddressDraft = { ...EMPTY_ADDRESS, country: 'DE' }): CheckoutRequest => ({
  userId: 'user-1',
  email: 'fan@example.com',
  items: [
    { variantId: 'v-tee-m', qty: 2 },
    { variantId: 'v-shaker', qty: 1 },
  ],
  successUrl: 'https://shop.example/orders',
  cancelUrl: 'https://shop.example/cart',
  shippingRegion: region,
  locale: 'de',
  shippingAddress: addressOfDraft(address),
});

describe('checkout machine: graph coverage', () => {
  const { paths, taken } = explore(checkoutMachine, { region: 'DE' }, events);
  const initial = createActor(checkoutMachine, { input: { region: 'DE' } }).getSnapshot();

  it('reaches every state and takes every declared transition', () => {
    const visited = new Set([...activeIds(initial as never), ...paths.flatMap((path) => path.flatMap((step) => activeIds(step.state as never)))]);
    expect([...visited].sort()).toEqual(stateIds(checkoutMachine).sort());
    expect([...taken].sort()).toEqual(declaredTransitions(checkoutMachine).sort());
  });

  // Some 650 paths (the review's address and its refusals multiply the cart's states): given more than the default time.
  it('replays every path with fake effects and checks what each state promises', async () => {
    for (const path of [[], ...paths]) {
      const h = harness();
      expect(h.rateCalls).toEqual([1]);
      expect(selectCheckoutStatus(h.actor.getSnapshot())).toBe('idle');
      expect(selectRatesStatus(h.actor.getSnapshot())).toBe('loading');
      let from = initial as Snapshot;
      let redirectsEntered = 0;
      for (const step of withIgnored(checkoutMachine, initial, events, path)) {
        const event = step.event as GraphEvent;
        const handled = transitionIds(checkoutMachine, from, event).length > 0;
        const before = h.actor.getSnapshot();
        from = step.state as Snapshot;
        const counts = { sessions: h.sessions.length, redirects: h.redirects.length, persisted: h.persisted.length, rates: h.rateCalls.length, lookups: h.addressLookups.length };
        await h.play(event);
        const snapshot = h.actor.getSnapshot();
        expect(snapshot.value).toEqual(step.state.value);
        expect(snapshot.context).toEqual(step.state.context);
        const status = selectCheckoutStatus(snapshot);
        const newSessions = h.sessions.slice(counts.sessions);
        const newRedirects = h.redirects.slice(counts.redirects);
        const newPersisted = h.persisted.slice(counts.persisted);
        const newLookups = h.addressLookups.slice(counts.lookups);

        // Always: rates are asked for once, storage read once; the location and the cart are watched
        // all along, the page's return only while redirecting; the button is busy exactly while creating or redirecting.
        expect(h.rateCalls).toEqual([1]);
        expect(h.storageReads).toEqual([1]);
        expect(running(h.watches)).toEqual({ watchLocation: 1, watchCart: 1, watchReturn: status === 'redirecting' ? 1 : 0 });
        expect(h.watches.watchLocation).toHaveLength(1);
        expect(h.watches.watchCart).toHaveLength(1);
        expect(selectCheckoutBusy(snapshot)).toBe(status === 'creatingSession' || status === 'redirecting');
        // The review is on screen from "Checkout" until back on the cart.
        expect(selectReviewing(snapshot)).toBe(status !== 'idle');
        expect(selectAddressLoading(snapshot)).toBe(snapshot.matches({ session: { reviewing: 'loadingAddress' } }));
        // The quote: none without rates ("Calculated at checkout"), else the region's SPEC §9 figures.
        const quote = selectQuote(snapshot, SUBTOTAL);
        if (snapshot.context.rates === null) expect(quote).toBeNull();
        else expect(quote).toEqual(QUOTES[selectRegion(snapshot)]);
        // A failure is shown in the failed state only; address problems on the review only; a url only once redirecting.
        expect(selectFailure(snapshot) !== null).toBe(status === 'failed');
        if (selectAddressErrors(snapshot).length > 0) expect(status).toBe('reviewing');
        expect(snapshot.context.url !== null).toBe(status === 'redirecting');
        if (status === 'redirecting') redirectsEntered += selectCheckoutStatus(before) === 'redirecting' ? 0 : 1;
        expect(h.redirects.length).toBe(redirectsEntered);

        if (!handled) {
          // Ignored (an empty cart, a second click, the same or an unknown region…): nothing happens.
          expect(snapshot.value).toEqual(before.value);
          expect(snapshot.context).toEqual(before.context);
          expect([...newSessions, ...newRedirects, ...newPersisted, ...newLookups]).toEqual([]);
          continue;
        }
        // Only the order button creates a session; only opening the review looks the address up.
        if (event.type !== 'order.place') expect(newSessions).toEqual([]);
        if (event.type !== 'checkout.submit') expect(newLookups).toEqual([]);
        if (event.type !== 'region.change') expect(newPersisted).toEqual([]);
        if (event.type !== 'xstate.done.actor.createSession') expect(newRedirects).toEqual([]);

        switch (event.type) {
          case 'xstate.done.actor.fetchRates':
            // The rates arrive whatever the checkout is doing, and leave it as it was.
            expect(selectRatesStatus(snapshot)).toBe('loaded');
            expect(status).toBe(selectCheckoutStatus(before));
            expect(snapshot.context.rates).toEqual(RATES);
            break;
          case 'xstate.error.actor.fetchRates':
            expect(selectRatesStatus(snapshot)).toBe('unavailable');
            expect(status).toBe(selectCheckoutStatus(before));
            expect(snapshot.context.rates).toBeNull();
            break;
          case 'region.located':
            // Only until the shopper chooses, never remembered as their choice.
            expect(before.context.chosen).toBe(false);
            expect(status).toBe('idle');
            expect(selectRegion(snapshot)).toBe(event.region);
            expect(snapshot.context.chosen).toBe(false);
            expect(newPersisted).toEqual([]);
            break;
          case 'region.restored':
            // The remembered region is the shopper's choice, not remembered again.
            expect(status).toBe('idle');
            expect(selectRegion(snapshot)).toBe(event.region);
            expect(snapshot.context.chosen).toBe(true);
            expect(newPersisted).toEqual([]);
            break;
          case 'checkout.submit':
            // "Checkout" opens the review for exactly these lines: no session yet; a signed-in buyer's last address is looked up
            // when nothing is typed; the region's only country is chosen, another region's country cleared.
            expect(event.lines.length).toBeGreaterThan(0);
            expect(selectCheckoutStatus(before)).toBe('idle');
            expect(status).toBe('reviewing');
            expect(snapshot.context.lines).toEqual(event.lines);
            expect(snapshot.context.failure).toBeNull();
            expect(selectAddressErrors(snapshot)).toEqual([]);
            expect(newLookups).toEqual(before.context.address.name === '' && before.context.address.postalCode === '' ? [{ userId: 'user-1' }] : []);
            expect(selectAddress(snapshot).country).toBe(
              selectRegion(snapshot) === 'DE' ? 'DE' : ['AT', 'FR'].includes(before.context.address.country) ? before.context.address.country : '',
            );
            break;
          case 'xstate.done.actor.fetchLastAddress':
            expect(status).toBe('reviewing');
            expect(selectAddressLoading(before)).toBe(true);
            // What the shopper typed meanwhile wins over the stored address.
            if (event.output === null || before.context.address.postalCode !== '') expect(selectAddress(snapshot)).toEqual(selectAddress(before));
            else if (selectRegion(snapshot) === 'DE')
              // The German address fills the German review…
              expect(selectAddress(snapshot)).toEqual({ ...LAST, line2: '', phone: LAST.phone });
            // …and only says who receives it where Germany is not among the countries.
            else expect(selectAddress(snapshot)).toEqual({ ...selectAddress(before), name: LAST.name, phone: LAST.phone });
            break;
          case 'xstate.error.actor.fetchLastAddress':
            expect(status).toBe('reviewing');
            expect(selectAddress(snapshot)).toEqual(selectAddress(before));
            break;
          case 'address.change':
            expect(['reviewing', 'failed']).toContain(selectCheckoutStatus(before));
            expect(status).toBe(selectCheckoutStatus(before));
            expect(selectAddress(snapshot)).toEqual({ ...selectAddress(before), [event.field]: event.value });
            expect(selectAddressErrors(snapshot).some((error) => error.field === event.field)).toBe(false);
            break;
          case 'order.place':
            // One session per click, for the reviewed lines, the region and the address typed; a busy button takes no click.
            expect(['reviewing', 'failed']).toContain(selectCheckoutStatus(before));
            expect(status).toBe('creatingSession');
            expect(newSessions).toEqual([expectedRequest(before.context.region, selectAddress(before))]);
            expect(snapshot.context.failure).toBeNull();
            break;
          case 'xstate.done.actor.createSession':
            if (event.output.url) {
              expect(status).toBe('redirecting');
              expect(newRedirects).toEqual([{ url: PAY_URL }]);
              expect(snapshot.context.url).toBe(PAY_URL);
            } else {
              expect(status).toBe('failed');
              expect(newRedirects).toEqual([]);
              expect(selectFailure(snapshot)).toEqual({ kind: 'noUrl' });
            }
            break;
          case 'xstate.error.actor.createSession':
            if (event.error === badPostcode) {
              // Nothing was opened: back on the review, the problem under its field, the address as typed.
              expect(snapshot.matches({ session: { reviewing: 'editing' } })).toBe(true);
              expect(selectAddressErrors(snapshot)).toEqual(badPostcode.fields);
              expect(selectAddress(snapshot)).toEqual(selectAddress(before));
              expect(selectFailure(snapshot)).toBeNull();
            } else {
              expect(status).toBe('failed');
              expect(selectFailure(snapshot)).toEqual(FAILURES.get(event.error));
            }
            break;
          case 'region.change':
            // A real change, on the cart: remembered once, and the quote follows the region.
            expect(selectCheckoutStatus(before)).toBe('idle');
            expect(event.region).not.toBe(before.context.region);
            expect(selectRegion(snapshot)).toBe(event.region);
            expect(newPersisted).toEqual([{ region: event.region }]);
            expect(snapshot.context.chosen).toBe(true);
            if (snapshot.context.rates !== null) expect(selectQuote(snapshot, SUBTOTAL)).not.toEqual(selectQuote(before, SUBTOTAL));
            expect(status).toBe('idle');
            break;
          case 'review.back':
          case 'cart.changed':
            // Back on the cart, with nothing to show from the review; what was typed is kept for the next one.
            expect(['reviewing', 'failed']).toContain(selectCheckoutStatus(before));
            expect(status).toBe('idle');
            expect(selectFailure(snapshot)).toBeNull();
            expect(selectAddressErrors(snapshot)).toEqual([]);
            expect(selectAddress(snapshot)).toEqual(selectAddress(before));
            break;
          case 'checkout.returned':
            expect(selectCheckoutStatus(before)).toBe('redirecting');
            expect(status).toBe('idle');
            expect(snapshot.context.url).toBeNull();
            break;
        }
      }
      h.actor.stop();
    }
  }, 90_000);
});

describe('checkout machine: rules', () => {
  /** "Checkout", then the order button. */
  const place = (h: ReturnType<typeof harness>, lines = LINES) => {
    h.actor.send(submit(lines));
    h.actor.send({ type: 'order.place' });
  };

  it('an empty cart does nothing, in every state that takes a click', async () => {
    const h = harness();
    h.actor.send(submit([]));
    expect(selectCheckoutStatus(h.actor.getSnapshot())).toBe('idle');
    await h.play({ type: 'xstate.done.actor.fetchRates', output: RATES });
    h.actor.send(submit([]));
    expect(selectCheckoutStatus(h.actor.getSnapshot())).toBe('idle');
    place(h);
    await h.play({ type: 'xstate.error.actor.createSession', error: offline });
    h.actor.send(submit([]));
    expect(selectCheckoutStatus(h.actor.getSnapshot())).toBe('failed');
    expect(h.sessions).toHaveLength(1);
  });

  it('"Checkout" only opens the review: the order button alone creates the session, with the address typed there', async () => {
    const h = harness('DE');
    await h.play({ type: 'xstate.done.actor.fetchRates', output: RATES });
    h.actor.send(submit(LINES));
    expect(selectReviewing(h.actor.getSnapshot())).toBe(true);
    expect(h.sessions).toEqual([]);
    await h.play({ type: 'xstate.done.actor.fetchLastAddress', output: null });
    const typed = { name: 'Erika Mustermann', line1: 'Heidestraße 17', line2: '', postalCode: '51147', city: 'Köln', country: 'DE', phone: '' };
    for (const [field, value] of Object.entries(typed)) h.actor.send({ type: 'address.change', field: field as keyof AddressDraft, value });
    h.actor.send({ type: 'order.place' });
    expect(h.sessions).toEqual([expectedRequest('DE', typed)]);
    expect(h.sessions[0].shippingAddress).toEqual({ name: 'Erika Mustermann', line1: 'Heidestraße 17', postalCode: '51147', city: 'Köln', country: 'DE' });
  });

  it('a refused address returns to the review with the problem under its field; editing the field clears it; nothing else is lost', async () => {
    const h = harness('DE');
    place(h);
    await h.play({ type: 'xstate.error.actor.createSession', error: badPostcode });
    expect(selectCheckoutStatus(h.actor.getSnapshot())).toBe('reviewing');
    expect(selectAddressErrors(h.actor.getSnapshot())).toEqual(badPostcode.fields);
    h.actor.send({ type: 'address.change', field: 'city', value: 'Köln' });
    expect(selectAddressErrors(h.actor.getSnapshot())).toEqual(badPostcode.fields);
    h.actor.send({ type: 'address.change', field: 'postalCode', value: '51147' });
    expect(selectAddressErrors(h.actor.getSnapshot())).toEqual([]);
    h.actor.send({ type: 'order.place' });
    expect(h.sessions.map((r) => r.shippingAddress?.postalCode)).toEqual(['', '51147']);
  });

  it('a signed-in customer gets their last address once; a guest is not looked up; Back keeps what was typed', async () => {
    const h = harness('DE');
    h.actor.send(submit(LINES));
    expect(h.addressLookups).toEqual([{ userId: 'user-1' }]);
    expect(selectAddressLoading(h.actor.getSnapshot())).toBe(true);
    await h.play({ type: 'xstate.done.actor.fetchLastAddress', output: LAST });
    expect(selectAddress(h.actor.getSnapshot())).toEqual({ ...LAST, line2: '' });
    h.actor.send({ type: 'review.back' });
    h.actor.send(submit(LINES));
    expect(h.addressLookups).toHaveLength(1);
    expect(selectAddress(h.actor.getSnapshot()).name).toBe('Erika Mustermann');
    const guest = harness('DE');
    guest.actor.send({ type: 'checkout.submit', lines: LINES, buyer: { userId: null, email: null }, origin: ORIGIN, locale: 'en' });
    expect(guest.addressLookups).toEqual([]);
    expect(selectAddress(guest.actor.getSnapshot())).toEqual({ ...EMPTY_ADDRESS, country: 'DE' });
  });

  it('a double click creates one session and redirects once', async () => {
    const h = harness();
    await h.play({ type: 'xstate.done.actor.fetchRates', output: RATES });
    place(h);
    h.actor.send({ type: 'order.place' });
    h.actor.send({ type: 'region.change', region: 'EU' });
    h.actor.send(submit(LINES));
    expect(h.sessions).toEqual([expectedRequest('DE')]);
    expect(selectCheckoutBusy(h.actor.getSnapshot())).toBe(true);
    await h.play({ type: 'xstate.done.actor.createSession', output: { url: PAY_URL } });
    h.actor.send({ type: 'order.place' });
    expect(h.sessions).toHaveLength(1);
    expect(h.redirects).toEqual([{ url: PAY_URL }]);
    expect(selectCheckoutStatus(h.actor.getSnapshot())).toBe('redirecting');
    expect(h.persisted).toEqual([]);
  });

  it('a click while the rates load still checks out, at the chosen region', async () => {
    const h = harness('UK');
    h.actor.send({ type: 'region.change', region: 'US' });
    place(h);
    expect(h.sessions.map((r) => r.shippingRegion)).toEqual(['US']);
    expect(h.persisted).toEqual([{ region: 'US' }]);
    // The rates' lookup goes on beside it: neither disturbs the other.
    await h.play({ type: 'xstate.done.actor.fetchRates', output: RATES });
    expect(selectCheckoutStatus(h.actor.getSnapshot())).toBe('creatingSession');
    expect(h.sessions).toHaveLength(1);
    expect(h.rateCalls).toEqual([1]);
    // Refused: the review shows the charge for the region, the rates were kept.
    await h.play({ type: 'xstate.error.actor.createSession', error: offline });
    expect(selectQuote(h.actor.getSnapshot(), 4999)).toEqual({ shipping: 1299, freeFrom: 15000, missingForFree: 10001, total: 6298, vat: { kind: 'export' } });
  });

  it('the located country sets the region until the shopper picks one; an earlier choice is kept', async () => {
    const h = harness('DE');
    h.actor.send({ type: 'region.located', region: 'UK' });
    expect(selectRegion(h.actor.getSnapshot())).toBe('UK');
    h.actor.send({ type: 'region.change', region: 'EU' });
    h.actor.send({ type: 'region.located', region: 'US' });
    expect(selectRegion(h.actor.getSnapshot())).toBe('EU');
    expect(h.persisted).toEqual([{ region: 'EU' }]);
    const returning = harness('EU', true);
    returning.actor.send({ type: 'region.located', region: 'DE' });
    expect(selectRegion(returning.actor.getSnapshot())).toBe('EU');
    expect(returning.persisted).toEqual([]);
  });

  it('back from the payment page (bfcache): the cart again, and a new review can make a new session', async () => {
    const h = harness();
    await h.play({ type: 'xstate.done.actor.fetchRates', output: RATES });
    place(h);
    await h.play({ type: 'xstate.done.actor.createSession', output: { url: PAY_URL } });
    h.actor.send({ type: 'checkout.returned' });
    expect(selectCheckoutBusy(h.actor.getSnapshot())).toBe(false);
    expect(selectReviewing(h.actor.getSnapshot())).toBe(false);
    place(h);
    expect(h.sessions).toHaveLength(2);
  });

  it('a refusal names the line by the title it had in the cart at that click', async () => {
    const h = harness();
    await h.play({ type: 'xstate.error.actor.fetchRates', error: offline });
    place(h, [{ variantId: 'v-shaker', qty: 5, title: 'Shaker 700 ml' }]);
    await h.play({ type: 'xstate.error.actor.createSession', error: new StockRefusalError('insufficient_stock', 'v-shaker', 3, 'Only 3 left') });
    expect(selectFailure(h.actor.getSnapshot())).toEqual({ kind: 'stock', code: 'insufficient_stock', variantId: 'v-shaker', available: 3, title: 'Shaker 700 ml' });
    h.actor.send({ type: 'cart.changed' });
    expect(selectFailure(h.actor.getSnapshot())).toBeNull();
    expect(selectCheckoutStatus(h.actor.getSnapshot())).toBe('idle');
  });

  it('each region quotes its own rate; a changed region changes the request and the countries offered', async () => {
    const h = harness('DE');
    await h.play({ type: 'xstate.done.actor.fetchRates', output: RATES });
    const shipping = (region: ShippingRegion) => {
      h.actor.send({ type: 'region.change', region });
      return selectQuote(h.actor.getSnapshot(), 4999)?.shipping;
    };
    expect([shipping('EU'), shipping('UK'), shipping('US'), shipping('DE')]).toEqual([799, 999, 1299, 499]);
    expect(h.persisted.map((p) => p.region)).toEqual(['EU', 'UK', 'US', 'DE']);
    h.actor.send({ type: 'region.change', region: 'UK' });
    place(h);
    expect(h.sessions.at(-1)?.shippingRegion).toBe('UK');
    expect(h.sessions.at(-1)?.shippingAddress?.country).toBe('GB');
  });

  it("the remembered region is read once as it starts and is the shopper's choice: the located country does not change it", () => {
    const h = harness('DE', false, 'US');
    expect(h.storageReads).toEqual([1]);
    expect(selectRegion(h.actor.getSnapshot())).toBe('US');
    h.report('watchLocation', { type: 'region.located', region: 'EU' });
    expect(selectRegion(h.actor.getSnapshot())).toBe('US');
    expect(h.persisted).toEqual([]);
    // Remembered as the region the country gives too: still a choice.
    const same = harness('DE', false, 'DE');
    same.report('watchLocation', { type: 'region.located', region: 'UK' });
    expect(selectRegion(same.actor.getSnapshot())).toBe('DE');
    // Nothing remembered, or junk: the country decides.
    for (const stored of [null, 'MARS' as ShippingRegion]) {
      const fresh = harness('DE', false, stored);
      expect(selectRegion(fresh.actor.getSnapshot())).toBe('DE');
      fresh.report('watchLocation', { type: 'region.located', region: 'UK' });
      expect(selectRegion(fresh.actor.getSnapshot())).toBe('UK');
    }
  });

  it('the cart and the location are watched as long as the checkout lives; a changed cart ends the review', () => {
    const h = harness('DE');
    expect(running(h.watches)).toEqual({ watchLocation: 1, watchCart: 1, watchReturn: 0 });
    h.actor.send(submit(LINES));
    h.report('watchCart', { type: 'cart.changed' });
    expect(selectReviewing(h.actor.getSnapshot())).toBe(false);
    h.actor.stop();
    expect(running(h.watches)).toEqual({ watchLocation: 0, watchCart: 0, watchReturn: 0 });
  });

  it("the page's return from the payment page is watched only while redirecting", async () => {
    const h = harness();
    place(h);
    expect(h.watches.watchReturn).toHaveLength(0);
    await h.play({ type: 'xstate.done.actor.createSession', output: { url: PAY_URL } });
    expect(running(h.watches).watchReturn).toBe(1);
    h.report('watchReturn', { type: 'checkout.returned' });
    expect(selectCheckoutStatus(h.actor.getSnapshot())).toBe('idle');
    expect(running(h.watches).watchReturn).toBe(0);
    // Each redirect watches afresh.
    place(h);
    await h.play({ type: 'xstate.done.actor.createSession', output: { url: PAY_URL } });
    expect(h.watches.watchReturn.map((run) => run.stopped)).toEqual([true, false]);
  });

  it('a checkout started without its watchers fails loudly (nothing silently unwatched)', () => {
    const actor = createActor(checkoutMachine.provide({ actors: { fetchRates: fromPromise(() => new Promise<ShippingRate[]>(() => {})) } }), { input: { region: 'DE' } });
    const errors: unknown[] = [];
    actor.subscribe({ error: (error) => errors.push(error) });
    actor.start();
    expect(String(errors[0])).toMatch(/^Error: provide (readStoredRegion|watchLocation|watchCart)$/);
  });
});
