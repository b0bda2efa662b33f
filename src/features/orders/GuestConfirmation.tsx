import { GuestConfirmationView } from './GuestConfirmationView';
import { useOrderPolling } from './useOrderPolling';

export type GuestConfirmationProps = { sessionId: string; signInHref: string };

/** Back from paying without an account: the order of the checkout session, once the shop has it. */
export function GuestConfirmation({ sessionId, signInHref }: GuestConfirmationProps) {
  const { status, order, refresh } = useOrderPolling(sessionId);
  return <GuestConfirmationView status={status} order={order} signInHref={signInHref} onRefresh={refresh} />;
}
