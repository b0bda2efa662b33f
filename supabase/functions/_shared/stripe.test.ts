import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signStripePayload, stripeFormEncode, verifyStripeSignature } from './stripe.ts';

const SECRET = 'whsec_test_secret';
const PAYLOAD = '{"id":"evt_1","type":"checkout.session.completed"}';
const NOW = 1_760_000_000;

describe('verifyStripeSignature', () => {
  it('accepts Stripe’s scheme: HMAC-SHA256 over "t.payload", hex', async () => {
    const expected = createHmac('sha256', SECRET).update(`${NOW}.${PAYLOAD}`).digest('hex');
    const header = await signStripePayload(SECRET, PAYLOAD, NOW);
    expect(header).toBe(`t=${NOW},v1=${expected}`);
    expect(await verifyStripeSignature(SECRET, header, PAYLOAD, NOW)).toEqual({ ok: true });
    expect(await verifyStripeSignature(SECRET, header, PAYLOAD, NOW + 300)).toEqual({ ok: true });
  });

  it('accepts any matching v1 among several (secret rotation) and ignores v0', async () => {
    const good = (await signStripePayload(SECRET, PAYLOAD, NOW)).split('v1=')[1];
    const header = `t=${NOW},v1=${'0'.repeat(64)},v0=abc,v1=${good}`;
    expect(await verifyStripeSignature(SECRET, header, PAYLOAD, NOW)).toEqual({ ok: true });
  });

  it.each([
    ['no header', async () => null, PAYLOAD, NOW, 'Missing Stripe-Signature header'],
    ['the wrong secret', () => signStripePayload('whsec_other', PAYLOAD, NOW), PAYLOAD, NOW, 'No signature matches the payload'],
    ['a tampered body', () => signStripePayload(SECRET, PAYLOAD, NOW), PAYLOAD.replace('evt_1', 'evt_2'), NOW, 'No signature matches the payload'],
    ['a stale timestamp', () => signStripePayload(SECRET, PAYLOAD, NOW - 301), PAYLOAD, NOW, 'The Stripe-Signature timestamp is outside the tolerance'],
    ['a timestamp from the future', () => signStripePayload(SECRET, PAYLOAD, NOW + 301), PAYLOAD, NOW, 'The Stripe-Signature timestamp is outside the tolerance'],
    ['no timestamp', async () => `v1=${'a'.repeat(64)}`, PAYLOAD, NOW, 'The Stripe-Signature header has no valid timestamp'],
    ['two timestamps', async () => `t=${NOW},t=${NOW},v1=${'a'.repeat(64)}`, PAYLOAD, NOW, 'The Stripe-Signature header has no valid timestamp'],
    ['no v1 signature', async () => `t=${NOW},v0=abc`, PAYLOAD, NOW, 'The Stripe-Signature header has no v1 signature'],
    ['garbage', async () => 'garbage', PAYLOAD, NOW, 'The Stripe-Signature header has no valid timestamp'],
  ])('refuses %s', async (_what, header, payload, now, reason) => {
    expect(await verifyStripeSignature(SECRET, await header(), payload, now)).toEqual({ ok: false, reason });
  });
});

describe('stripeFormEncode', () => {
  it('encodes nested objects and arrays as Stripe expects and leaves out empty values', () => {
    const encoded = stripeFormEncode({
      mode: 'payment',
      line_items: [{ quantity: 2, price_data: { currency: 'eur', unit_amount: 2999, product_data: { name: 'Tee & Co', images: undefined } } }],
      customer_email: undefined,
      client_reference_id: null,
    });
    expect([...new URLSearchParams(encoded)]).toEqual([
      ['mode', 'payment'],
      ['line_items[0][quantity]', '2'],
      ['line_items[0][price_data][currency]', 'eur'],
      ['line_items[0][price_data][unit_amount]', '2999'],
      ['line_items[0][price_data][product_data][name]', 'Tee & Co'],
    ]);
  });
});
