import { describe, expect, it } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import { type ShipInput, type Shipment, TRACKING_NUMBER, validateShipment } from '../../domain/shipment';
import { type ShipOrderEvent, type ShipOrderOutput, selectShipOrderState, shipOrderMachine } from '../../machines/shipOrderMachine';
import { ApiError } from '../../src/api/errors';
import { activeIds, declaredTransitions, explore, stateIds, transitionIds, withIgnored } from './graph';
import { type Deferred, deferredActor, playLatest, tick } from './support';

type Snapshot = SnapshotFrom<typeof shipOrderMachine>;

const SHIPMENT: Shipment = {
  status: 'shipped',
  updatedAt: '2026-11-21T08:00:00Z',
  carrier: 'dhl',
  trackingNumber: '00340434161234567890',
  trackingUrl: 'https://www.dhl.de/de/privatkunden/pakete-empfangen/verfolgen.html?piececode=00340434161234567890',
  shippedAt: '2026-11-21T08:00:00Z',
};
const trackingRefused = new ApiError('invalid', 'A tracking number has 3 to 40 letters, digits, spaces or hyphens', { code: 'tracking_invalid' });
const carrierRefused = new ApiError('invalid', 'Unknown carrier', { code: 'carrier_invalid' });
const stale = new ApiError('conflict', 'An order that is shipped cannot be shipped', { code: 'stale' });
const offline = new ApiError('network', 'Failed to fetch');

type GraphEvent = ShipOrderEvent | { type: 'xstate.done.actor.shipOrder'; output: Shipment } | { type: 'xstate.error.actor.shipOrder'; error: unknown };

const events: GraphEvent[] = [
  { type: 'carrier.change', carrier: 'dhl' },
  { type: 'carrier.change', carrier: '' },
  { type: 'tracking.change', value: ' 00340434161234567890 ' },
  { type: 'tracking.change', value: 'bad/number' },
  { type: 'tracking.change', value: '' },
  { type: 'ship.submit' },
  { type: 'dialog.close' },
  { type: 'xstate.done.actor.shipOrder', output: SHIPMENT },
  { type: 'xstate.error.actor.shipOrder', error: trackingRefused },
  { type: 'xstate.error.actor.shipOrder', error: carrierRefused },
  { type: 'xstate.error.actor.shipOrder', error: stale },
  { type: 'xstate.error.actor.shipOrder', error: offline },
];

function harness() {
  const ships: Deferred<ShipInput, Shipment>[] = [];
  const machine = shipOrderMachine.provide({ actors: { shipOrder: deferredActor(ships) } });
  const actor = createActor(machine, { input: { orderId: 'o-1' } }).start();
  // A dialog that ended takes no more events (the graph still offers them, to check they change nothing).
  const play = (event: GraphEvent) => (actor.getSnapshot().status === 'done' ? Promise.resolve() : playLatest(actor, { shipOrder: ships }, event));
  return { actor, ships, play };
}

const INPUT = { orderId: 'o-1' };

describe('ship order machine: graph coverage', () => {
  const { paths, taken } = explore(shipOrderMachine, INPUT, events);
  const initial = createActor(shipOrderMachine, { input: INPUT }).getSnapshot();

  it('reaches every state and takes every declared transition', () => {
    const visited = new Set([...activeIds(initial as never), ...paths.flatMap((path) => path.flatMap((step) => activeIds(step.state as never)))]);
    expect([...visited].sort()).toEqual(stateIds(shipOrderMachine).sort());
    expect([...taken].sort()).toEqual(declaredTransitions(shipOrderMachine).sort());
  });

  it('replays every path: one request per valid submit, with the values typed; field refusals go back to the field', async () => {
    for (const path of [[], ...paths]) {
      const h = harness();
      let from = initial as Snapshot;
      for (const step of withIgnored(shipOrderMachine, initial, events, path)) {
        const event = step.event as GraphEvent;
        const handled = transitionIds(shipOrderMachine, from, event).length > 0;
        from = step.state as Snapshot;
        const before = h.actor.getSnapshot();
        const requests = h.ships.length;
        await h.play(event);
        const snapshot = h.actor.getSnapshot();
        expect(snapshot.value).toEqual(step.state.value);
        expect(snapshot.context).toEqual(step.state.context);
        const state = selectShipOrderState(snapshot);
        if (!handled) {
          expect(snapshot.context).toEqual(before.context);
          expect(h.ships.length).toBe(requests);
          continue;
        }
        if (state === 'submitting' && selectShipOrderState(before) !== 'submitting') {
          // Only a valid form is sent, trimmed, blanks as null.
          expect(validateShipment(snapshot.context.values)).toEqual({});
          expect(h.ships.length).toBe(requests + 1);
          const number = snapshot.context.values.trackingNumber.trim();
          expect(h.ships.at(-1)?.input).toEqual({ id: 'o-1', carrier: snapshot.context.values.carrier || null, trackingNumber: number || null });
          expect(snapshot.context.failure).toBeNull();
        } else {
          expect(h.ships.length).toBe(requests);
        }
        if (event.type === 'ship.submit' && state === 'editing') {
          // Refused by the client: the problem is shown at its field, nothing sent.
          expect(snapshot.context.errors.trackingNumber).toBe('tracking_invalid');
          expect(TRACKING_NUMBER.test(snapshot.context.values.trackingNumber.trim())).toBe(false);
        }
        if (event.type === 'xstate.error.actor.shipOrder') {
          if (event.error === trackingRefused) expect([state, snapshot.context.errors]).toEqual(['editing', { trackingNumber: 'tracking_invalid' }]);
          else if (event.error === carrierRefused) expect([state, snapshot.context.errors]).toEqual(['editing', { carrier: 'carrier_invalid' }]);
          else {
            expect(state).toBe('failed');
            expect(snapshot.context.failure).toEqual({ code: (event.error as ApiError).code ?? null, message: (event.error as Error).message });
          }
          if (event.error === stale) expect(snapshot.context.changed).toBe(true);
        }
        if (state === 'done') {
          expect(snapshot.status).toBe('done');
          expect(snapshot.output).toEqual({ outcome: 'shipped', shipment: SHIPMENT } satisfies ShipOrderOutput);
        }
        if (state === 'closed') expect(snapshot.output).toEqual({ outcome: 'closed', changed: before.context.changed });
      }
      h.actor.stop();
    }
  });
});

describe('ship order machine: rules', () => {
  it('ships with no carrier and no number (both optional)', async () => {
    const h = harness();
    h.actor.send({ type: 'ship.submit' });
    expect(h.ships.map((s) => s.input)).toEqual([{ id: 'o-1', carrier: null, trackingNumber: null }]);
    await h.play({ type: 'xstate.done.actor.shipOrder', output: { ...SHIPMENT, carrier: null, trackingNumber: null, trackingUrl: null } });
    expect(h.actor.getSnapshot().output).toMatchObject({ outcome: 'shipped', shipment: { carrier: null } });
  });

  it('a bad number is caught before sending; fixing it clears the message; a double click sends once', async () => {
    const h = harness();
    h.actor.send({ type: 'tracking.change', value: 'AB' });
    h.actor.send({ type: 'ship.submit' });
    expect(h.actor.getSnapshot().context.errors).toEqual({ trackingNumber: 'tracking_invalid' });
    expect(h.ships).toEqual([]);
    h.actor.send({ type: 'tracking.change', value: 'JD 0146-0000 1234' });
    expect(h.actor.getSnapshot().context.errors.trackingNumber).toBeUndefined();
    h.actor.send({ type: 'carrier.change', carrier: 'ups' });
    h.actor.send({ type: 'ship.submit' });
    h.actor.send({ type: 'ship.submit' });
    h.actor.send({ type: 'dialog.close' });
    expect(selectShipOrderState(h.actor.getSnapshot())).toBe('submitting');
    expect(h.ships.map((s) => s.input)).toEqual([{ id: 'o-1', carrier: 'ups', trackingNumber: 'JD 0146-0000 1234' }]);
  });

  it('rejects what the database rejects', () => {
    for (const bad of ['ab', '-abc', 'abc/def', 'x'.repeat(41), 'üml'])
      expect(validateShipment({ carrier: '', trackingNumber: bad })).toEqual({ trackingNumber: 'tracking_invalid' });
    for (const good of ['abc', 'JD-01 46', 'x'.repeat(40), '  123  ']) expect(validateShipment({ carrier: 'dpd', trackingNumber: good })).toEqual({});
  });

  it('another admin shipped it first: failed, and closing asks the page to reload', async () => {
    const h = harness();
    h.actor.send({ type: 'ship.submit' });
    await h.play({ type: 'xstate.error.actor.shipOrder', error: stale });
    expect(h.actor.getSnapshot().context.failure).toEqual({ code: 'stale', message: stale.message });
    h.actor.send({ type: 'dialog.close' });
    expect(h.actor.getSnapshot().output).toEqual({ outcome: 'closed', changed: true });
    await tick();
  });
});
