import { useAuthSelector } from '../../services/useAuthSelector';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';

import { useEffect } from 'react';
import { Redirect, useSearch } from 'wouter';
import { selectAuthStatus, selectUser } from '../../../machines/authMachine';
import { useServices } from '../../services/context';
import { Spinner } from '../../ui/Spinner';
import { clearCartOnceFor } from './checkoutReturn';
import { CustomerOrders } from './CustomerOrders';
import { GuestConfirmation } from './GuestConfirmation';
import { parseOrdersSearch, signInHref, withSearch } from './url';

const texts = { loading: msg`Loading...` };

/**
 * /orders: the signed-in customer's orders. Back from paying (`?session_id=`), the cart is emptied
 * and that order is looked for: it joins a customer's list, and a guest sees it confirmed. Anyone
 * else signs in first and comes back here.
 */
export default function OrdersRoute() {
  const { i18n } = useLingui();
  const { cart } = useServices();
  const status = useAuthSelector(selectAuthStatus);
  const user = useAuthSelector(selectUser);
  const search = useSearch();
  const { sessionId } = parseOrdersSearch(search);
  const here = withSearch('/orders', search);

  useEffect(() => {
    if (sessionId) clearCartOnceFor(sessionId, () => cart.send({ type: 'cart.clear' }));
  }, [cart, sessionId]);

  if (status === 'loading') return <Spinner label={i18n._(texts.loading)} />;
  if (status === 'signedIn' && user) return <CustomerOrders key={`${user.id} ${sessionId}`} user={user} sessionId={sessionId} />;
  if (sessionId) return <GuestConfirmation key={sessionId} sessionId={sessionId} signInHref={signInHref(here)} />;
  return <Redirect to={signInHref(here)} replace />;
}
