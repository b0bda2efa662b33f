import { Redirect } from 'wouter';
import { GuestConfirmationView } from './GuestConfirmationView';
import { useOrderPolling } from './useOrderPolling';

export type GuestConfirmationProps = { sessionId: string; signInHref: string };

/**
 * Back from paying, signed out: a guest's order of the checkout session, once the shop has it. An
 * order that belongs to an account is shown to that account only: sign in, then back here.
 */
export function GuestConfirmation({ sessionId, signInHref }: GuestConfirmationProps) {
  const { status, order, refresh } = useOrderPolling(sessionId, { as: 'guest' });
  if (status === 'signInNeeded') return <Redirect to={signInHref} replace />;
  return <GuestConfirmationView status={status} order={order} signInHref={signInHref} onRefresh={refresh} />;
}
