import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { DEFAULT_QUERY, type ShopQuery } from '../../domain/shopQuery';
import { ShopView } from '../../src/features/shop/ShopView';
import { IRON_TEE, manyProducts, PRODUCTS, SHAKER } from '../fixtures/products';
import { inGerman } from '../support';

const query = (change: Partial<ShopQuery>): ShopQuery => ({ ...DEFAULT_QUERY, ...change });

const meta: Meta<typeof ShopView> = {
  title: 'Shop/ShopView',
  component: ShopView,
  args: {
    status: 'results',
    query: DEFAULT_QUERY,
    products: PRODUCTS,
    total: PRODUCTS.length,
    onChange: fn(),
    onClear: fn(),
    onRetry: fn(),
    onAdd: fn(),
    onSelect: fn(),
  },
  parameters: { path: '/shop' },
};
export default meta;
type Story = StoryObj<typeof ShopView>;
type Play = NonNullable<Story['play']>;

/** The filters of the sidebar (the small-screen panel is a dialog in a portal). */
const sidebar = (canvasElement: HTMLElement) => within(within(canvasElement).getByRole('complementary', { name: /^(Filters|Filter)$/ }));

export const Results: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Shop' })).toBeVisible();
    await expect(canvas.getByText(`${PRODUCTS.length} products`)).toBeVisible();
    await expect(canvas.getAllByRole('article')).toHaveLength(PRODUCTS.length);
    await expect(canvas.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
    const select = canvas.getByRole('combobox', { name: 'Sort by' }) as HTMLSelectElement;
    await expect([...select.options].map((o) => o.textContent)).toEqual(['Newest first', 'Oldest first', 'Price: low to high', 'Price: high to low', 'Name: A–Z', 'Name: Z–A']);
    await userEvent.selectOptions(select, 'Price: low to high');
    await expect(args.onChange).toHaveBeenCalledWith({ sort: 'price-asc' });
    await userEvent.click(sidebar(canvasElement).getByRole('button', { name: 'M' }));
    await expect(args.onChange).toHaveBeenCalledWith({ size: 'M' });
    await userEvent.click(sidebar(canvasElement).getByRole('button', { name: /Stone Grey/ }));
    await expect(args.onChange).toHaveBeenCalledWith({ color: 'Stone Grey' });
    await userEvent.click(sidebar(canvasElement).getByRole('radio', { name: 'Equipment' }));
    await expect(args.onChange).toHaveBeenCalledWith({ category: 'equipment' });
    await userEvent.click(sidebar(canvasElement).getByRole('checkbox', { name: 'In stock only' }));
    await expect(args.onChange).toHaveBeenCalledWith({ inStock: true });
    await expect(sidebar(canvasElement).getByRole('button', { name: 'Clear all' })).toBeDisabled();
    await expect(sidebar(canvasElement).getByText('€0 – €200+')).toBeVisible();
    // Quick add and opening a card.
    const cards = canvas.getAllByRole('article');
    await userEvent.click(within(cards[1]).getByRole('button', { name: 'Add to Cart' }));
    await expect(args.onAdd).toHaveBeenCalledWith(SHAKER);
    await expect(within(cards[0]).getByRole('link', { name: IRON_TEE.title })).toHaveAttribute('href', `/shop/${IRON_TEE.slug}`);
  },
};

export const ResultsPage2OfMany: Story = {
  args: { products: manyProducts(12), total: 150, query: query({ category: 'clothing', size: 'L', page: 2 }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Clothing' })).toBeVisible();
    await expect(canvas.getByText('150 products')).toBeVisible();
    await expect(canvas.getAllByRole('article')).toHaveLength(12);
    const nav = within(canvas.getByRole('navigation', { name: 'Pagination' }));
    await expect(nav.getAllByRole('link').map((a) => a.textContent)).toEqual(['Previous', '1', '2', '3', '13', 'Next']);
    await expect(nav.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Previous' })).toHaveAttribute('href', '/shop?category=clothing&size=L');
    await expect(nav.getByRole('link', { name: 'Next' })).toHaveAttribute('href', '/shop?category=clothing&size=L&page=3');
    await expect(nav.getByRole('link', { name: 'Page 13' })).toHaveAttribute('href', '/shop?category=clothing&size=L&page=13');
    await expect(sidebar(canvasElement).getByRole('radio', { name: 'Clothing' })).toBeChecked();
    await expect(sidebar(canvasElement).getByRole('button', { name: 'L' })).toHaveAttribute('aria-pressed', 'true');
    // The phone's Filters button (hidden on this wide screen) counts what its panel holds.
    await expect(canvasElement.querySelector('button[aria-haspopup="dialog"]')).toHaveTextContent(/^Filters\s*\(2\)$/);
  },
};

export const Loading: Story = {
  args: { status: 'loading', products: [], total: 0 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading...');
    await expect(canvas.queryAllByRole('article')).toHaveLength(0);
    await expect(canvas.getByRole('region', { name: 'Products' })).toHaveAttribute('aria-busy', 'true');
  },
};

export const Empty: Story = {
  args: { status: 'empty', products: [], total: 0 },
  play: async ({ canvasElement }) => {
    const section = within(within(canvasElement).getByRole('region', { name: 'Products' }));
    await expect(section.getByRole('heading', { name: 'No products found' })).toBeVisible();
    await expect(section.getByText('Try adjusting your filters or search terms')).toBeVisible();
    await expect(section.queryByRole('button', { name: 'Clear all' })).toBeNull();
  },
};

export const EmptyWithFilters: Story = {
  args: { status: 'empty', products: [], total: 0, query: query({ color: 'Blood Red', q: 'hoodie', tags: ['limited'], featured: true, minPrice: 150 }) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const chips = within(canvas.getByRole('list', { name: 'Active filters' }));
    await expect(chips.getAllByRole('button').map((b) => b.textContent)).toEqual(['Search: hoodie×', 'Featured×', '#limited×']);
    await userEvent.click(chips.getByRole('button', { name: 'Remove filter: #limited' }));
    await expect(args.onChange).toHaveBeenCalledWith({ tags: [] });
    await userEvent.click(chips.getByRole('button', { name: 'Remove filter: Featured' }));
    await expect(args.onChange).toHaveBeenCalledWith({ featured: false });
    await expect(sidebar(canvasElement).getByText('€150 – €200+')).toBeVisible();
    await userEvent.click(within(canvas.getByRole('region', { name: 'Products' })).getByRole('button', { name: 'Clear all' }));
    await expect(args.onClear).toHaveBeenCalledOnce();
  },
};

export const Failed: Story = {
  args: { status: 'error', products: [], total: 0 },
  play: async ({ canvasElement, args }) => {
    const alert = within(within(canvasElement).getByRole('alert'));
    await expect(alert.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    await expect(alert.getByText("We're having trouble loading the products. Please try again.")).toBeVisible();
    await userEvent.click(alert.getByRole('button', { name: 'Try Again' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};

export const SortedByBestSellers: Story = {
  args: { query: query({ sort: 'best' }) },
  play: async ({ canvasElement }) => {
    const select = within(canvasElement).getByRole('combobox', { name: 'Sort by' }) as HTMLSelectElement;
    await expect(select.options).toHaveLength(7);
    await expect(select.selectedOptions[0]).toHaveTextContent('Best sellers');
  },
};

const openPanel: Play = async ({ canvasElement, args }) => {
  const body = within(canvasElement.ownerDocument.body);
  const dialog = within(await body.findByRole('dialog', { name: /^(Filters|Filter)$/ }));
  await expect(dialog.getAllByRole('slider')).toHaveLength(2);
  await userEvent.click(dialog.getByRole('button', { name: 'XL' }));
  await expect(args.onChange).toHaveBeenCalledWith({ size: 'XL' });
  await userEvent.click(dialog.getByRole('button', { name: /^Show|anzeigen$/ }));
  await waitFor(() => expect(body.queryByRole('dialog')).toBeNull());
};

export const FiltersPanelOnPhone: Story = {
  args: { defaultFiltersOpen: true, products: manyProducts(12), total: 40 },
  globals: { viewport: { value: 'mobile1' } },
  parameters: { viewport: { defaultViewport: 'mobile1' } },
  play: async (context) => {
    const dialog = within(await within(context.canvasElement.ownerDocument.body).findByRole('dialog', { name: 'Filters' }));
    await expect(dialog.getByRole('button', { name: 'Show 40 products' })).toBeVisible();
    await expect(dialog.getByRole('slider', { name: 'Minimum price' })).toBeVisible();
    await expect(dialog.getByRole('slider', { name: 'Maximum price' })).toBeVisible();
    await openPanel(context);
  },
};

const germanPhone = { globals: { locale: 'de' as const, viewport: { value: 'mobile1' } } };

export const ResultsDe = inGerman({
  play: async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(`${PRODUCTS.length} Produkte`)).toBeVisible();
    await expect(canvas.getByRole('combobox', { name: 'Sortieren nach' })).toHaveDisplayValue('Neueste zuerst');
    const filters = sidebar(canvasElement);
    await expect(filters.getByRole('button', { name: /Knochenweiß/ })).toBeVisible();
    await expect(filters.getByRole('button', { name: /Steingrau/ })).toBeVisible();
    await expect(filters.getByRole('checkbox', { name: 'Nur verfügbare Artikel' })).toBeVisible();
    await expect(filters.getByText('0 € – 200 €+')).toBeVisible();
  },
});
export const ResultsPage2OfManyDe = inGerman({
  args: ResultsPage2OfMany.args,
  play: async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Bekleidung' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Weiter' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Seite 2' })).toHaveAttribute('aria-current', 'page');
  },
});
export const LoadingDe = inGerman({
  args: Loading.args,
  play: async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Wird geladen …');
  },
});
export const EmptyDe = inGerman({
  args: Empty.args,
  play: async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    await expect(within(canvasElement).getByRole('heading', { name: 'Keine Produkte gefunden' })).toBeVisible();
  },
});
export const EmptyWithFiltersDe = inGerman({
  args: EmptyWithFilters.args,
  play: async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Filter entfernen: Suche: hoodie' })).toBeVisible();
    await expect(within(canvas.getByRole('region', { name: 'Produkte' })).getByRole('button', { name: 'Alle zurücksetzen' })).toBeVisible();
  },
});
export const FailedDe = inGerman({
  args: Failed.args,
  play: async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    await expect(within(within(canvasElement).getByRole('alert')).getByRole('button', { name: 'Erneut versuchen' })).toBeVisible();
  },
});
export const SortedByBestSellersDe = inGerman({
  args: SortedByBestSellers.args,
  play: async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    await expect(within(canvasElement).getByRole('combobox', { name: 'Sortieren nach' })).toHaveDisplayValue('Bestseller');
  },
});
export const FiltersPanelOnPhoneDe: Story = {
  ...FiltersPanelOnPhone,
  ...germanPhone,
  play: async (context) => {
    const dialog = within(await within(context.canvasElement.ownerDocument.body).findByRole('dialog', { name: 'Filter' }));
    await expect(dialog.getByRole('button', { name: '40 Produkte anzeigen' })).toBeVisible();
    await expect(dialog.getByRole('slider', { name: 'Mindestpreis' })).toBeVisible();
    await openPanel(context);
  },
};
