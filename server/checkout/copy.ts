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
  /** The address fieldset's legend. */
  shippingAddress: string;
  /** How required fields are marked. */
  requiredNote: string;
  /** After the label of an optional field. */
  optional: string;
  /** The country select's empty first option, when the region has more than one country. */
  chooseCountry: string;
  /** Above the list, when the form has more than one problem. */
  problemsTitle: string;
  /** The heading of the address confirmed on the shop's review step (read-only here). */
  deliveryAddress: string;
  /** Under it: where to change it. */
  deliveryAddressNote: string;
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
    shippingAddress: 'Shipping address',
    requiredNote: 'Fields marked * are required.',
    optional: '(optional)',
    chooseCountry: 'Choose a country',
    problemsTitle: 'Please check these fields:',
    deliveryAddress: 'Delivery address',
    deliveryAddressNote: 'As confirmed in the shop. To change it, cancel and return to your cart.',
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
    shippingAddress: 'Lieferadresse',
    requiredNote: 'Mit * markierte Felder sind Pflichtfelder.',
    optional: '(freiwillig)',
    chooseCountry: 'Land wählen',
    problemsTitle: 'Bitte prüfe diese Felder:',
    deliveryAddress: 'Lieferadresse',
    deliveryAddressNote: 'Wie im Shop bestätigt. Um sie zu ändern, brich ab und kehre zu Deinem Warenkorb zurück.',
  },
};

export interface NoticeCopy {
  title: string;
  message: string;
  /** The label of the way on, when the notice has one. */
  link?: string;
}

export type NoticeKind = 'notFound' | 'notPossible' | 'expired' | 'notAllowed' | 'refunded' | 'refundFailed';

export const NOTICES: Record<NoticeKind, Record<Lang, NoticeCopy>> = {
  notFound: {
    en: { title: 'Checkout not found', message: 'This checkout link is unknown or no longer valid.' },
    de: { title: 'Kasse nicht gefunden', message: 'Dieser Kassen-Link ist unbekannt oder nicht mehr gültig.' },
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
  refunded: {
    en: {
      title: 'Your payment has been refunded',
      message: 'So your payment could not become an order, and the full amount has been refunded to your card. An e-mail confirming the refund is on its way.',
      link: 'Back to your cart',
    },
    de: {
      title: 'Deine Zahlung wurde erstattet',
      message:
        'Deshalb konnte aus Deiner Zahlung keine Bestellung werden, und wir haben Dir den vollen Betrag auf Deine Karte erstattet. Eine E-Mail mit der Bestätigung ist unterwegs.',
      link: 'Zurück zum Warenkorb',
    },
  },
  refundFailed: {
    en: {
      title: 'Your payment will be refunded',
      message:
        'So your payment could not become an order. The refund did not go through straight away: the shop has been told and will refund the full amount. You need do nothing.',
      link: 'Back to your cart',
    },
    de: {
      title: 'Deine Zahlung wird erstattet',
      message:
        'Deshalb konnte aus Deiner Zahlung keine Bestellung werden. Die Erstattung hat nicht sofort geklappt: Der Shop ist informiert und erstattet Dir den vollen Betrag. Du musst nichts weiter tun.',
      link: 'Zurück zum Warenkorb',
    },
  },
};

/** Why a payment could not become an order (settle_checkout_session's reason): the refund notice's first sentence. */
export const REFUND_REASONS: Record<'sold_out' | 'unavailable' | 'price_changed' | 'other', Record<Lang, string>> = {
  sold_out: {
    en: 'An item in your cart sold out while you were paying.',
    de: 'Ein Artikel in Deinem Warenkorb war ausverkauft, während Du bezahlt hast.',
  },
  unavailable: {
    en: 'An item in your cart is no longer available.',
    de: 'Ein Artikel in Deinem Warenkorb ist nicht mehr erhältlich.',
  },
  price_changed: {
    en: 'The price of an item in your cart changed while you were paying.',
    de: 'Der Preis eines Artikels in Deinem Warenkorb hat sich geändert, während Du bezahlt hast.',
  },
  other: {
    en: 'An item in your cart could not be sold.',
    de: 'Ein Artikel in Deinem Warenkorb konnte nicht verkauft werden.',
  },
};

export const refundReason = (reason: string): keyof typeof REFUND_REASONS => (reason === 'sold_out' || reason === 'unavailable' || reason === 'price_changed' ? reason : 'other');
