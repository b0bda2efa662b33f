import { describe, expect, it } from 'vitest';
import { CARD_MESSAGES, cardMessage, checkCard, luhnValid, parseExpiry, type CardProblem } from './card.ts';

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
    expect(checkCard(card({ number: '4000 0000 0000 0002' }), NOW)).toEqual({ ok: false, declined: true, problem: 'declined' });
  });

  it.each([
    ['a number failing Luhn', { number: '4242 4242 4242 4241' }, 'number', 'number_invalid'],
    ['letters in the number', { number: '4242 abcd' }, 'number', 'number_invalid'],
    ['a past expiry', { expiry: '10/26' }, 'expiry', 'expiry_past'],
    ['an unreadable expiry', { expiry: 'soon' }, 'expiry', 'expiry_unreadable'],
    ['a 2-digit CVC', { cvc: '12' }, 'cvc', 'cvc_invalid'],
    ['a 5-digit CVC', { cvc: '12345' }, 'cvc', 'cvc_invalid'],
  ])('refuses %s', (_what, over, field, problem) => {
    expect(checkCard(card(over), NOW)).toEqual({ ok: false, declined: false, field, problem });
  });

  it('words every problem in English and in German (Du-form), one language per message', () => {
    const problems: CardProblem[] = ['number_invalid', 'expiry_unreadable', 'expiry_past', 'cvc_invalid', 'declined'];
    expect(problems.map((p) => cardMessage(p, 'en'))).toEqual([
      'Your card number is invalid.',
      'Enter the expiry date as MM/YY.',
      "Your card's expiry date is in the past.",
      "Your card's security code is invalid.",
      'Your card was declined.',
    ]);
    expect(problems.map((p) => cardMessage(p, 'de'))).toEqual([
      'Deine Kartennummer ist ungültig.',
      'Gib das Ablaufdatum als MM/JJ ein.',
      'Deine Karte ist abgelaufen.',
      'Deine Prüfziffer ist ungültig.',
      'Deine Karte wurde abgelehnt.',
    ]);
    for (const lang of ['en', 'de'] as const) expect(Object.keys(CARD_MESSAGES[lang]).sort()).toEqual([...problems].sort());
  });
});
