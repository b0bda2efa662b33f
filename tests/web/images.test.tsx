/**
 * Every place the storefront shows a product image asks Supabase Storage for the size it shows:
 * a Storage public object URL becomes a srcset of render URLs with the place's own `sizes`; other
 * URLs (the fixtures' data: URLs) stay as they are. The first image of /shop and of a product page
 * is preloaded with the same srcset and sizes, so the browser fetches it once.
 */
import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Media, Product, ProductSummary, SearchResult } from '../../domain/catalogue';
import type { OrderLine } from '../../domain/orders';
import { DEFAULT_QUERY } from '../../domain/shopQuery';
import { AdminOrderView } from '../../src/features/admin/orders/AdminOrderView';
import { AdminProductsView } from '../../src/features/admin/products/AdminProductsView';
import { CartLineItem } from '../../src/ui/CartLineItem';
import { FeaturedView } from '../../src/features/home/FeaturedView';
import { OrderLines } from '../../src/features/orders/OrderLines';
import { Gallery } from '../../src/features/product/Gallery';
import { RelatedProducts } from '../../src/features/product/RelatedProducts';
import { SearchDialogView } from '../../src/features/search/SearchDialogView';
import { ShopView } from '../../src/features/shop/ShopView';
import { IMAGE_DISPLAYS } from '../../src/ui/images';
import { ADMIN_ROWS, adminQuery } from '../../stories/fixtures/admin-products';
import { PAID_ORDER } from '../../stories/fixtures/admin-orders';
import { teeM } from '../../stories/fixtures/cart';
import { IRON_TEE, PRODUCTS, SHAKER } from '../../stories/fixtures/products';
import { render, renderAt } from './support';

const API = 'https://abcdefghijklmnop.supabase.co';
const objectUrl = (path: string) => `${API}/storage/v1/object/public/product-images/${path}`;
const render_ = (path: string) => `${API}/storage/v1/render/image/public/product-images/${path}`;
/** The srcset a 4:5 display gets for an 800×1000 source over the given ladder widths. */
const portraitSet = (path: string, widths: number[]) => widths.map((w) => `${render_(path)}?width=${w}&height=${w * 1.25}&resize=cover&quality=75 ${w}w`).join(', ');
const squareSet = (path: string, widths: number[]) => widths.map((w) => `${render_(path)}?width=${w}&height=${w}&resize=cover&quality=75 ${w}w`).join(', ');

/** A product whose images are in Supabase Storage (as the seed and the admin's uploads store them). */
function inStorage<P extends { id: string; media: Pick<Media, 'url'>[] }>(product: P): P {
  return { ...product, media: product.media.map((m, i) => ({ ...m, url: objectUrl(`${product.id}/${i + 1}.png`) })) };
}
const STORED: ProductSummary[] = PRODUCTS.map(inStorage);
const first = STORED[0];
const firstPath = `${first.id}/1.png`;

const images = (container: ParentNode = document) => [...container.querySelectorAll('img')];

afterEach(() => {
  cleanup();
  for (const link of document.head.querySelectorAll('link[rel=preload]')) link.remove();
});

describe('product cards', () => {
  it('/shop: the grid’s sizes, the ladder 160–800 cropped to 4:5, the first card eager and high priority, the rest lazy', () => {
    renderAt(
      <ShopView status="results" query={DEFAULT_QUERY} products={STORED} total={STORED.length} onChange={vi.fn()} onClear={vi.fn()} onRetry={vi.fn()} onAdd={vi.fn()} />,
      '/shop',
      {},
    );
    const imgs = images(screen.getByRole('region', { name: 'Products' }));
    expect(imgs).toHaveLength(STORED.length);
    const [lead, second, , fourth] = imgs;
    expect(lead.getAttribute('srcset')).toBe(portraitSet(firstPath, [160, 240, 320, 480, 640, 800]));
    expect(lead.getAttribute('sizes')).toBe('(min-width: 1280px) 299px, (min-width: 1024px) calc((100vw - 384px) / 3), (min-width: 768px) calc(50vw - 180px), calc(50vw - 22px)');
    expect(lead.getAttribute('src')).toBe(`${render_(firstPath)}?width=480&height=600&resize=cover&quality=75`);
    expect([lead.getAttribute('width'), lead.getAttribute('height')]).toEqual(['800', '1000']);
    expect(lead.getAttribute('loading')).toBe('eager');
    expect(lead.getAttribute('fetchpriority')).toBe('high');
    expect(lead.getAttribute('decoding')).toBe('async');
    expect(second.getAttribute('loading')).toBe('eager');
    expect(second.getAttribute('fetchpriority')).toBe('auto');
    expect(fourth.getAttribute('loading')).toBe('lazy');
    expect(fourth.getAttribute('srcset')).toContain(render_(`${STORED[3].id}/1.png`));
  });

  it('home featured and related products use their own grids’ sizes', () => {
    render(<FeaturedView status="loaded" products={STORED} onAdd={vi.fn()} onSelect={vi.fn()} onRetry={vi.fn()} />);
    const featured = images(screen.getByRole('list', { name: 'Featured products' }))[0];
    expect(featured.getAttribute('sizes')).toBe(IMAGE_DISPLAYS.featuredCard.sizes);
    expect(featured.getAttribute('sizes')).toContain('(min-width: 1152px) 347px');
    expect(featured.getAttribute('srcset')).toBe(portraitSet(firstPath, [160, 240, 320, 480, 640, 800]));
    expect(featured.getAttribute('loading')).toBe('lazy');
    cleanup();

    render(<RelatedProducts status="loaded" products={STORED.slice(0, 4)} onSelect={vi.fn()} />);
    const related = images(screen.getByRole('region', { name: 'You May Also Like' }))[0];
    expect(related.getAttribute('sizes')).toBe('(min-width: 1152px) 260px, (min-width: 768px) calc((100vw - 112px) / 4), calc(50vw - 24px)');
    expect(related.getAttribute('srcset')).toBe(portraitSet(firstPath, [160, 240, 320, 480, 640, 800]));
  });

  it('an image that is not in Supabase Storage is used as it is, without a srcset', () => {
    renderAt(
      <ShopView status="results" query={DEFAULT_QUERY} products={PRODUCTS} total={PRODUCTS.length} onChange={vi.fn()} onClear={vi.fn()} onRetry={vi.fn()} onAdd={vi.fn()} />,
      '/shop',
      {},
    );
    const lead = images(screen.getByRole('region', { name: 'Products' }))[0];
    expect(lead.getAttribute('src')).toBe(PRODUCTS[0].media[0].url);
    expect(lead.hasAttribute('srcset')).toBe(false);
    expect(lead.hasAttribute('sizes')).toBe(false);
    expect([lead.getAttribute('width'), lead.getAttribute('height')]).toEqual(['800', '1000']);
  });
});

describe('product page gallery', () => {
  const product: Product = inStorage(IRON_TEE);

  it('the main image: eager, high priority, full width on phones and half the page from md; thumbnails small and lazy', () => {
    expect(product.media.length).toBeGreaterThan(1);
    render(<Gallery media={product.media} title={product.title} />);
    const [main, ...thumbs] = images();
    expect(main.getAttribute('srcset')).toBe(portraitSet(`${product.id}/1.png`, [320, 480, 640, 800]));
    expect(main.getAttribute('sizes')).toBe('(min-width: 1152px) 524px, (min-width: 768px) calc(50vw - 52px), calc(100vw - 32px)');
    expect(main.getAttribute('loading')).toBe('eager');
    expect(main.getAttribute('fetchpriority')).toBe('high');
    expect(main.getAttribute('decoding')).toBe('async');
    expect(thumbs).toHaveLength(Math.min(product.media.length, 4));
    expect(thumbs[1].getAttribute('srcset')).toBe(portraitSet(`${product.id}/2.png`, [160, 240, 320, 480]));
    expect(thumbs[1].getAttribute('sizes')).toBe(IMAGE_DISPLAYS.galleryThumb.sizes);
    expect(thumbs[1].getAttribute('loading')).toBe('lazy');
  });

  it('switching the image switches the main image’s srcset', async () => {
    render(<Gallery media={product.media} title={product.title} />);
    await act(async () =>
      within(screen.getByRole('list', { name: 'Product images' }))
        .getByRole('button', { name: 'Show image 2' })
        .click(),
    );
    expect(images()[0].getAttribute('srcset')).toBe(portraitSet(`${product.id}/2.png`, [320, 480, 640, 800]));
  });
});

describe('small pictures', () => {
  const tee = objectUrl('tee/1.png');

  it('cart lines: 80/96 px squares on the cart page, 64 px in the drawer', () => {
    render(
      <ul>
        <CartLineItem item={{ ...teeM, image: tee }} onSetQty={vi.fn()} onRemove={vi.fn()} />
        <CartLineItem item={{ ...teeM, id: 'other', image: tee }} onSetQty={vi.fn()} onRemove={vi.fn()} compact />
      </ul>,
    );
    const [page, drawer] = images();
    expect(page.getAttribute('srcset')).toBe(squareSet('tee/1.png', [160, 240]));
    expect(page.getAttribute('sizes')).toBe('(min-width: 768px) 96px, 80px');
    expect(page.getAttribute('loading')).toBe('lazy');
    expect(page.getAttribute('decoding')).toBe('async');
    expect(drawer.getAttribute('srcset')).toBe(squareSet('tee/1.png', [160]));
    expect(drawer.getAttribute('sizes')).toBe('64px');
  });

  it('search results: 48×60', () => {
    const results: SearchResult[] = [SHAKER]
      .map(inStorage)
      .map(({ id, slug, title, subtitle, title_de, subtitle_de, media }) => ({ id, slug, title, subtitle, title_de, subtitle_de, media }));
    renderAt(
      <SearchDialogView
        open
        text="sha"
        term="sha"
        status="results"
        results={results}
        onOpenChange={vi.fn()}
        onInput={vi.fn()}
        onSubmit={vi.fn()}
        onChoose={vi.fn()}
        onRetry={vi.fn()}
      />,
      '/',
      {},
    );
    const [thumb] = images(screen.getByRole('list', { name: 'Search results' }));
    expect(thumb.getAttribute('srcset')).toBe(portraitSet(`${SHAKER.id}/1.png`, [160]));
    expect(thumb.getAttribute('sizes')).toBe('48px');
    expect([thumb.getAttribute('width'), thumb.getAttribute('height')]).toEqual(['160', '200']);
  });

  it('order lines: 64/80 px squares', () => {
    const line: OrderLine = { title: 'Tee', titleDe: null, size: 'M', color: 'Black', qty: 1, unitPrice: 3499, lineTotal: 3499, image: tee };
    render(<OrderLines lines={[line]} currency="EUR" />);
    const [img] = images();
    expect(img.getAttribute('srcset')).toBe(squareSet('tee/1.png', [160]));
    expect(img.getAttribute('sizes')).toBe('(min-width: 768px) 80px, 64px');
  });

  it('admin products list (40 px) and admin order lines (56 px)', () => {
    renderAt(
      <AdminProductsView
        status="loaded"
        query={adminQuery()}
        searchText=""
        rows={[{ ...ADMIN_ROWS[0], image: tee }]}
        total={1}
        writes={[]}
        onSearchChange={vi.fn()}
        onStatusChange={vi.fn()}
        onSortChange={vi.fn()}
        onToggleFeatured={vi.fn()}
        onToggleStatus={vi.fn()}
        onRetry={vi.fn()}
      />,
      '/admin/products',
      {},
    );
    const [listThumb] = images(screen.getByRole('table'));
    expect(listThumb.getAttribute('srcset')).toBe(squareSet('tee/1.png', [160]));
    expect(listThumb.getAttribute('sizes')).toBe('40px');
    cleanup();

    const order = { ...PAID_ORDER, lines: PAID_ORDER.lines.map((l) => ({ ...l, image: tee })) };
    renderAt(
      <AdminOrderView
        status="loaded"
        orderNumber={order.orderNumber}
        order={order}
        step="idle"
        pending={null}
        onRetry={vi.fn()}
        onStatusChange={vi.fn()}
        onConfirm={vi.fn()}
        onDismiss={vi.fn()}
        ship={null}
        refund={null}
        retryingId={null}
        onShip={vi.fn()}
        onRefund={vi.fn()}
        onCancelRefund={vi.fn()}
        onRetryRefund={vi.fn()}
        onCopyAddress={vi.fn()}
      />,
      `/admin/orders/${order.orderNumber}`,
      {},
    );
    const lineImages = images();
    expect(lineImages).toHaveLength(order.lines.length);
    expect(lineImages[0].getAttribute('srcset')).toBe(squareSet('tee/1.png', [160]));
    expect(lineImages[0].getAttribute('sizes')).toBe('56px');
  });
});

describe('preloading the first image', () => {
  it('/shop and a product page preload the candidate set their first <img> uses', async () => {
    vi.resetModules();
    const product = inStorage(IRON_TEE);
    vi.doMock('../../src/api/products', async (original) => ({
      ...(await original<typeof import('../../src/api/products')>()),
      prefetchShopPage: async () => ({ products: STORED, total: STORED.length }),
      prefetchProduct: async () => product,
    }));
    const { preloadRoute } = await import('../../src/app/routes');
    const preloads = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel=preload][as=image]')];

    preloadRoute('/shop', '', 'en');
    await vi.waitFor(() => expect(preloads()).toHaveLength(1));
    const [shop] = preloads();
    expect(shop.getAttribute('imagesrcset')).toBe(portraitSet(firstPath, [160, 240, 320, 480, 640, 800]));
    expect(shop.getAttribute('imagesizes')).toBe(IMAGE_DISPLAYS.shopCard.sizes);
    expect(shop.hasAttribute('href')).toBe(false);
    expect(shop.getAttribute('fetchpriority')).toBe('high');
    // The card the shop renders first has the very same srcset and sizes.
    renderAt(
      <ShopView status="results" query={DEFAULT_QUERY} products={STORED} total={STORED.length} onChange={vi.fn()} onClear={vi.fn()} onRetry={vi.fn()} onAdd={vi.fn()} />,
      '/shop',
      {},
    );
    const lead = images(screen.getByRole('region', { name: 'Products' }))[0];
    expect([lead.getAttribute('srcset'), lead.getAttribute('sizes')]).toEqual([shop.getAttribute('imagesrcset'), shop.getAttribute('imagesizes')]);
    shop.remove();

    preloadRoute(`/shop/${product.slug}`, '', 'en');
    await vi.waitFor(() => expect(preloads()).toHaveLength(1));
    const [page] = preloads();
    cleanup();
    render(<Gallery media={product.media} title={product.title} />);
    const main = images()[0];
    expect(page.getAttribute('imagesrcset')).toBe(main.getAttribute('srcset'));
    expect(page.getAttribute('imagesizes')).toBe(main.getAttribute('sizes'));
    vi.doUnmock('../../src/api/products');
  });

  it('an image outside Storage is preloaded by its href', async () => {
    vi.resetModules();
    vi.doMock('../../src/api/products', async (original) => ({
      ...(await original<typeof import('../../src/api/products')>()),
      prefetchShopPage: async () => ({ products: PRODUCTS, total: PRODUCTS.length }),
    }));
    const { preloadRoute } = await import('../../src/app/routes');
    preloadRoute('/shop', '', 'en');
    await vi.waitFor(() => expect(document.head.querySelector('link[rel=preload][as=image]')).not.toBeNull());
    const link = document.head.querySelector<HTMLLinkElement>('link[rel=preload][as=image]')!;
    expect(link.getAttribute('href')).toBe(PRODUCTS[0].media[0].url);
    expect(link.hasAttribute('imagesrcset')).toBe(false);
    vi.doUnmock('../../src/api/products');
  });
});
