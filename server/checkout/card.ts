import type { Lang } from './copy.ts';

export interface CardInput {
  number: string;
  expiry: string;
  cvc: string;
}

/** What is wrong with a card; the page shows it in its language with {@link cardMessage}. */
export type CardProblem = 'number_invalid' | 'expiry_unreadable' | 'expiry_past' | 'cvc_invalid' | 'declined';

export type CardCheck =
  | { ok: true }
  | { ok: false; declined: true; problem: 'declined' }
  | { ok: false; declined: false; field: keyof CardInput; problem: Exclude<CardProblem, 'declined'> };

/** Stripe's wording in English; German in the Du-form. */
export const CARD_MESSAGES: Record<Lang, Record<CardProblem, string>> = {
  en: {
    number_invalid: 'Your card number is invalid.',
    expiry_unreadable: 'Enter the expiry date as MM/YY.',
    expiry_past: "Your card's expiry date is in the past.",
    cvc_invalid: "Your card's security code is invalid.",
    declined: 'Your card was declined.',
  },
  de: {
    number_invalid: 'Deine Kartennummer ist ungültig.',
    expiry_unreadable: 'Gib das Ablaufdatum als MM/JJ ein.',
    expiry_past: 'Deine Karte ist abgelaufen.',
    cvc_invalid: 'Deine Prüfziffer ist ungültig.',
    declined: 'Deine Karte wurde abgelehnt.',
  },
};

export const cardMessage = (problem: CardProblem, lang: Lang): string => CARD_MESSAGES[lang][problem];

/** Stripe's test cards that are declined; every other valid number pays, as in Stripe's test mode. */
export const DECLINED_CARDS = new Set(['4000000000000002', '4000000000009995', '4000000000009987']);

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** 'MM/YY', 'MM / YY' or 'MM/YYYY' → the last month the card is valid, or undefined. */
export function parseExpiry(value: string): { year: number; month: number } | undefined {
  const m = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!m) return undefined;
  const month = Number(m[1]);
  const year = m[2].length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  return month >= 1 && month <= 12 ? { year, month } : undefined;
}

/** Checks a test card as Stripe's hosted page would: number (Luhn), expiry not past, CVC of 3–4 digits. */
export function checkCard(card: CardInput, now: Date): CardCheck {
  const number = card.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(number) || !luhnValid(number)) {
    return { ok: false, declined: false, field: 'number', problem: 'number_invalid' };
  }
  const expiry = parseExpiry(card.expiry);
  if (!expiry) return { ok: false, declined: false, field: 'expiry', problem: 'expiry_unreadable' };
  const current = now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
  if (expiry.year * 12 + expiry.month < current) {
    return { ok: false, declined: false, field: 'expiry', problem: 'expiry_past' };
  }
  if (!/^\d{3,4}$/.test(card.cvc.trim())) {
    return { ok: false, declined: false, field: 'cvc', problem: 'cvc_invalid' };
  }
  if (DECLINED_CARDS.has(number)) return { ok: false, declined: true, problem: 'declined' };
  return { ok: true };
}
