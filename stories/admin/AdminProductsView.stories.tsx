import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { AdminProductsView } from '../../src/features/admin/products/AdminProductsView';
import {
  ADMIN_ROWS,
  adminQuery,
  CATALOGUE_TOTAL,
  GRIND_TEE,
  HTML_TITLE,
  IRON_SHAKER,
  LIFTING_BELT,
  LONG_TITLE,
  NEW_HOODIE,
  PAGE_2_ROWS,
  PR_SHORTS,
} from '../fixtures/admin-products';
import { inGerman } from '../support';

/** /admin/products (machines/adminProductsMachine.ts): the catalogue's table with search, filter, sort, paging and per-row toggles. */
const meta: Meta<typeof AdminProductsView> = {
  title: 'Admin/Products list',
  component: AdminProductsView,
  args: {
    status: 'loaded',
    query: adminQuery(),
    searchText: '',
    rows: ADMIN_ROWS,
    total: ADMIN_ROWS.length,
    writes: [],
    onSearchChange: fn(),
    onStatusChange: fn(),
    onSortChange: fn(),
    onToggleFeatured: fn(),
    onToggleStatus: fn(),
    onRetry: fn(),
  },
  parameters: { path: '/admin/products' },
};
export default meta;
type Story = StoryObj<typeof AdminProductsView>;

const text = (element: Element | null) => element?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
/** The table's body rows (skeleton rows excluded), each as its cells' text. */
const bodyRows = (canvasElement: HTMLElement) =>
  [...canvasElement.querySelectorAll('tbody tr')].filter((row) => row.getAttribute('aria-hidden') !== 'true').map((row) => [...row.querySelectorAll('td')].map(text));
const rowOf = (canvasElement: HTMLElement, title: string) => within(canvasElement).getByRole('link', { name: title }).closest('tr') as HTMLElement;

export const Loading: Story = {
  args: { status: 'loading', rows: [], total: 0 },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
    await expect(page.getByRole('status')).toHaveTextContent('Loading products...');
    await expect(page.getByRole('table')).toHaveAttribute('aria-busy', 'true');
    // Placeholders only, hidden from screen readers; no empty message before the answer.
    await expect(bodyRows(canvasElement)).toEqual([]);
    await expect(canvasElement.querySelectorAll('tbody tr[aria-hidden="true"]').length).toBeGreaterThan(0);
    await expect(page.queryByText('No products yet.')).toBeNull();
    await expect(page.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  },
};

/** The catalogue: every status, featured or not, stock marks, and each row's links and actions. */
export const Loaded: Story = {
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement);
    await expect(page.queryByRole('status')).toBeNull();
    await expect(page.getByText('1–5 of 5 products')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create Product' })).toHaveAttribute('href', '/admin/products/new');
    await expect(page.getByRole('link', { name: 'View Shop' })).toHaveAttribute('href', '/shop');
    await expect(page.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    const headers = page.getAllByRole('columnheader').map(text);
    await expect(headers).toEqual(['Product', 'Slug', 'Status', 'Featured', 'Stock', 'Updated', 'Actions']);
    const rows = bodyRows(canvasElement);
    await expect(rows.map((cells) => cells.slice(0, 3).concat(cells[4]))).toEqual([
      ['Grind Tee', 'grind-tee', 'Published', '120'],
      ['Iron Shaker', 'iron-shaker', 'Draft', '3 Low stock'],
      ['PR Shorts', 'pr-shorts', 'Archived', '0 Sold out'],
      ['Lifting Belt', 'lifting-belt', 'Published', '5 Low stock'],
      ['New Hoodie', 'new-hoodie', 'Draft', 'No variants'],
    ]);
    await expect(rows.map((cells) => cells[6])).toEqual(['Unpublish Edit', 'Publish Edit', 'Publish Edit', 'Unpublish Edit', 'Publish Edit']);
    const updated = within(rowOf(canvasElement, 'Grind Tee')).getByText(/2026/);
    await expect(updated).toHaveAttribute('datetime', GRIND_TEE.updatedAt);
    await expect(updated).toHaveTextContent(/^Nov 18, 2026, \d{1,2}:\d{2}\s?[AP]M$/);
    await expect(page.getByRole('link', { name: 'Iron Shaker' })).toHaveAttribute('href', `/admin/products/${IRON_SHAKER.id}/edit`);
    await expect(page.getByRole('link', { name: 'Edit Iron Shaker' })).toHaveAttribute('href', `/admin/products/${IRON_SHAKER.id}/edit`);
    await expect(page.getByRole('switch', { name: 'Featured: Grind Tee' })).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByRole('switch', { name: 'Featured: Iron Shaker' })).toHaveAttribute('aria-checked', 'false');
    await expect(page.getByRole('region', { name: 'Product list' })).toHaveAttribute('tabindex', '0');

    await userEvent.click(page.getByRole('switch', { name: 'Featured: Iron Shaker' }));
    await expect(args.onToggleFeatured).toHaveBeenCalledWith(IRON_SHAKER.id);
    await userEvent.click(page.getByRole('button', { name: 'Publish PR Shorts' }));
    await expect(args.onToggleStatus).toHaveBeenCalledWith(PR_SHORTS.id);
    await userEvent.click(page.getByRole('button', { name: 'Unpublish Lifting Belt' }));
    await expect(args.onToggleStatus).toHaveBeenLastCalledWith(LIFTING_BELT.id);
  },
};

/** Search, status filter and sort report what the admin chose; the container writes it to the URL. */
export const Filtering: Story = {
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement);
    await userEvent.type(page.getByRole('searchbox', { name: 'Search by title or SKU' }), 'x');
    await expect(args.onSearchChange).toHaveBeenCalledWith('x');
    const status = page.getByRole('combobox', { name: 'Status' });
    await expect(within(status).getAllByRole('option').map(text)).toEqual(['All', 'Draft', 'Published', 'Archived']);
    await userEvent.selectOptions(status, 'Archived');
    await expect(args.onStatusChange).toHaveBeenCalledWith('archived');
    const sort = page.getByRole('combobox', { name: 'Sort' });
    await expect(within(sort).getAllByRole('option').map(text)).toEqual(['Recently updated', 'Least recently updated']);
    await userEvent.selectOptions(sort, 'Least recently updated');
    await expect(args.onSortChange).toHaveBeenCalledWith('updated_asc');
  },
};

/** Typing: the last page stays (marked busy) while the next one is waited for. */
export const Reloading: Story = {
  args: { status: 'loading', query: adminQuery({ q: 'tee' }), searchText: 'tee ' },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByRole('status')).toHaveTextContent('Loading products...');
    await expect(page.getByRole('searchbox', { name: 'Search by title or SKU' })).toHaveValue('tee ');
    await expect(bodyRows(canvasElement)).toHaveLength(ADMIN_ROWS.length);
    await expect(page.getByRole('table')).toHaveAttribute('aria-busy', 'true');
  },
};

/** Iron Shaker's featured write and Grind Tee's status write are in flight: those two controls are busy, the rest free. */
export const ToggleInFlight: Story = {
  args: {
    writes: [
      { id: IRON_SHAKER.id, kind: 'featured' },
      { id: GRIND_TEE.id, kind: 'status' },
    ],
  },
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement);
    const featured = page.getByRole('switch', { name: 'Featured: Iron Shaker' });
    await expect(featured).toHaveAttribute('aria-disabled', 'true');
    await expect(featured).toHaveAttribute('aria-busy', 'true');
    // Not optimistic: the switch still shows what the database holds.
    await expect(featured).toHaveAttribute('aria-checked', 'false');
    const unpublish = page.getByRole('button', { name: 'Unpublish Grind Tee' });
    await expect(unpublish).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(featured);
    await userEvent.click(unpublish);
    await expect(args.onToggleFeatured).not.toHaveBeenCalled();
    await expect(args.onToggleStatus).not.toHaveBeenCalled();
    // Busy controls keep focus (aria-disabled, not disabled): the keyboard user stays in place.
    await expect(unpublish).toHaveFocus();
    // The same row's other toggle, and other rows, stay free.
    await expect(page.getByRole('button', { name: 'Publish Iron Shaker' })).not.toHaveAttribute('aria-disabled');
    await userEvent.click(page.getByRole('switch', { name: 'Featured: Grind Tee' }));
    await expect(args.onToggleFeatured).toHaveBeenCalledWith(GRIND_TEE.id);
  },
};

export const LoadFailed: Story = {
  args: { status: 'failed', rows: [], total: 0 },
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement);
    const alert = within(page.getByRole('alert'));
    await expect(alert.getByText('Failed to load products. Please refresh the page.')).toBeVisible();
    await expect(page.getByRole('alert').closest('td')).toHaveAttribute('colspan', '7');
    await expect(page.queryByText('No products yet.')).toBeNull();
    await userEvent.click(alert.getByRole('button', { name: 'Retry' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

export const NoProductsYet: Story = {
  args: { rows: [], total: 0 },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByText('No products yet.')).toBeVisible();
    await expect(page.queryByRole('link', { name: 'Clear filters' })).toBeNull();
    await expect(page.queryByText(/of 0 products/)).toBeNull();
  },
};

/** A search and a filter that match nothing: say so, and offer the way back (the sort stays). */
export const NoMatches: Story = {
  args: { rows: [], total: 0, query: adminQuery({ q: 'zzz', status: 'archived', sort: 'updated_asc' }), searchText: 'zzz' },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByText('No products match your search.')).toBeVisible();
    await expect(page.queryByText('No products yet.')).toBeNull();
    await expect(page.getByRole('link', { name: 'Clear filters' })).toHaveAttribute('href', '/admin/products?sort=updated_asc');
    await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('archived');
    await expect(page.getByRole('combobox', { name: 'Sort' })).toHaveValue('updated_asc');
  },
};

/** Page 2 of 10,000 products: the range, the page of pages, and links that keep the query. */
export const ManyPages: Story = {
  args: { rows: PAGE_2_ROWS, total: CATALOGUE_TOTAL, query: adminQuery({ page: 2, status: 'published' }) },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(bodyRows(canvasElement)).toHaveLength(25);
    await expect(page.getByText('26–50 of 10,000 products')).toBeVisible();
    const pagination = within(page.getByRole('navigation', { name: 'Pagination' }));
    await expect(pagination.getByText('Page 2 of 400')).toBeVisible();
    await expect(pagination.getByRole('link', { name: 'Previous' })).toHaveAttribute('href', '/admin/products?status=published');
    await expect(pagination.getByRole('link', { name: 'Next' })).toHaveAttribute('href', '/admin/products?status=published&page=3');
  },
};

export const LastPage: Story = {
  args: { rows: PAGE_2_ROWS.slice(0, 10), total: 9_985, query: adminQuery({ page: 400 }) },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByText('9,976–9,985 of 9,985 products')).toBeVisible();
    const pagination = within(page.getByRole('navigation', { name: 'Pagination' }));
    await expect(pagination.getByText('Page 400 of 400')).toBeVisible();
    await expect(pagination.queryByRole('link', { name: 'Next' })).toBeNull();
    await expect(pagination.getByText('Next')).toHaveAttribute('aria-disabled', 'true');
    await expect(pagination.getByRole('link', { name: 'Previous' })).toHaveAttribute('href', '/admin/products?page=399');
  },
};

/** What admins typed: markup shows as text (nothing runs, nothing is bold), a 10,000-character title stays within its cell. */
export const LongAndHtmlTitles: Story = {
  args: { rows: [HTML_TITLE, LONG_TITLE, GRIND_TEE], total: 3 },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    const html = page.getByRole('link', { name: HTML_TITLE.title });
    await expect(html).toHaveTextContent(HTML_TITLE.title);
    await expect(canvasElement.querySelector('tbody script, tbody b')).toBeNull();
    await expect(page.getByRole('switch', { name: `Featured: ${HTML_TITLE.title}` })).toBeVisible();
    const long = page.getByRole('link', { name: LONG_TITLE.title });
    // Clamped to two lines: the row stays a row.
    await expect(long.getBoundingClientRect().height).toBeLessThan(80);
    await expect(page.getByRole('button', { name: `Unpublish ${LONG_TITLE.title}` }).closest('tr')).toBe(long.closest('tr'));
  },
};

/** Stock marks: plenty, low (≤ 5), sold out (0), and a product with no variants yet. */
export const StockMarks: Story = {
  args: { rows: [GRIND_TEE, IRON_SHAKER, LIFTING_BELT, PR_SHORTS, NEW_HOODIE], total: 5 },
  play: async ({ canvasElement }) => {
    const stock = (title: string) => text(rowOf(canvasElement, title).querySelectorAll('td')[4]);
    await expect(stock('Grind Tee')).toBe('120');
    await expect(stock('Iron Shaker')).toBe('3 Low stock');
    await expect(stock('Lifting Belt')).toBe('5 Low stock');
    await expect(stock('PR Shorts')).toBe('0 Sold out');
    await expect(stock('New Hoodie')).toBe('No variants');
  },
};

/** A phone: each product is a card whose title, toggles and buttons are on screen; the page never scrolls sideways. */
const cardsFitThePhone =
  (regionName: string) =>
  async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    const region = within(canvasElement).getByRole('region', { name: regionName });
    await expect(window.innerWidth).toBeLessThanOrEqual(360);
    await expect(region.scrollWidth).toBeLessThanOrEqual(region.clientWidth);
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
    const cards = [...region.querySelectorAll('tbody > tr')];
    await expect(cards.length).toBeGreaterThan(0);
    for (const card of cards) {
      for (const part of card.querySelectorAll('td, a, button')) await expect(part.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth);
    }
  };

export const Phone: Story = {
  globals: { viewport: { value: 'mobile1' } },
  parameters: { viewport: { defaultViewport: 'mobile1' } },
  play: cardsFitThePhone('Product list'),
};

// ── German: the same states. Texts come from the admin catalogue once its translations are merged,
// so these check what holds either way: the structure, and dates and numbers in German form. ──

const germanStructure = async (canvasElement: HTMLElement) => {
  await expect(document.documentElement.lang).toBe('de');
  await expect(within(canvasElement).getByRole('heading', { level: 1 })).toBeVisible();
  await expect(within(canvasElement).getAllByRole('combobox')).toHaveLength(2);
};

export const LoadingDe = inGerman({
  args: Loading.args,
  play: async ({ canvasElement }) => {
    await germanStructure(canvasElement);
    await expect(within(canvasElement).getByRole('status')).toBeVisible();
    await expect(bodyRows(canvasElement)).toEqual([]);
  },
} satisfies Story);
export const LoadedDe = inGerman({
  play: async ({ canvasElement }) => {
    await germanStructure(canvasElement);
    await expect(bodyRows(canvasElement)).toHaveLength(5);
    const updated = within(rowOf(canvasElement, 'Grind Tee')).getByText(/2026/);
    await expect(updated).toHaveTextContent(/^18\.11\.2026, \d{2}:\d{2}$/);
    await expect(within(canvasElement).getByRole('switch', { name: /Grind Tee$/ })).toHaveAttribute('aria-checked', 'true');
  },
} satisfies Story);
export const FilteringDe = inGerman({
  play: async ({ canvasElement, args }) => {
    await germanStructure(canvasElement);
    await userEvent.selectOptions(within(canvasElement).getAllByRole('combobox')[0], 'draft');
    await expect(args.onStatusChange).toHaveBeenCalledWith('draft');
  },
} satisfies Story);
export const ReloadingDe = inGerman({ args: Reloading.args } satisfies Story);
export const ToggleInFlightDe = inGerman({
  args: ToggleInFlight.args,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('switch', { name: /Iron Shaker$/ })).toHaveAttribute('aria-disabled', 'true');
    await expect(within(canvasElement).getByRole('switch', { name: /Grind Tee$/ })).not.toHaveAttribute('aria-disabled');
  },
} satisfies Story);
export const LoadFailedDe = inGerman({
  args: LoadFailed.args,
  play: async ({ canvasElement, args }) => {
    await germanStructure(canvasElement);
    await userEvent.click(within(within(canvasElement).getByRole('alert')).getByRole('button'));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
} satisfies Story);
export const NoProductsYetDe = inGerman({ args: NoProductsYet.args } satisfies Story);
export const NoMatchesDe = inGerman({
  args: NoMatches.args,
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('a[href="/admin/products?sort=updated_asc"]')).not.toBeNull();
  },
} satisfies Story);
export const ManyPagesDe = inGerman({
  args: ManyPages.args,
  play: async ({ canvasElement }) => {
    const nav = within(canvasElement).getByRole('navigation');
    // German digit grouping whatever the catalogue says around it.
    await expect(canvasElement.textContent).toMatch(/26–50 \D+ 10\.000/);
    await expect(nav.textContent).toMatch(/2 \D+ 400/);
    await expect(nav.querySelector('a[rel="next"]')).toHaveAttribute('href', '/admin/products?status=published&page=3');
  },
} satisfies Story);
export const LastPageDe = inGerman({ args: LastPage.args } satisfies Story);
export const LongAndHtmlTitlesDe = inGerman({
  args: LongAndHtmlTitles.args,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('link', { name: HTML_TITLE.title })).toHaveTextContent(HTML_TITLE.title);
    await expect(canvasElement.querySelector('tbody script, tbody b')).toBeNull();
  },
} satisfies Story);
export const StockMarksDe = inGerman({
  args: StockMarks.args,
  play: async ({ canvasElement }) => {
    const stock = (title: string) => text(rowOf(canvasElement, title).querySelectorAll('td')[4]);
    await expect(stock('Grind Tee')).toBe('120');
    await expect(stock('Iron Shaker')).toMatch(/^3 \S/);
    await expect(stock('PR Shorts')).toMatch(/^0 \S/);
  },
} satisfies Story);
export const PhoneDe: Story = { ...Phone, globals: { ...inGerman({}).globals, viewport: { value: 'mobile1' } }, play: cardsFitThePhone('Produktliste') };
