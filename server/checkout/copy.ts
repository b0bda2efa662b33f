/**
 * The local checkout's texts. A page of a session is in the session's language only (the
 * storefront's rule: no English on a German purchase, and vice versa); only a page without a
 * session (unknown link) shows both. German is in the Du-form, with Du/Dein capitalised.
 */
export type Lang = 'en' | 'de';

export const LANGS: readonly Lang[] = ['en', 'de'];

/** checkout_sessions.locale → the page's language (English unless it is 'de', as the e-mails do). */
export const langOf = (locale: string | null | undefined): Lang => (locale === 'de' ? 'de' : 'en');

/** The storefront's formats (src/i18n/format.ts): US English and German. */
export const INTL_LOCALE: Record<Lang, string> = { en: 'en-US', de: 'de-DE' };

export interface PageCopy {
  title: string;
  badge: string;
  summary: string;
  item: string;
  qty: string;
  price: string;
  subtotal: string;
  shipping: string;
  free: string;
  total: string;
  receiptTo: string;
  email: string;
  number: string;
  expiry: string;
  cvc: string;
  pay: string;
  cancel: string;
  testNote: string;
  testSucceeds: string;
  testDeclined: string;
  testAnyExpiry: string;
  emailInvalid: string;
}

export const PAGE: Record<Lang, PageCopy> = {
  en: {
    title: 'Checkout',
    badge: 'Test checkout',
    summary: 'Order summary',
    item: 'Item',
    qty: 'Qty',
    price: 'Price',
    subtotal: 'Subtotal',
    shipping: 'Shipping',
    free: 'Free',
    total: 'Total',
    receiptTo: 'Receipt to',
    email: 'Email',
    number: 'Card number',
    expiry: 'Expiry (MM/YY)',
    cvc: 'CVC',
    pay: 'Pay',
    cancel: 'Cancel and return to the shop',
    testNote: 'This is a local test checkout: no money moves.',
    testSucceeds: 'payment succeeds',
    testDeclined: 'card is declined',
    testAnyExpiry: 'Any future expiry date and any 3-digit CVC.',
    emailInvalid: 'Enter a valid email address.',
  },
  de: {
    title: 'Kasse',
    badge: 'Testkasse',
    summary: 'Bestellübersicht',
    item: 'Artikel',
    qty: 'Menge',
    price: 'Preis',
    subtotal: 'Zwischensumme',
    shipping: 'Versand',
    free: 'Kostenlos',
    total: 'Gesamt',
    receiptTo: 'Beleg an',
    email: 'E-Mail',
    number: 'Kartennummer',
    expiry: 'Ablaufdatum (MM/JJ)',
    cvc: 'Prüfziffer',
    pay: 'Bezahlen',
    cancel: 'Abbrechen und zurück zum Shop',
    testNote: 'Dies ist eine lokale Testkasse: Es fließt kein Geld.',
    testSucceeds: 'Zahlung erfolgreich',
    testDeclined: 'Karte wird abgelehnt',
    testAnyExpiry: 'Beliebiges zukünftiges Ablaufdatum und beliebige 3-stellige Prüfziffer.',
    emailInvalid: 'Gib eine gültige E-Mail-Adresse ein.',
  },
};

export interface NoticeCopy {
  title: string;
  message: string;
  /** The label of the way on, when the notice has one. */
  link?: string;
}

export type NoticeKind = 'notFound' | 'soldOut' | 'notPossible' | 'expired' | 'notAllowed';

export const NOTICES: Record<NoticeKind, Record<Lang, NoticeCopy>> = {
  notFound: {
    en: { title: 'Checkout not found', message: 'This checkout link is unknown or no longer valid.' },
    de: { title: 'Kasse nicht gefunden', message: 'Dieser Kassen-Link ist unbekannt oder nicht mehr gültig.' },
  },
  soldOut: {
    en: { title: 'Sold out', message: 'An item in your cart sold out while you were paying. Nothing was charged.', link: 'Back to your cart' },
    de: { title: 'Ausverkauft', message: 'Ein Artikel in Deinem Warenkorb ist gerade ausverkauft. Es wurde nichts abgebucht.', link: 'Zurück zum Warenkorb' },
  },
  notPossible: {
    en: { title: 'Payment not possible', message: 'This checkout can no longer be paid. Nothing was charged.', link: 'Back to the shop' },
    de: { title: 'Zahlung nicht möglich', message: 'Diese Kasse kann nicht mehr bezahlt werden. Es wurde nichts abgebucht.', link: 'Zurück zum Shop' },
  },
  expired: {
    en: { title: 'Checkout expired', message: 'This checkout has expired. Please start again from your cart.', link: 'Back to your cart' },
    de: { title: 'Kasse abgelaufen', message: 'Diese Kasse ist abgelaufen. Bitte starte erneut aus Deinem Warenkorb.', link: 'Zurück zum Warenkorb' },
  },
  notAllowed: {
    en: { title: 'Not allowed', message: 'This action is not available here.' },
    de: { title: 'Nicht erlaubt', message: 'Diese Aktion ist hier nicht möglich.' },
  },
};
