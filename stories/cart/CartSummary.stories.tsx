import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import type { ShippingRegion } from '../../domain/shipping';
import { css } from '../../styled-system/css';
import { CartSummary } from '../../src/features/checkout/CartSummary';
import { freeFrom, quoteFor } from '../fixtures/orders';
import { inGerman } from '../support';

/** One line of the cart fixtures (the tee, €34.99): below every region's free-shipping threshold. */
const SMALL_CART = 3499;

/** The cart page's order summary: Ship to, the quote for that region, and the Checkout button. */
const meta: Meta<typeof CartSummary> = {
  title: 'Cart/Order summary',
  component: CartSummary,
  args: { subtotal: SMALL_CART, currency: 'EUR', region: 'DE', quote: null, busy: false, failure: null, onRegionChange: fn(), onCheckout: fn() },
  decorators: [
    (Story) => (
      <main className={css({ maxW: 'md', mx: 'auto', p: '4' })}>
        <Story />
      </main>
    ),
  ],
  parameters: { path: '/cart' },
};
export default meta;
type Story = StoryObj<typeof CartSummary>;
type Play = NonNullable<Story['play']>;
type Lang = 'en' | 'de';

const LABELS = {
  en: { summary: 'Order summary', shipTo: 'Ship to', subtotal: 'Subtotal', shipping: 'Shipping', total: 'Total', checkout: 'Checkout' },
  de: { summary: 'Bestellübersicht', shipTo: 'Lieferung nach', subtotal: 'Zwischensumme', shipping: 'Versand', total: 'Gesamt', checkout: 'Zur Kasse' },
} satisfies Record<Lang, Record<string, string>>;

/** Text as read: whitespace (the no-break space of "4,99 €" too) as single spaces. */
const text = (element: Element | null) => element?.textContent?.replace(/\s+/g, ' ').trim() ?? '';

const summaryIn = (canvasElement: HTMLElement, lang: Lang) => within(canvasElement).getByRole('region', { name: LABELS[lang].summary });
/** The amount beside a term of the summary's list ("Shipping" → "€4.99"). */
const amount = (summary: HTMLElement, term: string) => text(within(summary).getByText(term, { selector: 'dt' }).nextElementSibling);
/** The free-shipping note under the total, if any (after the VAT and price notice). */
const note = (summary: HTMLElement) => text(summary.querySelector('[data-testid="free-shipping"]'));
/** The line under the total that states the VAT, and the price notice with its link (ADR 0023). */
const vatLine = (summary: HTMLElement) => text(summary.querySelector('dl + div > p:first-child'));
const SHIPPING_LINK = { en: 'shipping', de: 'Versandkosten' } satisfies Record<Lang, string>;

type Shown = { region: string; subtotal: string; shipping: string; total: string; note: string; vat?: string };

const showsQuote =
  (lang: Lang, shown: Shown): Play =>
  async ({ canvasElement, args }) => {
    const L = LABELS[lang];
    const summary = summaryIn(canvasElement, lang);
    await expect(within(summary).getByRole('combobox', { name: L.shipTo })).toHaveDisplayValue(shown.region);
    await expect(amount(summary, L.subtotal)).toBe(shown.subtotal);
    await expect(amount(summary, L.shipping)).toBe(shown.shipping);
    await expect(amount(summary, L.total)).toBe(shown.total);
    await expect(note(summary)).toBe(shown.note);
    if (shown.vat) await expect(vatLine(summary)).toBe(shown.vat);
    await expect(within(summary).getByRole('link', { name: SHIPPING_LINK[lang] })).toHaveAttribute('href', '/support/shipping');
    await expect(within(summary).getByRole('alert')).toBeEmptyDOMElement();
    await userEvent.click(within(summary).getByRole('button', { name: L.checkout }));
    await expect(args.onCheckout).toHaveBeenCalledTimes(1);
  };

const quoted = (region: ShippingRegion, subtotal: number, shown: Shown): Story => ({
  args: { region, subtotal, quote: quoteFor(region, subtotal) },
  play: showsQuote('en', shown),
});
const quotedDe = (story: Story, shown: Shown) => inGerman({ args: story.args, play: showsQuote('de', shown) });

export const RatesUnknown: Story = {
  play: async ({ canvasElement, args }) => {
    const summary = summaryIn(canvasElement, 'en');
    await expect(amount(summary, 'Shipping')).toBe('Calculated at checkout');
    // Without rates the total is the subtotal, and there is no free-shipping note.
    await expect(amount(summary, 'Total')).toBe('€34.99');
    await expect(note(summary)).toBe('');
    const shipTo = within(summary).getByRole('combobox', { name: 'Ship to' }) as HTMLSelectElement;
    await expect([...shipTo.options].map((o) => o.textContent)).toEqual(['Germany', 'EU', 'United Kingdom', 'USA, Canada & worldwide']);
    await userEvent.selectOptions(shipTo, 'United Kingdom');
    await expect(args.onRegionChange).toHaveBeenCalledWith('UK');
    await userEvent.click(within(summary).getByRole('button', { name: 'Checkout' }));
    await expect(args.onCheckout).toHaveBeenCalledTimes(1);
    await expect(within(summary).getByText('30-day return policy')).toBeVisible();
    await expect(within(summary).getByText('Secure checkout with SSL encryption')).toBeVisible();
  },
};

export const GermanyBelowFree = quoted('DE', SMALL_CART, {
  region: 'Germany',
  subtotal: '€34.99',
  shipping: '€4.99',
  total: '€39.98',
  note: 'Add €15.01 more for free shipping',
  vat: 'incl. 19 % VAT: €6.38',
});
export const EuBelowFree = quoted('EU', SMALL_CART, {
  region: 'EU',
  subtotal: '€34.99',
  shipping: '€7.99',
  total: '€42.98',
  note: 'Add €40.01 more for free shipping',
  vat: 'incl. VAT of the destination country',
});
export const UkBelowFree = quoted('UK', SMALL_CART, {
  region: 'United Kingdom',
  subtotal: '€34.99',
  shipping: '€9.99',
  total: '€44.98',
  note: 'Add €65.01 more for free shipping',
  vat: 'VAT-free export',
});
export const UsBelowFree = quoted('US', SMALL_CART, {
  region: 'USA, Canada & worldwide',
  subtotal: '€34.99',
  shipping: '€12.99',
  total: '€47.98',
  note: 'Add €115.01 more for free shipping',
});

/** Exactly at the threshold shipping is free (`subtotal >= free_from`). */
export const GermanyAtFree = quoted('DE', freeFrom('DE'), { region: 'Germany', subtotal: '€50.00', shipping: 'Free', total: '€50.00', note: 'Free shipping from €50.00' });
export const EuAtFree = quoted('EU', freeFrom('EU'), { region: 'EU', subtotal: '€75.00', shipping: 'Free', total: '€75.00', note: 'Free shipping from €75.00' });
export const UkAtFree = quoted('UK', freeFrom('UK'), { region: 'United Kingdom', subtotal: '€100.00', shipping: 'Free', total: '€100.00', note: 'Free shipping from €100.00' });
export const UsAtFree = quoted('US', freeFrom('US'), {
  region: 'USA, Canada & worldwide',
  subtotal: '€150.00',
  shipping: 'Free',
  total: '€150.00',
  note: 'Free shipping from €150.00',
});
/** One cent below the threshold still pays the full rate. */
export const GermanyOneCentShort = quoted('DE', freeFrom('DE') - 1, {
  region: 'Germany',
  subtotal: '€49.99',
  shipping: '€4.99',
  total: '€54.98',
  note: 'Add €0.01 more for free shipping',
});

/** A USD cart (ADR 0021): shipping from shipping_rates' USD row for the region, every amount in dollars. */
const USD_US_QUOTE = { shipping: 1399, freeFrom: 16500, missingForFree: 16500 - SMALL_CART, total: SMALL_CART + 1399 };
export const UsdCartToUs: Story = {
  args: { currency: 'USD', region: 'US', quote: USD_US_QUOTE },
  play: showsQuote('en', { region: 'USA, Canada & worldwide', subtotal: '$34.99', shipping: '$13.99', total: '$48.98', note: 'Add $130.01 more for free shipping' }),
};
export const UsdCartToUsGerman = inGerman({
  args: UsdCartToUs.args,
  play: showsQuote('de', { region: 'USA, Kanada & weltweit', subtotal: '34,99 $', shipping: '13,99 $', total: '48,98 $', note: 'Noch 130,01 $ bis zum kostenlosen Versand' }),
});

export const Busy: Story = {
  args: { quote: quoteFor('DE', SMALL_CART), busy: true },
  play: async ({ canvasElement }) => {
    const summary = within(summaryIn(canvasElement, 'en'));
    const button = summary.getByRole('button', { name: 'Redirecting...' });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await expect(summary.queryByRole('button', { name: 'Checkout' })).toBeNull();
    // The region cannot change under a session being created.
    await expect(summary.getByRole('combobox', { name: 'Ship to' })).toBeDisabled();
  },
};

export const RatesUnknownDe = inGerman({
  play: async ({ canvasElement }) => {
    const summary = summaryIn(canvasElement, 'de');
    await expect(amount(summary, 'Versand')).toBe('Wird an der Kasse berechnet');
    await expect(amount(summary, 'Gesamt')).toBe('34,99 €');
    const shipTo = within(summary).getByRole('combobox', { name: 'Lieferung nach' }) as HTMLSelectElement;
    await expect([...shipTo.options].map((o) => o.textContent)).toEqual(['Deutschland', 'EU', 'Vereinigtes Königreich', 'USA, Kanada & weltweit']);
    await expect(within(summary).getByRole('button', { name: 'Zur Kasse' })).toBeEnabled();
    await expect(within(summary).getByText('30 Tage Rückgaberecht')).toBeVisible();
    await expect(within(summary).getByText('Sicher bezahlen dank SSL-Verschlüsselung')).toBeVisible();
  },
} satisfies Story);
export const GermanyBelowFreeDe = quotedDe(GermanyBelowFree, {
  region: 'Deutschland',
  subtotal: '34,99 €',
  shipping: '4,99 €',
  total: '39,98 €',
  note: 'Noch 15,01 € bis zum kostenlosen Versand',
  vat: 'enthält 19 % MwSt.: 6,38 €',
});
export const EuBelowFreeDe = quotedDe(EuBelowFree, {
  region: 'EU',
  subtotal: '34,99 €',
  shipping: '7,99 €',
  total: '42,98 €',
  note: 'Noch 40,01 € bis zum kostenlosen Versand',
  vat: 'inkl. MwSt. des Bestimmungslands',
});
export const UkBelowFreeDe = quotedDe(UkBelowFree, {
  region: 'Vereinigtes Königreich',
  subtotal: '34,99 €',
  shipping: '9,99 €',
  total: '44,98 €',
  note: 'Noch 65,01 € bis zum kostenlosen Versand',
  vat: 'Steuerfreie Ausfuhr (ohne MwSt.)',
});
export const UsBelowFreeDe = quotedDe(UsBelowFree, {
  region: 'USA, Kanada & weltweit',
  subtotal: '34,99 €',
  shipping: '12,99 €',
  total: '47,98 €',
  note: 'Noch 115,01 € bis zum kostenlosen Versand',
});
export const GermanyAtFreeDe = quotedDe(GermanyAtFree, {
  region: 'Deutschland',
  subtotal: '50,00 €',
  shipping: 'Kostenlos',
  total: '50,00 €',
  note: 'Kostenloser Versand ab 50,00 €',
});
export const EuAtFreeDe = quotedDe(EuAtFree, { region: 'EU', subtotal: '75,00 €', shipping: 'Kostenlos', total: '75,00 €', note: 'Kostenloser Versand ab 75,00 €' });
export const UkAtFreeDe = quotedDe(UkAtFree, {
  region: 'Vereinigtes Königreich',
  subtotal: '100,00 €',
  shipping: 'Kostenlos',
  total: '100,00 €',
  note: 'Kostenloser Versand ab 100,00 €',
});
export const UsAtFreeDe = quotedDe(UsAtFree, {
  region: 'USA, Kanada & weltweit',
  subtotal: '150,00 €',
  shipping: 'Kostenlos',
  total: '150,00 €',
  note: 'Kostenloser Versand ab 150,00 €',
});
export const GermanyOneCentShortDe = quotedDe(GermanyOneCentShort, {
  region: 'Deutschland',
  subtotal: '49,99 €',
  shipping: '4,99 €',
  total: '54,98 €',
  note: 'Noch 0,01 € bis zum kostenlosen Versand',
});
export const BusyDe = inGerman({
  args: Busy.args,
  play: async ({ canvasElement }) => {
    const summary = within(summaryIn(canvasElement, 'de'));
    await expect(summary.getByRole('button', { name: 'Du wirst weitergeleitet …' })).toBeDisabled();
    await expect(summary.getByRole('combobox', { name: 'Lieferung nach' })).toBeDisabled();
  },
} satisfies Story);
