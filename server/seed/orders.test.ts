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
