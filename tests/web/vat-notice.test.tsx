import { i18n } from '@lingui/core';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CartItem } from '../../machines/cartMachine';
import { CartDrawerView } from '../../src/features/cart/CartDrawerView';
import { OrderTotals } from '../../src/features/orders/OrderTotals';
import { ProductCard } from '../../src/ui/ProductCard';
import { IMAGE_DISPLAYS } from '../../src/ui/images';
import { HOODIE } from '../../stories/fixtures/products';
import { render, renderCartPage } from './support';

/** docs/adr/0023: "incl. VAT, plus shipping" beside every price, the VAT contained on totals. */

const tee: CartItem = { id: 'line-v1', productId: 'p1', variantId: 'v1', title: 'Grind Tee', price: 3498, image: null, size: 'M', color: 'Black', qty: 1, currency: 'EUR' };
const plain = (s: string | null | undefined) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ');

async function inGerman() {
  const { messages } = (await import('../../src/i18n/locales/de/messages.po')) as { messages: Record<string, string> };
  i18n.loadAndActivate({ locale: 'de', messages });
}

afterEach(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
});

const noticeLink = (name: RegExp) => screen.getByRole('link', { name });

describe('PriceNotice', () => {
  it('a product card: one small line under the price, "shipping" links to the shipping page', () => {
    render(<ProductCard product={HOODIE} imageDisplay={IMAGE_DISPLAYS.shopCard} />);
    const notice = screen.getByText((_, el) => el?.tagName === 'P' && el.textContent === 'incl. VAT, plus shipping');
    expect(within(notice).getByRole('link', { name: 'shipping' }).getAttribute('href')).toBe('/support/shipping');
    expect(screen.getAllByRole('link', { name: 'shipping' })).toHaveLength(1);
  });

  it('in German: "inkl. MwSt., zzgl. Versandkosten", "Versandkosten" is the link', async () => {
    await inGerman();
    render(<ProductCard product={HOODIE} imageDisplay={IMAGE_DISPLAYS.shopCard} />);
    expect(screen.getByText((_, el) => el?.tagName === 'P' && el.textContent === 'inkl. MwSt., zzgl. Versandkosten')).toBeTruthy();
    expect(noticeLink(/^Versandkosten$/).getAttribute('href')).toBe('/support/shipping');
  });

  it('the cart drawer: under the total', async () => {
    render(
      <CartDrawerView
        open
        items={[tee]}
        subtotal={3498}
        currency="EUR"
        onOpenChange={vi.fn()}
        onSetQty={vi.fn()}
        onRemove={vi.fn()}
        onViewCart={vi.fn()}
        onContinueShopping={vi.fn()}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Shopping Cart' });
    expect(within(dialog).getByRole('link', { name: 'shipping' }).getAttribute('href')).toBe('/support/shipping');
  });
});

describe('the VAT contained', () => {
  const summary = () => within(screen.getByRole('region', { name: 'Order summary' }));
  const quote = { shipping: 499, freeFrom: 5000, missingForFree: 1502, total: 3997 };

  it('cart to Germany: 19 % of subtotal plus shipping, and the price notice', () => {
    renderCartPage({ items: [tee], subtotal: 3498, quote: { ...quote, vat: { kind: 'contained', rateBasisPoints: 1900, amount: 638 } } });
    expect(summary().getByText((_, el) => el?.tagName === 'P' && plain(el.textContent) === 'incl. 19 % VAT: €6.38')).toBeTruthy();
    expect(summary().getByRole('link', { name: 'shipping' }).getAttribute('href')).toBe('/support/shipping');
  });

  it('cart to the EU: the destination country’s VAT; to the UK or US: a VAT-free export', () => {
    renderCartPage({ items: [tee], subtotal: 3498, region: 'EU', quote: { ...quote, vat: { kind: 'destination' } } });
    expect(summary().getByText('incl. VAT of the destination country')).toBeTruthy();
  });

  it('cart to the US: a VAT-free export, no rate', () => {
    renderCartPage({ items: [tee], subtotal: 3498, region: 'US', quote: { ...quote, vat: { kind: 'export' } } });
    expect(summary().getByText('VAT-free export')).toBeTruthy();
    expect(summary().queryByText(/%/)).toBeNull();
  });

  it('an order: its rate and amount, in German with a German rate and amount', async () => {
    const { unmount } = render(<OrderTotals subtotal={3498} shipping={499} total={3997} currency="EUR" vat={{ rateBasisPoints: 1900, amount: 638 }} />);
    expect(screen.getByText((_, el) => el?.tagName === 'P' && plain(el.textContent) === 'incl. 19 % VAT: €6.38')).toBeTruthy();
    unmount();
    await inGerman();
    render(<OrderTotals subtotal={3498} shipping={499} total={3997} currency="EUR" vat={{ rateBasisPoints: 2550, amount: 812 }} />);
    expect(screen.getByText((_, el) => el?.tagName === 'P' && plain(el.textContent) === 'enthält 25,5 % MwSt.: 8,12 €')).toBeTruthy();
  });

  it('an export order states no VAT', () => {
    render(<OrderTotals subtotal={3498} shipping={499} total={3997} currency="EUR" vat={null} />);
    expect(screen.queryByText(/VAT/)).toBeNull();
  });
});
