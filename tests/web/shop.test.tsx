import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { cartMachine } from '../../machines/cartMachine';
import { DEFAULT_QUERY, type ShopQuery, withChange } from '../../domain/shopQuery';
import { parseShopQuery } from '../../src/features/shop/url';
import { fetchShopPage } from '../../src/api/products';
import ShopRoute from '../../src/features/shop/ShopRoute';
import { ShopView, type ShopViewProps } from '../../src/features/shop/ShopView';
import { IRON_TEE, manyProducts, PRODUCTS, SHAKER } from '../../stories/fixtures/products';
import { render, renderAt } from './support';

vi.mock('../../src/api/products', () => ({ fetchShopPage: vi.fn() }));
const mockedFetch = vi.mocked(fetchShopPage);

const sidebar = () => screen.getByRole('complementary', { name: 'Filters' });
const lastQuery = (): ShopQuery => mockedFetch.mock.calls.at(-1)?.[0] as ShopQuery;

describe('ShopRoute: the URL is the query', () => {
  let scrollTo: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    mockedFetch.mockReset();
    mockedFetch.mockResolvedValue({ products: PRODUCTS, total: 30 });
  });
  afterEach(() => vi.restoreAllMocks());

  function mount(path: string) {
    const cart = createActor(cartMachine.provide({ actions: { persist: () => {} } }), { input: { items: [] } }).start();
    const toasts = { send: vi.fn() };
    const location = renderAt(<ShopRoute />, path, { cart, toasts: toasts as never });
    return { location, cart, toasts };
  }

  it('loads the query the URL says, with the category as heading and title', async () => {
    mount('/shop?category=apparel&size=M&page=2');
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    await waitFor(() => expect(mockedFetch).toHaveBeenCalledOnce());
    expect(lastQuery()).toEqual({ ...DEFAULT_QUERY, category: 'clothing', size: 'M', page: 2 });
    expect(await screen.findByText('30 products')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Clothing' })).toBeTruthy();
    expect(document.title).toContain('Clothing');
    expect(screen.getAllByRole('article')).toHaveLength(PRODUCTS.length);
    expect(screen.getByRole('link', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Next' }).getAttribute('href')).toBe('/shop?category=clothing&size=M&page=3');
  });

  it('a filter click writes the URL with page 1, and the new query loads', async () => {
    const user = userEvent.setup();
    const { location } = mount('/shop?category=clothing&page=3');
    await screen.findByText('30 products');
    expect(scrollTo).not.toHaveBeenCalled();
    await user.click(within(sidebar()).getByRole('button', { name: 'L' }));
    expect(location.history.at(-1)).toBe('/shop?category=clothing&size=L');
    // Page 3 became page 1: the list starts at its top.
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    await waitFor(() => expect(lastQuery()).toEqual({ ...DEFAULT_QUERY, category: 'clothing', size: 'L', page: 1 }));

    await user.click(within(sidebar()).getByRole('radio', { name: 'Accessories' }));
    expect(location.history.at(-1)).toBe('/shop?category=accessories&size=L');
    await user.click(within(sidebar()).getByRole('checkbox', { name: 'In stock only' }));
    expect(location.history.at(-1)).toBe('/shop?category=accessories&size=L&inStock=true');
    await user.click(within(sidebar()).getByRole('button', { name: 'Clear all' }));
    expect(location.history.at(-1)).toBe('/shop');
    await waitFor(() => expect(lastQuery()).toEqual(DEFAULT_QUERY));
  });

  it('the price slider writes the URL when a change ends (each key press ends one)', async () => {
    const user = userEvent.setup();
    const { location } = mount('/shop?maxPrice=100&page=2');
    await screen.findByText('30 products');
    const min = within(sidebar()).getByRole('slider', { name: 'Minimum price' });
    const max = within(sidebar()).getByRole('slider', { name: 'Maximum price' });
    expect(max.getAttribute('aria-valuenow')).toBe('100');
    min.focus();
    // Each key press is a finished change (there is no drag to wait for).
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(location.history.at(-1)).toBe('/shop?minPrice=5&maxPrice=100'));
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(location.history.at(-1)).toBe('/shop?minPrice=10&maxPrice=100'));
    expect(within(sidebar()).getByTestId('price-range').textContent).toBe('€10 – €100');
    max.focus();
    await user.keyboard('{End}');
    await waitFor(() => expect(location.history.at(-1)).toBe('/shop?minPrice=10'));
    await waitFor(() => expect(lastQuery()).toMatchObject({ minPrice: 10, maxPrice: null, page: 1 }));
  });

  it('sorting writes the URL and starts again at page 1', async () => {
    const user = userEvent.setup();
    const { location } = mount('/shop?page=2');
    await screen.findByText('30 products');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Price: high to low');
    expect(location.history.at(-1)).toBe('/shop?sortField=price&sortDirection=desc');
    await waitFor(() => expect(lastQuery()).toMatchObject({ sort: 'price-desc', page: 1 }));
  });

  it('a link with sort=best shows Best sellers as the chosen sort', async () => {
    mount('/shop?sort=best');
    const select = (await screen.findByRole('combobox', { name: 'Sort by' })) as HTMLSelectElement;
    expect(select.selectedOptions[0].textContent).toBe('Best sellers');
    expect(select.options).toHaveLength(7);
  });

  it('search, featured and tags show as chips that remove themselves', async () => {
    const user = userEvent.setup();
    const { location } = mount('/shop?q=tee&featured=true&tag=t-shirt');
    await screen.findByText('30 products');
    const chips = within(screen.getByRole('list', { name: 'Active filters' }));
    expect(chips.getAllByRole('button').map((b) => b.textContent)).toEqual(['Search: tee×', 'Featured×', '#t-shirt×']);
    await user.click(chips.getByRole('button', { name: 'Remove filter: Search: tee' }));
    expect(location.history.at(-1)).toBe('/shop?tag=t-shirt&featured=true');
  });

  it('a failure shows the alert; Try Again loads the same query again', async () => {
    const user = userEvent.setup();
    mockedFetch.mockRejectedValueOnce(new Error('Failed to fetch'));
    mount('/shop?color=Olive');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Something went wrong');
    expect(alert.textContent).toContain("We're having trouble loading the products. Please try again.");
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('30 products')).toBeTruthy();
    expect(mockedFetch).toHaveBeenCalledTimes(2);
    expect(mockedFetch.mock.calls[1][0]).toEqual(mockedFetch.mock.calls[0][0]);
  });

  it('a page past the last one is replaced by the last page', async () => {
    mockedFetch.mockImplementation(async (query) => (query.page > 2 ? { products: [], total: 14 } : { products: manyProducts(2), total: 14 }));
    const { location } = mount('/shop?size=S&page=9');
    await waitFor(() => expect(location.history.at(-1)).toBe('/shop?size=S&page=2'));
    expect(location.history).not.toContain('/shop?size=S&page=9');
    expect(await screen.findByText('14 products')).toBeTruthy();
    expect(screen.queryByText('No products found')).toBeNull();
  });

  it('an empty result says so and offers Clear all when filters are set', async () => {
    const user = userEvent.setup();
    mockedFetch.mockResolvedValue({ products: [], total: 0 });
    const { location } = mount('/shop?color=Sand&sortField=title&sortDirection=asc');
    expect(await screen.findByText('No products found')).toBeTruthy();
    expect(screen.getByText('0 products')).toBeTruthy();
    const section = within(screen.getByRole('region', { name: 'Products' }));
    await user.click(section.getByRole('button', { name: 'Clear all' }));
    expect(location.history.at(-1)).toBe('/shop?sortField=title&sortDirection=asc');
  });

  it('reports the list when results arrive (view_item_list) and the card a shopper opens (select_item)', async () => {
    const user = userEvent.setup();
    const layer: { event?: string; ecommerce?: { item_list_id: string; items: { item_id: string; index?: number }[] } }[] = [];
    (window as unknown as { dataLayer: unknown[] }).dataLayer = layer;
    mount('/shop');
    await screen.findByText('30 products');
    const lists = layer.filter((e) => e.event === 'view_item_list');
    expect(lists).toHaveLength(1);
    expect(lists[0].ecommerce?.item_list_id).toBe('shop');
    expect(lists[0].ecommerce?.items.map((i) => i.item_id)).toEqual(PRODUCTS.map((p) => p.id));
    await user.click(screen.getByRole('link', { name: PRODUCTS[1].title }));
    const selected = layer.filter((e) => e.event === 'select_item');
    expect(selected.map((e) => e.ecommerce?.items[0])).toEqual([expect.objectContaining({ item_id: PRODUCTS[1].id, index: 1 })]);
  });

  it('quick add: one variant goes into the cart, several sizes open the product page', async () => {
    const user = userEvent.setup();
    mockedFetch.mockResolvedValue({ products: [SHAKER, IRON_TEE], total: 2 });
    const { location, cart, toasts } = mount('/shop');
    const [shakerAdd, teeAdd] = await screen.findAllByRole('button', { name: 'Add to Cart' });
    await user.click(shakerAdd);
    expect(cart.getSnapshot().context.items).toMatchObject([{ productId: SHAKER.id, variantId: SHAKER.variants[0].id, qty: 1 }]);
    expect(toasts.send).toHaveBeenCalledWith(expect.objectContaining({ type: 'toast.add', toast: expect.objectContaining({ title: 'Added to cart' }) }));
    await user.click(teeAdd);
    expect(location.history.at(-1)).toBe(`/shop/${IRON_TEE.slug}`);
    expect(cart.getSnapshot().context.items).toHaveLength(1);
  });
});

describe('ShopView', () => {
  function view(overrides: Partial<ShopViewProps> = {}) {
    const props: ShopViewProps = {
      status: 'results',
      query: DEFAULT_QUERY,
      products: manyProducts(12),
      total: 120,
      onChange: vi.fn(),
      onClear: vi.fn(),
      onRetry: vi.fn(),
      onAdd: vi.fn(),
      onSelect: vi.fn(),
      ...overrides,
    };
    render(<ShopView {...props} />);
    return props;
  }

  it('loading: eight placeholders and a status', () => {
    view({ status: 'loading', products: [] });
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    expect(screen.queryAllByRole('article')).toHaveLength(0);
    expect(screen.getByRole('region', { name: 'Products' }).querySelector('div[aria-hidden="true"]')?.children).toHaveLength(8);
  });

  it('one product is "1 product"', () => {
    view({ products: [SHAKER], total: 1 });
    expect(screen.getByText('1 product')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  });

  it('pagination condenses many pages around the current one', () => {
    view({ query: { ...DEFAULT_QUERY, page: 5 }, total: 120 });
    const nav = within(screen.getByRole('navigation', { name: 'Pagination' }));
    expect(nav.getAllByRole('link').map((a) => a.textContent)).toEqual(['Previous', '1', '4', '5', '6', '10', 'Next']);
    expect(nav.getByRole('link', { name: 'Page 1' }).getAttribute('href')).toBe('/shop');
    expect(nav.getByRole('link', { name: 'Page 10' }).getAttribute('href')).toBe('/shop?page=10');
  });

  it('the price range shows as text, 200 as "€200+"', () => {
    view({ query: { ...DEFAULT_QUERY, minPrice: 25 } });
    expect(within(sidebar()).getByTestId('price-range').textContent).toBe('€25 – €200+');
    expect(within(sidebar()).getByRole('slider', { name: 'Minimum price' }).getAttribute('aria-valuenow')).toBe('25');
    expect(within(sidebar()).getByRole('slider', { name: 'Maximum price' }).getAttribute('aria-valuetext')).toBe('€200+');
  });

  it('opening a card reports it', async () => {
    const props = view({ products: PRODUCTS, total: PRODUCTS.length });
    await userEvent.setup().click(screen.getByRole('link', { name: PRODUCTS[2].title }));
    expect(props.onSelect).toHaveBeenCalledWith(PRODUCTS[2], 2);
  });
});

describe('ShopView before the app runs (docs/adr/0035): its forms send the query the app would navigate to', () => {
  const start: ShopQuery = { ...DEFAULT_QUERY, category: 'clothing', tags: ['limited', 'new'], q: 'tee', size: 'S', color: 'Black', minPrice: 20, sort: 'price-desc', page: 3 };
  /** What a browser sends for a form, with the tapped submit button if any, read back as the server reads it. */
  const sent = (form: HTMLFormElement, submitter?: HTMLElement) => {
    expect(form.getAttribute('action')).toBe('/shop');
    expect(form.getAttribute('method')).toBe('get');
    return parseShopQuery(new URLSearchParams(new FormData(form, submitter) as unknown as string[][]).toString());
  };
  const formOf = (element: HTMLElement) => element.closest('form') as HTMLFormElement;

  function view() {
    render(<ShopView status="results" query={start} products={manyProducts(2)} total={2} onChange={vi.fn()} onClear={vi.fn()} onRetry={vi.fn()} onAdd={vi.fn()} />);
  }

  it('the sort form: the chosen sort with every other filter, from page 1', () => {
    view();
    const sort = screen.getByRole('combobox', { name: 'Sort by' }) as HTMLSelectElement;
    sort.value = 'title-asc';
    expect(sent(formOf(sort))).toEqual(withChange(start, { sort: 'title-asc' }));
    expect(formOf(sort).hasAttribute('data-early-submit')).toBe(true);
  });

  it('the filter form: a size, a colour (on and off), a category and in-stock each keep the rest', () => {
    view();
    const panel = sidebar();
    const form = formOf(within(panel).getByRole('radio', { name: 'Accessories' }));
    expect(form.hasAttribute('data-early-submit')).toBe(true);
    expect(sent(form, within(panel).getByRole('button', { name: 'M' }))).toEqual(withChange(start, { size: 'M' }));
    expect(sent(form, within(panel).getByRole('button', { name: 'S' }))).toEqual(withChange(start, { size: null }));
    expect(sent(form, within(panel).getByRole('button', { name: /Stone Grey/ }))).toEqual(withChange(start, { color: 'Stone Grey' }));
    expect(sent(form, within(panel).getByRole('button', { name: /Black/ }))).toEqual(withChange(start, { color: null }));
    (within(panel).getByRole('radio', { name: 'Accessories' }) as HTMLInputElement).checked = true;
    (within(panel).getByRole('checkbox', { name: 'In stock only' }) as HTMLInputElement).checked = true;
    expect(sent(form)).toEqual(withChange(start, { category: 'accessories', inStock: true }));
  });
});
