export interface CardInput {
  number: string;
  expiry: string;
  cvc: string;
}

export type CardCheck =
  | { ok: true }
  | { ok: false; declined: true; message: string }
  | { ok: false; declined: false; field: keyof CardInput; message: string };

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
    return { ok: false, declined: false, field: 'number', message: 'Your card number is invalid. / Die Kartennummer ist ungültig.' };
  }
  const expiry = parseExpiry(card.expiry);
  if (!expiry) return { ok: false, declined: false, field: 'expiry', message: 'Enter the expiry date as MM/YY. / Gib das Ablaufdatum als MM/JJ ein.' };
  const current = now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
  if (expiry.year * 12 + expiry.month < current) {
    return { ok: false, declined: false, field: 'expiry', message: "Your card's expiry date is in the past. / Die Karte ist abgelaufen." };
  }
  if (!/^\d{3,4}$/.test(card.cvc.trim())) {
    return { ok: false, declined: false, field: 'cvc', message: "Your card's security code is invalid. / Die Prüfziffer ist ungültig." };
  }
  if (DECLINED_CARDS.has(number)) return { ok: false, declined: true, message: 'Your card was declined. / Deine Karte wurde abgelehnt.' };
  return { ok: true };
}
