import { createActor, fromPromise, SimulatedClock, type SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import {
  type CheckoutEvent,
  type CheckoutSession,
  checkoutMachine,
  selectCheckoutBusy,
  selectCheckoutStatus,
  selectFailure,
  selectQuote,
  selectRatesStatus,
  selectRegion,
} from '../../machines/checkoutMachine';
import { type CheckoutFailure, type CheckoutLine, type CheckoutRequest, type ShippingRate, type ShippingRegion, StockRefusalError } from '../../machines/orders';
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
  | { type: 'xstate.error.actor.createSession'; error: unknown };

const submit = (lines: CheckoutLine[]): CheckoutEvent => ({ type: 'checkout.submit', lines, buyer: BUYER, origin: ORIGIN, locale: 'de' });

const events: GraphEvent[] = [
  { type: 'region.change', region: 'EU' },
  { type: 'region.change', region: 'DE' },
  // Not a region at all (a tampered storage value, say).
  { type: 'region.change', region: 'XX' as ShippingRegion },
  // The located country arrives (only taken until the shopper has chosen).
  { type: 'region.located', region: 'EU' },
  { type: 'region.located', region: 'XX' as ShippingRegion },
  submit(LINES),
  submit([]),
  { type: 'cart.changed' },
  { type: 'checkout.returned' },
  { type: 'xstate.done.actor.fetchRates', output: RATES },
  { type: 'xstate.error.actor.fetchRates', error: offline },
  { type: 'xstate.done.actor.createSession', output: { url: PAY_URL, sessionId: 'cs_test_1' } },
  { type: 'xstate.done.actor.createSession', output: { url: null, sessionId: null } },
  { type: 'xstate.done.actor.createSession', output: { url: '' } },
  ...[...FAILURES.keys()].map((error) => ({ type: 'xstate.error.actor.createSession' as const, error })),
];

type Settle = { resolve: (v: unknown) => void; reject: (e: unknown) => void };

function harness(region: ShippingRegion = 'DE', chosen = false) {
  const rateCalls: number[] = [];
  const sessions: CheckoutRequest[] = [];
  const redirects: { url: string }[] = [];
  const persisted: { region: ShippingRegion }[] = [];
  const pending: { fetchRates?: Settle; createSession?: Settle } = {};
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
    },
    actions: {
      redirect: (_, params) => redirects.push(params),
      persistRegion: (_, params) => persisted.push(params),
    },
  });
  const actor = createActor(machine, { input: { region, chosen }, clock: new SimulatedClock() }).start();
  async function play(event: GraphEvent) {
    const match = /^xstate\.(done|error)\.actor\.(fetchRates|createSession)$/.exec(event.type);
    if (!match) return actor.send(event as CheckoutEvent);
    const settle = pending[match[2] as 'fetchRates' | 'createSession'];
    if (match[1] === 'done') settle?.resolve((event as { output: unknown }).output);
    else settle?.reject((event as { error: unknown }).error);
    // fromPromise reports on a later microtask; a macrotask later it has been processed.
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return { actor, play, rateCalls, sessions, redirects, persisted };
}

/** SPEC §7's body plus the region and the language, built from what the test knows. */
const expectedRequest = (region: ShippingRegion): CheckoutRequest => ({
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
});

describe('checkout machine: graph coverage', () => {
  const { paths, taken } = explore(checkoutMachine, { region: 'DE' }, events);
  const initial = createActor(checkoutMachine, { input: { region: 'DE' } }).getSnapshot();

  it('reaches every state and takes every declared transition', () => {
    const visited = new Set([...activeIds(initial as never), ...paths.flatMap((path) => path.flatMap((step) => activeIds(step.state as never)))]);
    expect([...visited].sort()).toEqual(stateIds(checkoutMachine).sort());
    expect([...taken].sort()).toEqual(declaredTransitions(checkoutMachine).sort());
  });

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
        const counts = { sessions: h.sessions.length, redirects: h.redirects.length, persisted: h.persisted.length, rates: h.rateCalls.length };
        await h.play(event);
        const snapshot = h.actor.getSnapshot();
        expect(snapshot.value).toEqual(step.state.value);
        expect(snapshot.context).toEqual(step.state.context);
        const status = selectCheckoutStatus(snapshot);
        const newSessions = h.sessions.slice(counts.sessions);
        const newRedirects = h.redirects.slice(counts.redirects);
        const newPersisted = h.persisted.slice(counts.persisted);

        // Always: rates are asked for once; the button is busy exactly while creating or redirecting.
        expect(h.rateCalls).toEqual([1]);
        expect(selectCheckoutBusy(snapshot)).toBe(status === 'creatingSession' || status === 'redirecting');
        // The quote: none without rates ("Calculated at checkout"), else the region's SPEC §9 figures.
        const quote = selectQuote(snapshot, SUBTOTAL);
        if (snapshot.context.rates === null) expect(quote).toBeNull();
        else expect(quote).toEqual(QUOTES[selectRegion(snapshot)]);
        // A failure is shown in the failed state only; a url only once redirecting.
        expect(selectFailure(snapshot) !== null).toBe(status === 'failed');
        expect(snapshot.context.url !== null).toBe(status === 'redirecting');
        if (status === 'redirecting') redirectsEntered += selectCheckoutStatus(before) === 'redirecting' ? 0 : 1;
        expect(h.redirects.length).toBe(redirectsEntered);

        if (!handled) {
          // Ignored (an empty cart, a second click, the same or an unknown region…): nothing happens.
          expect(snapshot.value).toEqual(before.value);
          expect(snapshot.context).toEqual(before.context);
          expect([...newSessions, ...newRedirects, ...newPersisted]).toEqual([]);
          continue;
        }
        if (event.type !== 'checkout.submit') expect(newSessions).toEqual([]);
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
          case 'checkout.submit':
            // One session per click, for exactly the lines and the region chosen; a busy button takes no click.
            expect(event.lines.length).toBeGreaterThan(0);
            expect(selectCheckoutBusy(before)).toBe(false);
            expect(status).toBe('creatingSession');
            expect(newSessions).toEqual([expectedRequest(before.context.region)]);
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
            expect(status).toBe('failed');
            expect(selectFailure(snapshot)).toEqual(FAILURES.get(event.error));
            break;
          case 'region.change':
            // A real change: remembered once, and the quote follows the region.
            expect(event.region).not.toBe(before.context.region);
            expect(selectRegion(snapshot)).toBe(event.region);
            expect(newPersisted).toEqual([{ region: event.region }]);
            expect(snapshot.context.chosen).toBe(true);
            if (snapshot.context.rates !== null) expect(selectQuote(snapshot, SUBTOTAL)).not.toEqual(selectQuote(before, SUBTOTAL));
            // Changing the region after a failure starts over.
            if (selectCheckoutStatus(before) === 'failed') expect(status).toBe('idle');
            else expect(status).toBe(selectCheckoutStatus(before));
            break;
          case 'cart.changed':
            expect(selectCheckoutStatus(before)).toBe('failed');
            expect(status).toBe('idle');
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
  });
});

describe('checkout machine: rules', () => {
  it('an empty cart does nothing, in every state that takes a click', async () => {
    const h = harness();
    h.actor.send(submit([]));
    expect(selectCheckoutStatus(h.actor.getSnapshot())).toBe('idle');
    await h.play({ type: 'xstate.done.actor.fetchRates', output: RATES });
    h.actor.send(submit([]));
    expect(selectCheckoutStatus(h.actor.getSnapshot())).toBe('idle');
    h.actor.send(submit(LINES));
    await h.play({ type: 'xstate.error.actor.createSession', error: offline });
    h.actor.send(submit([]));
    expect(selectCheckoutStatus(h.actor.getSnapshot())).toBe('failed');
    expect(h.sessions).toHaveLength(1);
  });

  it('a double click creates one session and redirects once', async () => {
    const h = harness();
    await h.play({ type: 'xstate.done.actor.fetchRates', output: RATES });
    h.actor.send(submit(LINES));
    h.actor.send(submit(LINES));
    h.actor.send({ type: 'region.change', region: 'EU' });
    h.actor.send(submit(LINES));
    expect(h.sessions).toEqual([expectedRequest('DE')]);
    expect(selectCheckoutBusy(h.actor.getSnapshot())).toBe(true);
    await h.play({ type: 'xstate.done.actor.createSession', output: { url: PAY_URL } });
    h.actor.send(submit(LINES));
    expect(h.sessions).toHaveLength(1);
    expect(h.redirects).toEqual([{ url: PAY_URL }]);
    expect(selectCheckoutStatus(h.actor.getSnapshot())).toBe('redirecting');
    expect(h.persisted).toEqual([]);
  });

  it('a click while the rates load still checks out, at the chosen region', async () => {
    const h = harness('UK');
    h.actor.send({ type: 'region.change', region: 'US' });
    h.actor.send(submit(LINES));
    expect(h.sessions.map((r) => r.shippingRegion)).toEqual(['US']);
    expect(h.persisted).toEqual([{ region: 'US' }]);
    // The rates' lookup goes on beside it: neither disturbs the other.
    await h.play({ type: 'xstate.done.actor.fetchRates', output: RATES });
    expect(selectCheckoutStatus(h.actor.getSnapshot())).toBe('creatingSession');
    expect(h.sessions).toHaveLength(1);
    expect(h.rateCalls).toEqual([1]);
    // Refused: the cart page shows the charge for the region, the rates were kept.
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

  it('back from the payment page (bfcache): the button is free again and a new session can be made', async () => {
    const h = harness();
    await h.play({ type: 'xstate.done.actor.fetchRates', output: RATES });
    h.actor.send(submit(LINES));
    await h.play({ type: 'xstate.done.actor.createSession', output: { url: PAY_URL } });
    h.actor.send({ type: 'checkout.returned' });
    expect(selectCheckoutBusy(h.actor.getSnapshot())).toBe(false);
    h.actor.send(submit(LINES));
    expect(h.sessions).toHaveLength(2);
  });

  it('a refusal names the line by the title it had in the cart at that click', async () => {
    const h = harness();
    await h.play({ type: 'xstate.error.actor.fetchRates', error: offline });
    h.actor.send(submit([{ variantId: 'v-shaker', qty: 5, title: 'Shaker 700 ml' }]));
    await h.play({ type: 'xstate.error.actor.createSession', error: new StockRefusalError('insufficient_stock', 'v-shaker', 3, 'Only 3 left') });
    expect(selectFailure(h.actor.getSnapshot())).toEqual({ kind: 'stock', code: 'insufficient_stock', variantId: 'v-shaker', available: 3, title: 'Shaker 700 ml' });
    h.actor.send({ type: 'cart.changed' });
    expect(selectFailure(h.actor.getSnapshot())).toBeNull();
    expect(selectCheckoutStatus(h.actor.getSnapshot())).toBe('idle');
  });

  it('each region quotes its own rate; a changed region changes the request', async () => {
    const h = harness('DE');
    await h.play({ type: 'xstate.done.actor.fetchRates', output: RATES });
    const shipping = (region: ShippingRegion) => {
      h.actor.send({ type: 'region.change', region });
      return selectQuote(h.actor.getSnapshot(), 4999)?.shipping;
    };
    expect([shipping('EU'), shipping('UK'), shipping('US'), shipping('DE')]).toEqual([799, 999, 1299, 499]);
    expect(h.persisted.map((p) => p.region)).toEqual(['EU', 'UK', 'US', 'DE']);
    h.actor.send({ type: 'region.change', region: 'UK' });
    h.actor.send(submit(LINES));
    expect(h.sessions.at(-1)?.shippingRegion).toBe('UK');
  });
});
