import { describe, expect, it } from 'vitest';
import { addressProblem, SHIPPING_COUNTRIES } from '../../supabase/functions/_shared/address.ts';
import { SEED_ORDERS } from './orders.ts';

describe('seed orders', () => {
  it('each goes to a complete German address the shop’s rules accept, named for its buyer', () => {
    for (const order of SEED_ORDERS) {
      expect(addressProblem(order.shippingAddress, SHIPPING_COUNTRIES.DE), order.customerEmail).toBeUndefined();
      const [first] = order.customerEmail.split(/[.@]/);
      expect(order.shippingAddress.name.toLowerCase(), order.customerEmail).toContain(first.toLowerCase());
    }
  });
});

describe('seed order timelines', () => {
  it('start paid, end at the order’s status, never in the future; shipped ones carry a unique DHL number', () => {
    const numbers = new Set<string>();
    for (const order of SEED_ORDERS) {
      expect(order.events[0]).toMatchObject({ kind: 'paid', daysAgo: order.daysAgo });
      const steps = order.events.filter((e) => e.kind !== 'email_sent').map((e) => e.kind);
      expect(steps.at(-1), order.customerEmail).toBe(order.status === 'paid' ? 'paid' : order.status);
      for (const e of order.events) expect(e.daysAgo).toBeGreaterThanOrEqual(0);
      expect(order.events.map((e) => e.daysAgo)).toEqual([...order.events.map((e) => e.daysAgo)].sort((a, b) => b - a));
      if (order.status === 'shipped' || order.status === 'delivered') {
        expect(order.shipment?.trackingNumber).toMatch(/^\d{20}$/);
        numbers.add(order.shipment!.trackingNumber);
      } else expect(order.shipment).toBeNull();
    }
    expect(numbers.size).toBe(SEED_ORDERS.filter((o) => o.shipment).length);
  });
});
