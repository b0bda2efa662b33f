/**
 * Back from paying, the cart is emptied — once per checkout session, so coming back to the same
 * address later (the back button, a reload) doesn't empty a cart filled since.
 */
const CLEARED_KEY = 'npng.checkoutCleared';

function sessionStore(): Storage | null {
  try {
    return window.sessionStorage ?? null;
  } catch {
    return null; // storage disabled for this site
  }
}

export function clearCartOnceFor(sessionId: string, clearCart: () => void): void {
  const store = sessionStore();
  try {
    if (store?.getItem(CLEARED_KEY) === sessionId) return;
    store?.setItem(CLEARED_KEY, sessionId);
  } catch {
    // Storage blocked: the cart is cleared each time this address is opened.
  }
  clearCart();
}
