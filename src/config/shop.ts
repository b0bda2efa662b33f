import type { ShippingRegion } from '../../domain/shipping';

/**
 * How the shop delivers and takes payment: the shipping page, the FAQ, the cart (§ 312j (1) BGB:
 * delivery restrictions and accepted means of payment at the latest when the ordering starts) and
 * the review step (Art. 246a § 1 (1) EGBGB: when the goods arrive) read them from here.
 */

/** Business days from dispatch. */
export const DELIVERY_DAYS = { eu: { min: 2, max: 5 }, worldwide: { min: 5, max: 10 } } as const;

/** Which delivery time a shipping region has (Germany and the EU: `eu`; elsewhere: `worldwide`). */
export const deliveryDaysFor = (region: ShippingRegion) => (region === 'DE' || region === 'EU' ? DELIVERY_DAYS.eu : DELIVERY_DAYS.worldwide);

/**
 * The means of payment the hosted payment page offers. With Stripe they are the ones enabled in the
 * Stripe dashboard (the checkout session names none): keep this list the same as that setting.
 */
export const PAYMENT_METHODS = ['Visa', 'Mastercard', 'American Express', 'Discover', 'PayPal', 'Klarna', 'Bancontact', 'Revolut Pay', 'Google Pay', 'EPS'] as const;
export const PAYMENT_METHODS_NOT_OFFERED = ['Apple Pay'] as const;

/** The admin dashboard lists a variant as low on stock at this many pieces or fewer (sold out, 0, is listed apart); sent to admin_dashboard_stock. */
export const LOW_STOCK_THRESHOLD = 5;
