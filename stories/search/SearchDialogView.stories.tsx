import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { SearchDialogView } from '../../src/features/search/SearchDialogView';
import { SEARCH_RESULTS } from '../fixtures/products';
import { inGerman } from '../support';

const meta: Meta<typeof SearchDialogView> = {
  title: 'Search/SearchDialogView',
  component: SearchDialogView,
  args: {
    open: true,
    text: '',
    term: '',
    status: 'idle',
    results: [],
    onOpenChange: fn(),
    onInput: fn(),
    onSubmit: fn(),
    onChoose: fn(),
    onRetry: fn(),
  },
};
export default meta;
type Story = StoryObj<typeof SearchDialogView>;

/** The dialog sits in a portal: look for it in the whole document. */
const dialog = async (canvasElement: HTMLElement, name = 'Search Products') => within(await within(canvasElement.ownerDocument.body).findByRole('dialog', { name }));

export const Idle: Story = {
  play: async ({ canvasElement, args }) => {
    const d = await dialog(canvasElement);
    const input = d.getByRole('searchbox', { name: 'Search for a product' });
    // The field has focus as soon as the dialog opens.
    await waitFor(() => expect(input).toHaveFocus());
    await expect(d.getByRole('status')).toHaveTextContent('Start typing to search products...');
    await userEvent.keyboard('t');
    await expect(args.onInput).toHaveBeenCalledWith('t');
    // Enter with nothing typed goes nowhere.
    await userEvent.keyboard('{Enter}');
    await expect(args.onSubmit).not.toHaveBeenCalled();
    await userEvent.keyboard('{Escape}');
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
  },
};

export const Searching: Story = {
  args: { text: 'tee', term: 'tee', status: 'searching' },
  play: async ({ canvasElement }) => {
    const d = await dialog(canvasElement);
    await expect(d.getByRole('status')).toHaveTextContent('Searching...');
    await expect(d.queryByRole('list')).toBeNull();
  },
};

export const Results: Story = {
  args: { text: 'tee', term: 'tee', status: 'results', results: SEARCH_RESULTS },
  play: async ({ canvasElement, args }) => {
    const d = await dialog(canvasElement);
    const links = within(d.getByRole('list', { name: 'Search results' })).getAllByRole('link');
    await expect(links).toHaveLength(SEARCH_RESULTS.length);
    await expect(links[0]).toHaveAttribute('href', '/shop/iron-oversized-tee');
    await expect(links[2]).toHaveTextContent('Seamless Leggings');
    await expect(d.getByRole('status')).toHaveTextContent('4 products found');
    await expect(d.getByRole('link', { name: 'See all results' })).toHaveAttribute('href', '/shop?q=tee');
    await userEvent.click(links[1]);
    await expect(args.onChoose).toHaveBeenCalled();
  },
};

export const SubmitWithEnter: Story = {
  args: { text: 'grind', term: 'grind', status: 'results', results: SEARCH_RESULTS.slice(1, 2) },
  play: async ({ canvasElement, args }) => {
    const d = await dialog(canvasElement);
    await waitFor(() => expect(d.getByRole('searchbox')).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await expect(args.onSubmit).toHaveBeenCalled();
  },
};

export const NoResults: Story = {
  args: { text: 'xyzzy', term: 'xyzzy', status: 'noResults' },
  play: async ({ canvasElement }) => {
    const d = await dialog(canvasElement);
    await expect(d.getByRole('status')).toHaveTextContent('No products found for "xyzzy"');
    await expect(d.queryByRole('link', { name: 'See all results' })).toBeNull();
  },
};

export const Failed: Story = {
  args: { text: 'tee', term: 'tee', status: 'error' },
  play: async ({ canvasElement, args }) => {
    const d = await dialog(canvasElement);
    await expect(d.getByRole('alert')).toHaveTextContent('Search failed. Please try again.');
    await userEvent.click(d.getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};

export const Phone: Story = {
  args: Results.args,
  globals: { viewport: { value: 'mobile1' } },
  parameters: { viewport: { defaultViewport: 'mobile1' } },
};

export const IdleDe = inGerman({
  play: async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    const d = await dialog(canvasElement, 'Produkte suchen');
    await expect(d.getByRole('status')).toHaveTextContent('Tippe los, um Produkte zu suchen...');
    await expect(d.getByRole('button', { name: 'Suche schließen' })).toBeVisible();
  },
});
export const SearchingDe = inGerman({
  args: Searching.args,
  play: async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    await expect((await dialog(canvasElement, 'Produkte suchen')).getByRole('status')).toHaveTextContent('Suche läuft...');
  },
});
export const ResultsDe = inGerman({
  args: Results.args,
  play: async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    const d = await dialog(canvasElement, 'Produkte suchen');
    // German titles and subtitles from the data.
    await expect(d.getByRole('link', { name: /Nahtlose Leggings/ })).toHaveAttribute('href', '/shop/seamless-leggings');
    await expect(d.getByText('Auslaufsicher, spülmaschinenfest')).toBeVisible();
    await expect(d.getByRole('status')).toHaveTextContent('4 Produkte gefunden');
  },
});
export const NoResultsDe = inGerman({
  args: NoResults.args,
  play: async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    await expect((await dialog(canvasElement, 'Produkte suchen')).getByRole('status')).toHaveTextContent('Keine Produkte für „xyzzy“ gefunden');
  },
});
export const FailedDe = inGerman({
  args: Failed.args,
  play: async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    const d = await dialog(canvasElement, 'Produkte suchen');
    await expect(d.getByRole('alert')).toHaveTextContent('Die Suche ist fehlgeschlagen. Bitte versuch es noch einmal.');
    await expect(d.getByRole('button', { name: 'Erneut versuchen' })).toBeVisible();
  },
});
