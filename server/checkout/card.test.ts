import { describe, expect, it } from 'vitest';
import { checkCard, luhnValid, parseExpiry } from './card.ts';

const NOW = new Date('2026-11-22T03:00:00Z');
const card = (over: Partial<{ number: string; expiry: string; cvc: string }> = {}) => ({ number: '4242 4242 4242 4242', expiry: '12/27', cvc: '123', ...over });

describe('test cards', () => {
  it('checks numbers with Luhn', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4000000000000002')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
  });

  it('reads expiry dates as MM/YY or MM/YYYY', () => {
    expect(parseExpiry('12 / 27')).toEqual({ year: 2027, month: 12 });
    expect(parseExpiry('1/2030')).toEqual({ year: 2030, month: 1 });
    expect(parseExpiry('13/27')).toBeUndefined();
    expect(parseExpiry('1227')).toBeUndefined();
  });

  it('pays with 4242…, declines 4000 0000 0000 0002, and accepts the current month', () => {
    expect(checkCard(card(), NOW)).toEqual({ ok: true });
    expect(checkCard(card({ expiry: '11/26', cvc: '1234' }), NOW)).toEqual({ ok: true });
    expect(checkCard(card({ number: '4000 0000 0000 0002' }), NOW)).toMatchObject({ ok: false, declined: true, message: expect.stringMatching(/^Your card was declined\./) });
  });

  it.each([
    ['a number failing Luhn', { number: '4242 4242 4242 4241' }, 'number'],
    ['letters in the number', { number: '4242 abcd' }, 'number'],
    ['a past expiry', { expiry: '10/26' }, 'expiry'],
    ['an unreadable expiry', { expiry: 'soon' }, 'expiry'],
    ['a 2-digit CVC', { cvc: '12' }, 'cvc'],
    ['a 5-digit CVC', { cvc: '12345' }, 'cvc'],
  ])('refuses %s', (_what, over, field) => {
    expect(checkCard(card(over), NOW)).toMatchObject({ ok: false, declined: false, field });
  });
});
