import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { CollectionsView } from '../../src/features/collections/CollectionsView';
import { CATEGORIES_ERROR, CATEGORIES_WITH_UNKNOWN, PUBLISHED_CATEGORIES } from '../fixtures/content';
import { inGerman } from '../support';

const meta: Meta<typeof CollectionsView> = {
  title: 'Collections/CollectionsView',
  component: CollectionsView,
  args: { status: 'loaded', categories: PUBLISHED_CATEGORIES, error: null, onRetry: fn() },
  parameters: { path: '/collections' },
};
export default meta;
type Story = StoryObj<typeof CollectionsView>;

export const Loaded: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('link', { name: /^New Arrivals/ })).toHaveAttribute('href', '/shop?sort=new');
    await expect(canvas.getByRole('link', { name: /^Best Sellers/ })).toHaveAttribute('href', '/shop?sort=best');
    await expect(canvas.getByRole('link', { name: /^Gym Wear/ })).toHaveAttribute('href', '/shop?category=T-Shirts');
    await expect(canvas.getByRole('link', { name: 'Clothing' })).toHaveAttribute('href', '/shop?category=clothing');
  },
};
export const LoadedWithUnknownCategory: Story = {
  args: { categories: CATEGORIES_WITH_UNKNOWN },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('link', { name: 'limited-edition' })).toHaveAttribute('href', '/shop?category=limited-edition');
  },
};
export const Loading: Story = {
  args: { status: 'loading', categories: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Loading categories…');
  },
};
export const Empty: Story = { args: { status: 'empty', categories: [] } };
export const Failed: Story = {
  args: { status: 'error', categories: [], error: CATEGORIES_ERROR },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent("We couldn't load the categories.");
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};

export const LoadedDe = inGerman({
  play: async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Nach Kategorie shoppen' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Bekleidung' })).toHaveAttribute('href', '/shop?category=clothing');
  },
});
export const LoadedWithUnknownCategoryDe = inGerman({ args: LoadedWithUnknownCategory.args });
export const LoadingDe = inGerman({ args: Loading.args });
export const EmptyDe = inGerman({ args: Empty.args });
export const FailedDe = inGerman({
  args: Failed.args,
  play: async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Erneut versuchen' })).toBeVisible();
  },
});
