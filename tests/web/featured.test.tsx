import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { FEATURED_HOME_LIMIT, type ProductSummary } from '../../domain/catalogue';
import { selectDrawerOpen, selectItems } from '../../machines/cartMachine';
import { selectToasts } from '../../machines/toastMachine';
import { fetchFeatured } from '../../src/api/products';
import { createCartActor } from '../../src/app/actors/cart';
import { memoryStorage } from '../../src/app/actors/storage';
import { createToastActor } from '../../src/app/actors/toasts';
import { FirstScreenProvider } from '../../src/services/firstScreen';
import { featuredScreenMachine } from '../../src/features/home/FeaturedContainer';
import HomeRoute from '../../src/features/home/HomeRoute';
import { analytics } from '../../src/services/analytics';
import { FeaturedView, type FeaturedViewProps } from '../../src/features/home/FeaturedView';
import { HOODIE, LIFTING_STRAPS, manyProducts, PRODUCTS, SHAKER } from '../../stories/fixtures/products';
import { render, renderAt } from './support';

vi.mock('../../src/api/products', () => ({ fetchFeatured: vi.fn() }));
const mockedFetch = vi.mocked(fetchFeatured);

/** A hoodie whose first size is sold out: the featured add must skip it. */
const HOODIE_M_SOLD_OUT: ProductSummary = { ...HOODIE, variants: [{ ...HOODIE.variants[0], inventory: 0 }, HOODIE.variants[1]] };

function mount() {
  const cart = createCartActor(memoryStorage()).start();
  const toasts = createToastActor().start();
  const location = renderAt(<HomeRoute />, '/', { cart, toasts });
  return { cart, toasts, location };
}

const card = (title: string) => screen.getByRole('heading', { level: 3, name: title }).closest('article') as HTMLElement;
const featured = () => screen.getByRole('region', { name: 'Featured' });

describe('featured block on the home page', () => {
  beforeEach(() => mockedFetch.mockReset());

  it('a page the server rendered shows its featured products from the snapshot without asking again, and reports the list view once', async () => {
    mockedFetch.mockResolvedValue(PRODUCTS);
    const server = createActor(featuredScreenMachine.provide({ actions: { listViewed: () => undefined } }), { input: { limit: FEATURED_HOME_LIMIT } }).start();
    await waitFor(server, (snapshot) => snapshot.matches('loaded'));
    const snapshot = JSON.parse(JSON.stringify(server.getPersistedSnapshot()));
    server.stop();
    mockedFetch.mockReset();
    const viewed = vi.spyOn(analytics, 'viewItemList');
    const cart = createCartActor(memoryStorage()).start();
    renderAt(
      <FirstScreenProvider value={{ locale: 'en', snapshots: { featured: snapshot } }}>
        <HomeRoute />
      </FirstScreenProvider>,
      '/',
      { cart, toasts: createToastActor().start() },
    );
    // Rendered at once, as the server did: no loading state, no request.
    const list = screen.getByRole('list', { name: 'Featured products' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(PRODUCTS.length);
    expect(mockedFetch).not.toHaveBeenCalled();
    expect(viewed).toHaveBeenCalledTimes(1);
    expect(viewed.mock.calls[0][1].map((p) => p.id)).toEqual(PRODUCTS.map((p) => p.id));
    viewed.mockRestore();
  });

  it('asks for 6 featured products and shows them with prices under the story', async () => {
    mockedFetch.mockResolvedValue(PRODUCTS);
    mount();
    expect(mockedFetch).toHaveBeenCalledWith(FEATURED_HOME_LIMIT);
    expect(within(featured()).getByRole('status').textContent).toBe('Loading featured…');
    const list = await within(featured()).findByRole('list', { name: 'Featured products' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(PRODUCTS.length);
    expect(within(card('Grind Shaker 700 ml')).getByText('€14.99')).toBeTruthy();
    expect(within(featured()).queryByRole('status')).toBeNull();
    expect(within(featured()).getByRole('link', { name: 'View all' }).getAttribute('href')).toBe('/shop?featured=true');
    // Below the hero: every image waits until it is scrolled near.
    for (const img of featured().querySelectorAll('img')) expect(img.getAttribute('loading')).toBe('lazy');
  });

  it('Add to Cart puts the first variant in stock in the cart, once, and opens the drawer with a toast', async () => {
    const user = userEvent.setup();
    mockedFetch.mockResolvedValue([HOODIE_M_SOLD_OUT, SHAKER]);
    const { cart, toasts, location } = mount();
    await screen.findByRole('list', { name: 'Featured products' });
    expect(selectDrawerOpen(cart.getSnapshot())).toBe(false);
    await user.click(within(card('Grind Hoodie')).getByRole('button', { name: 'Add to Cart' }));
    const items = selectItems(cart.getSnapshot());
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ productId: HOODIE.id, variantId: HOODIE.variants[1].id, size: 'L', qty: 1, price: 6999, currency: 'EUR', title: 'Grind Hoodie' });
    expect(selectDrawerOpen(cart.getSnapshot())).toBe(true);
    expect(selectToasts(toasts.getSnapshot())[0]).toMatchObject({ title: 'Added to cart', description: '1 x Grind Hoodie added to your cart.' });
    // Adding again raises the same line.
    await user.click(within(card('Grind Hoodie')).getByRole('button', { name: 'Add to Cart' }));
    expect(selectItems(cart.getSnapshot())).toMatchObject([{ variantId: HOODIE.variants[1].id, qty: 2 }]);
    expect(location.history).toEqual(['/']);
  });

  it('a sold-out product goes to its page instead', async () => {
    const user = userEvent.setup();
    mockedFetch.mockResolvedValue([LIFTING_STRAPS]);
    const { cart, location } = mount();
    await screen.findByRole('list', { name: 'Featured products' });
    await user.click(within(card('Lifting Straps')).getByRole('button', { name: 'Add to Cart' }));
    expect(location.history.at(-1)).toBe('/shop/lifting-straps');
    expect(selectItems(cart.getSnapshot())).toEqual([]);
    expect(selectDrawerOpen(cart.getSnapshot())).toBe(false);
  });

  it('reports the list once and the product a shopper opens', async () => {
    const user = userEvent.setup();
    const dataLayer: unknown[] = [];
    (window as unknown as { dataLayer: unknown[] }).dataLayer = dataLayer;
    mockedFetch.mockResolvedValue([SHAKER, HOODIE]);
    mount();
    await screen.findByRole('list', { name: 'Featured products' });
    const events = () => dataLayer.filter((e): e is { event: string; ecommerce: { items: { item_id: string; index: number }[] } } => !!(e as { event?: string }).event);
    expect(events().map((e) => e.event)).toEqual(['view_item_list']);
    expect(events()[0].ecommerce.items.map((i) => i.item_id)).toEqual([SHAKER.id, HOODIE.id]);
    await user.click(within(card('Grind Hoodie')).getByRole('link', { name: 'Grind Hoodie' }));
    expect(events().map((e) => e.event)).toEqual(['view_item_list', 'select_item']);
    expect(events()[1].ecommerce.items[0]).toMatchObject({ item_id: HOODIE.id, index: 1 });
  });

  it('no more than 6 cards even when more come back', async () => {
    mockedFetch.mockResolvedValue(manyProducts(9));
    mount();
    const list = await screen.findByRole('list', { name: 'Featured products' });
    expect(within(list).getAllByRole('article')).toHaveLength(FEATURED_HOME_LIMIT);
  });

  it('empty, and failure with Try again', async () => {
    const user = userEvent.setup();
    mockedFetch.mockRejectedValueOnce(new Error('Failed to fetch')).mockResolvedValueOnce([]);
    mount();
    const alert = await within(featured()).findByRole('alert');
    expect(alert.textContent).toContain('Failed to load featured.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(featured()).findByText('No featured items yet.')).toBeTruthy();
    expect(mockedFetch).toHaveBeenCalledTimes(2);
  });
});

describe('FeaturedView', () => {
  function view(overrides: Partial<FeaturedViewProps> = {}) {
    const props: FeaturedViewProps = { status: 'loaded', products: PRODUCTS, onAdd: vi.fn(), onSelect: vi.fn(), onRetry: vi.fn(), ...overrides };
    render(<FeaturedView {...props} />);
    return props;
  }

  it("loading keeps the grid's place with 6 card skeletons", () => {
    view({ status: 'loading', products: [] });
    expect(screen.getByRole('status').textContent).toBe('Loading featured…');
    expect(featured().getAttribute('aria-busy')).toBe('true');
    expect(featured().querySelectorAll('[aria-hidden="true"]').length).toBeGreaterThanOrEqual(FEATURED_HOME_LIMIT);
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('hands the product and its place to the callbacks', async () => {
    const user = userEvent.setup();
    const props = view();
    await user.click(within(card('Seamless Leggings')).getByRole('button', { name: 'Add to Cart' }));
    expect(props.onAdd).toHaveBeenCalledWith(PRODUCTS[2]);
    act(() => within(card('Whey Isolate')).getByRole('link', { name: 'Whey Isolate' }).click());
    expect(props.onSelect).toHaveBeenCalledWith(PRODUCTS[5], 5);
  });
});
