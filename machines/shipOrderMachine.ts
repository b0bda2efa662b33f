import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { errorMessage } from '../domain/errors';
import { type Carrier, type ShipErrors, type ShipInput, type Shipment, type ShipProblem, type ShipValues, shipInput, validateShipment } from '../domain/shipment';
import { type StateOf, topState } from './status';

export type ShipOrderInput = { orderId: string };

/** Why the last try did not ship; the view words `code` and falls back to `message`. */
export type ShipFailure = { code: string | null; message: string };

type Context = {
  orderId: string;
  values: ShipValues;
  /** Field problems found on submit (or refused by the database); cleared per field as it is edited. */
  errors: ShipErrors;
  failure: ShipFailure | null;
  /** ship_order's answer, once it shipped. */
  shipment: Shipment | null;
  /** The order may have changed in the database (a stale or unknown refusal): the page reloads it when the dialog closes. */
  changed: boolean;
};

export type ShipOrderEvent = { type: 'carrier.change'; carrier: Carrier | '' } | { type: 'tracking.change'; value: string } | { type: 'ship.submit' } | { type: 'dialog.close' };

/** What the dialog ended with: the order shipped, or closed (and whether the order should be read again). */
export type ShipOrderOutput = { outcome: 'shipped'; shipment: Shipment } | { outcome: 'closed'; changed: boolean };

const FIELD_REFUSALS = new Set<ShipProblem>(['tracking_invalid', 'carrier_invalid']);
/** Refusals after which the order is not what the page shows (or no longer exists). */
const CHANGED_REFUSALS = new Set(['stale', 'refund_in_progress', 'not_found']);

const codeOf = (error: unknown): string | null => {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : null;
};
const failureOf = (error: unknown): ShipFailure => ({ code: codeOf(error), message: errorMessage(error, 'Unknown error') });

/**
 * "Mark as shipped" (issue 19): editing → submitting → done | failed. Carrier and tracking number
 * are optional; a number is checked with ship_order's own rule before it is sent, and a number
 * or carrier the database still refuses comes back to the field. A second submit while one runs
 * is ignored. Closing ends the dialog with `closed` (changed when a refusal said the order moved on).
 */
export const shipOrderMachine = setup({
  types: { context: {} as Context, events: {} as ShipOrderEvent, input: {} as ShipOrderInput, output: {} as ShipOrderOutput },
  actors: {
    shipOrder: fromPromise<Shipment, ShipInput>(async () => {
      throw new Error('provide shipOrder');
    }),
  },
  actions: {
    setCarrier: assign(({ context, event }) =>
      event.type === 'carrier.change' ? { values: { ...context.values, carrier: event.carrier }, errors: { ...context.errors, carrier: undefined } } : {},
    ),
    setTracking: assign(({ context, event }) =>
      event.type === 'tracking.change' ? { values: { ...context.values, trackingNumber: event.value }, errors: { ...context.errors, trackingNumber: undefined } } : {},
    ),
    showProblems: assign({ errors: ({ context }) => validateShipment(context.values) }),
    clearFailure: assign({ failure: null }),
    setShipment: assign((_, shipment: Shipment) => ({ shipment })),
    /** The function refused a field: the problem shows at that field. */
    showRefusal: assign((_, params: { error: unknown }) => {
      const code = codeOf(params.error) as ShipProblem;
      return { errors: code === 'carrier_invalid' ? { carrier: code } : { trackingNumber: code } };
    }),
    /** Some refusals mean the order changed meanwhile (the page reloads it when the dialog closes). */
    setFailure: assign(({ context }, params: { error: unknown }) => ({
      failure: failureOf(params.error),
      changed: context.changed || CHANGED_REFUSALS.has(codeOf(params.error) ?? ''),
    })),
  },
  guards: {
    valid: ({ context }) => Object.keys(validateShipment(context.values)).length === 0,
    fieldRefusal: (_, error: unknown) => FIELD_REFUSALS.has(codeOf(error) as ShipProblem),
  },
}).createMachine({
  id: 'shipOrder',
  context: ({ input }) => ({ orderId: input.orderId, values: { carrier: '', trackingNumber: '' }, errors: {}, failure: null, shipment: null, changed: false }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'dialog.close': 'closed',
        'carrier.change': { actions: 'setCarrier' },
        'tracking.change': { actions: 'setTracking' },
        'ship.submit': [{ guard: 'valid', target: 'submitting' }, { actions: 'showProblems' }],
      },
    },
    submitting: {
      entry: 'clearFailure',
      // No dialog.close here: closing waits for the answer (the order is shipped or not, and the page must know which).
      invoke: {
        id: 'shipOrder',
        src: 'shipOrder',
        input: ({ context }) => shipInput(context.orderId, context.values),
        onDone: { target: 'done', actions: { type: 'setShipment', params: ({ event }) => event.output } },
        onError: [
          {
            guard: { type: 'fieldRefusal', params: ({ event }: { event: { error: unknown } }) => event.error },
            target: 'editing',
            actions: { type: 'showRefusal', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'failed',
            actions: { type: 'setFailure', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    failed: {
      on: {
        'dialog.close': 'closed',
        'carrier.change': { target: 'editing', actions: ['setCarrier', 'clearFailure'] },
        'tracking.change': { target: 'editing', actions: ['setTracking', 'clearFailure'] },
        // The values were valid when sent and have not changed since (a change goes back to editing).
        'ship.submit': 'submitting',
      },
    },
    done: { type: 'final' },
    closed: { type: 'final' },
  },
  output: ({ context }) => (context.shipment ? { outcome: 'shipped', shipment: context.shipment } : { outcome: 'closed', changed: context.changed }),
});

export type ShipOrderSnapshot = SnapshotFrom<typeof shipOrderMachine>;
export type ShipOrderState = StateOf<typeof shipOrderMachine>;
export const selectShipOrderState = (snapshot: ShipOrderSnapshot): ShipOrderState => topState(snapshot);
