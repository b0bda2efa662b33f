import { orderPollingMachine } from '../../machines/orderPollingMachine';
import { ApiError } from '../../src/api/errors';
import { orderPollingProps } from '../../src/features/orders/orderPollingProps';
import { signInHref } from '../../src/features/orders/url';
import { GUEST_ORDER, GUEST_SESSION_ID } from '../fixtures/orders';
import { defineFlow } from './flow';

const RETURN_PATH = `/orders?session_id=${GUEST_SESSION_ID}`;
const offline = new ApiError('network', 'Failed to fetch');

/** Back from paying without an account: the guest's confirmation page while the order is looked for. */
export const orderPollingFlow = defineFlow({
  name: 'OrderPolling',
  source: 'machines/orderPollingMachine.ts',
  machine: orderPollingMachine,
  inputs: { guest: { sessionId: GUEST_SESSION_ID, askSignIn: true } },
  events: [
    { type: 'poll.refresh' },
    { type: 'xstate.done.actor.findOrder', output: GUEST_ORDER },
    { type: 'xstate.done.actor.findOrder', output: null },
    { type: 'xstate.error.actor.findOrder', error: offline },
    { type: 'xstate.done.actor.needsSignIn', output: true },
    { type: 'xstate.done.actor.needsSignIn', output: false },
    { type: 'xstate.error.actor.needsSignIn', error: offline },
  ],
  path: RETURN_PATH,
  props: (snapshot, send) => ({ ...orderPollingProps(snapshot, send), signInHref: signInHref(RETURN_PATH) }),
  control: (event) => (event.type === 'poll.refresh' ? { role: 'button', name: 'Refresh' } : null),
});
