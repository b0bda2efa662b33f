import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { FeaturedView } from '../../src/features/home/FeaturedView';
import { LIFTING_STRAPS, PRODUCTS, SEAMLESS_LEGGINGS, SHAKER } from '../fixtures/products';
import { inGerman } from '../support';

const meta: Meta<typeof FeaturedView> = {
  title: 'Home/FeaturedView',
  component: FeaturedView,
  args: { status: 'loaded', products: PRODUCTS, onAdd: fn(), onSelect: fn(), onRetry: fn() },
  parameters: { path: '/' },
};
export default meta;
type Story = StoryObj<typeof FeaturedView>;

const section = (canvasElement: HTMLElement, name: string) => within(within(canvasElement).getByRole('region', { name }));

export const Loaded: Story = {
  play: async ({ canvasElement, args }) => {
    const featured = section(canvasElement, 'Featured');
    const cards = within(featured.getByRole('list', { name: 'Featured products' })).getAllByRole('article');
    await expect(cards).toHaveLength(6);
    await expect(featured.getByRole('link', { name: 'View all' })).toHaveAttribute('href', '/shop?featured=true');
    const shaker = within(cards[1]);
    await expect(shaker.getByText('€14.99')).toBeVisible();
    await userEvent.click(shaker.getByRole('button', { name: 'Add to Cart' }));
    await expect(args.onAdd).toHaveBeenCalledWith(SHAKER);
    // The sold-out card still offers the button: it leads to the product page.
    await expect(within(cards[3]).getByText('Sold out')).toBeVisible();
    await userEvent.click(within(cards[3]).getByRole('button', { name: 'Add to Cart' }));
    await expect(args.onAdd).toHaveBeenCalledWith(LIFTING_STRAPS);
    // A sale shows the old price too.
    await expect(within(cards[2]).getByText('€59.99')).toBeVisible();
    for (const img of canvasElement.querySelectorAll('img')) await expect(img).toHaveAttribute('loading', 'lazy');
  },
};

export const FewProducts: Story = {
  args: { products: [SEAMLESS_LEGGINGS, SHAKER] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('article')).toHaveLength(2);
  },
};

export const Loading: Story = {
  args: { status: 'loading', products: [] },
  play: async ({ canvasElement }) => {
    const featured = section(canvasElement, 'Featured');
    await expect(featured.getByRole('status')).toHaveTextContent('Loading featured…');
    await expect(featured.queryAllByRole('article')).toHaveLength(0);
  },
};

export const Empty: Story = {
  args: { status: 'empty', products: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No featured items yet.')).toBeVisible();
  },
};

export const Failed: Story = {
  args: { status: 'error', products: [] },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('Failed to load featured.');
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};

export const Phone: Story = {
  globals: { viewport: { value: 'mobile1' } },
  parameters: { viewport: { defaultViewport: 'mobile1' } },
};

export const LoadedDe = inGerman({
  play: async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    const featured = section(canvasElement, 'Highlights');
    // Product titles come from the data, in German where there is one.
    await expect(featured.getByRole('link', { name: 'Nahtlose Leggings' })).toBeVisible();
    await expect(featured.getByRole('link', { name: 'Alle ansehen' })).toHaveAttribute('href', '/shop?featured=true');
  },
});
export const LoadingDe = inGerman({
  args: Loading.args,
  play: async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Highlights werden geladen…');
  },
});
export const EmptyDe = inGerman({
  args: Empty.args,
  play: async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    await expect(within(canvasElement).getByText('Noch keine Highlights.')).toBeVisible();
  },
});
export const FailedDe = inGerman({
  args: Failed.args,
  play: async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Die Highlights konnten nicht geladen werden.');
    await expect(within(canvasElement).getByRole('button', { name: 'Erneut versuchen' })).toBeVisible();
  },
});
