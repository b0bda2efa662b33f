/** Shipping an order: the carriers ship_order accepts and the ship dialog's rules. */

export const CARRIERS = ['dhl', 'dpd', 'ups', 'royal_mail', 'usps', 'other'] as const;
export type Carrier = (typeof CARRIERS)[number];
export const isCarrier = (value: unknown): value is Carrier => typeof value === 'string' && (CARRIERS as readonly string[]).includes(value);
/** Carriers by their own names (not translated). */
export const CARRIER_NAMES: Record<Exclude<Carrier, 'other'>, string> = { dhl: 'DHL', dpd: 'DPD', ups: 'UPS', royal_mail: 'Royal Mail', usps: 'USPS' };
/** The database's orders_tracking_number_format: 3–40 letters, digits, spaces or hyphens, starting with a letter or digit. */
export const TRACKING_NUMBER = /^[A-Za-z0-9][A-Za-z0-9 -]{2,39}$/;
export const TRACKING_NUMBER_MAX = 40;

/** The ship dialog's fields as typed; carrier '' = none given. */
export type ShipValues = { carrier: Carrier | ''; trackingNumber: string };
export type ShipField = keyof ShipValues;
export type ShipProblem = 'tracking_invalid' | 'carrier_invalid';
export type ShipErrors = Partial<Record<ShipField, ShipProblem>>;

/** ship_order's rules, said before it does: an empty number is fine, anything else must match (after trimming). */
export function validateShipment(values: ShipValues): ShipErrors {
  const errors: ShipErrors = {};
  const number = values.trackingNumber.trim();
  if (number !== '' && !TRACKING_NUMBER.test(number)) errors.trackingNumber = 'tracking_invalid';
  if (values.carrier !== '' && !isCarrier(values.carrier)) errors.carrier = 'carrier_invalid';
  return errors;
}

/** What ship_order is sent: blanks as null. */
export type ShipInput = { id: string; carrier: Carrier | null; trackingNumber: string | null };
export const shipInput = (id: string, values: ShipValues): ShipInput => ({
  id,
  carrier: values.carrier === '' ? null : values.carrier,
  trackingNumber: values.trackingNumber.trim() === '' ? null : values.trackingNumber.trim(),
});

/** ship_order's answer. */
export type Shipment = {
  status: string;
  updatedAt: string;
  carrier: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
  shippedAt: string | null;
};
