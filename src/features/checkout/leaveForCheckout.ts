/**
 * Leaves the app for the hosted payment page: a full page load to another site, not a route
 * change (in its own module so tests can stand in for the browser's navigation).
 */
export function leaveForCheckout(url: string): void {
  window.location.assign(url);
}
