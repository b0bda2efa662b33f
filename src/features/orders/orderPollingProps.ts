import { type OrderPollingEvent, type OrderPollingSnapshot, selectPolledOrder, selectPollingStatus } from '../../../machines/orderPollingMachine';

/** What the order-polling views show of a snapshot, and the Refresh that polls again (shared by the container and the generated stories). */
export function orderPollingProps(snapshot: OrderPollingSnapshot, send: (event: OrderPollingEvent) => void) {
  return {
    status: selectPollingStatus(snapshot),
    order: selectPolledOrder(snapshot),
    onRefresh: () => send({ type: 'poll.refresh' }),
  };
}
