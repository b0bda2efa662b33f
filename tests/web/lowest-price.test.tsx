import { i18n } from '@lingui/core';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '../../domain/catalogue';
import { ProductView, type ProductViewProps } from '../../src/features/product/ProductView';
import { IMAGE_DISPLAYS } from '../../src/ui/images';
import { LowestPrice } from '../../src/ui/LowestPrice';
import { ProductCard } from '../../src/ui/ProductCard';
import { HOODIE, SEAMLESS_LEGGINGS } from '../../stories/fixtures/products';
import { render } from './support';

/** docs/adr/0027 (§ 11 PAngV): beside a struck-through price, the lowest price of the last 30 days. */

const plain = (s: string | null | undefined) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ');
const line = (text: string) => screen.queryByText((_, el) => el?.tagName === 'P' && plain(el.textContent) === text);

async function inGerman() {
  const { messages } = (await import('../../src/i18n/locales/de/messages.po')) as { messages: Record<string, string> };
  i18n.loadAndActivate({ locale: 'de', messages });
}

afterEach(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
});

function productView(product: Product, variantIndex = 0) {
  const props: ProductViewProps = {
    status: 'loaded',
    product,
    selectedVariantId: product.variants[variantIndex].id,
    qty: 1,
    rating: null,
    reviewsStatus: 'loaded',
    reviews: [],
    relatedStatus: 'loaded',
    related: [],
    onSelectVariant: vi.fn(),
    onQtyChange: vi.fn(),
    onIncrement: vi.fn(),
    onDecrement: vi.fn(),
    onAddToCart: vi.fn(),
    onBuyNow: vi.fn(),
    onRetry: vi.fn(),
    onRetryReviews: vi.fn(),
    onSelectRelated: vi.fn(),
  };
  return render(<ProductView {...props} />);
}

describe('LowestPrice', () => {
  it('states the amount in the product’s currency, in English and German', async () => {
    render(<LowestPrice cents={4999} currency="EUR" />);
    expect(line('Lowest price in the last 30 days: €49.99')).toBeTruthy();
    await inGerman();
    render(<LowestPrice cents={1250} currency="GBP" />);
    expect(line('Niedrigster Preis der letzten 30 Tage: 12,50 £')).toBeTruthy();
  });

  it('renders nothing without a figure', () => {
    const { container } = render(<LowestPrice cents={null} currency="EUR" />);
    expect(container.textContent).toBe('');
  });
});

describe('where a compare-at price is shown', () => {
  it('a reduced product’s card: under its struck price', () => {
    render(<ProductCard product={SEAMLESS_LEGGINGS} imageDisplay={IMAGE_DISPLAYS.shopCard} />);
    const card = screen.getByRole('article');
    expect(plain(card.querySelector('s')?.textContent)).toBe('Was €59.99');
    expect(line('Lowest price in the last 30 days: €49.99')).toBeTruthy();
  });

  it('a card without a reduction has no such line', () => {
    render(<ProductCard product={HOODIE} imageDisplay={IMAGE_DISPLAYS.shopCard} />);
    expect(within(screen.getByRole('article')).queryByText(/Lowest price/)).toBeNull();
  });

  it('the product page, in German: for the selected variant', async () => {
    await inGerman();
    productView(SEAMLESS_LEGGINGS);
    expect(line('Niedrigster Preis der letzten 30 Tage: 49,99 €')).toBeTruthy();
  });

  it('the product page of a product without a reduction has no such line', () => {
    productView(HOODIE);
    expect(screen.queryByText(/Lowest price/)).toBeNull();
  });

  it('a figure without a compare-at price above the price is not shown', () => {
    const variant = { ...SEAMLESS_LEGGINGS.variants[0], compare_at_price: SEAMLESS_LEGGINGS.variants[0].price };
    productView({ ...SEAMLESS_LEGGINGS, variants: [variant] });
    expect(screen.queryByText(/Lowest price/)).toBeNull();
  });
});
