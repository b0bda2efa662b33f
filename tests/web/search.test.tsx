import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { searchProducts } from '../../src/api/products';
import SearchDialogContainer from '../../src/features/search/SearchDialogContainer';
import { SEARCH_RESULTS } from '../../stories/fixtures/products';
import { renderAt } from './support';

vi.mock('../../src/api/products', () => ({ searchProducts: vi.fn() }));
const mockedSearch = vi.mocked(searchProducts);

/** The dialog as the shell uses it: a Search button that opens it. */
function WithButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Search
      </button>
      <SearchDialogContainer open={open} onOpenChange={setOpen} />
    </>
  );
}

async function openDialog() {
  const user = userEvent.setup();
  const location = renderAt(<WithButton />, '/about', {});
  const opener = screen.getByRole('button', { name: 'Search' });
  await user.click(opener);
  const dialog = await screen.findByRole('dialog', { name: 'Search Products' });
  const input = within(dialog).getByRole('searchbox', { name: 'Search for a product' });
  // jsdom has no layout, so the trap cannot tell the field is visible; the stories and the e2e
  // journey (real Chromium) check that the field itself gets focus.
  await vi.waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
  input.focus();
  return { user, location, opener, dialog, input };
}

const status = (dialog: HTMLElement) => within(dialog).getByRole('status');

describe('search dialog', () => {
  beforeEach(() => mockedSearch.mockReset());

  it('starts with the hint, searches the settled text once and lists the results as links', async () => {
    mockedSearch.mockResolvedValue(SEARCH_RESULTS);
    const { user, dialog, input } = await openDialog();
    expect(status(dialog).textContent).toBe('Start typing to search products...');
    await user.type(input, '  tee');
    expect(status(dialog).textContent).toBe('Searching...');
    const list = await within(dialog).findByRole('list', { name: 'Search results' });
    expect(mockedSearch).toHaveBeenCalledTimes(1);
    expect(mockedSearch).toHaveBeenCalledWith('tee');
    const links = within(list).getAllByRole('link');
    expect(links).toHaveLength(SEARCH_RESULTS.length);
    expect(links[0].getAttribute('href')).toBe('/shop/iron-oversized-tee');
    expect(links[0].textContent).toContain('Iron Oversized Tee');
    expect(links[0].textContent).toContain('Heavyweight 240 gsm cotton');
    const img = links[0].querySelector('img');
    expect(img?.getAttribute('width')).toBe('48');
    expect(img?.getAttribute('height')).toBe('60');
    expect(status(dialog).textContent).toBe('4 products found');
    expect(within(dialog).getByRole('link', { name: 'See all results' }).getAttribute('href')).toBe('/shop?q=tee');
  });

  it('choosing a result navigates and closes; focus returns to the Search button', async () => {
    mockedSearch.mockResolvedValue(SEARCH_RESULTS);
    const { user, location, opener, input } = await openDialog();
    await user.type(input, 'leggings');
    await user.click(await screen.findByRole('link', { name: /Seamless Leggings/ }));
    expect(location.history.at(-1)).toBe('/shop/seamless-leggings');
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await vi.waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('Enter goes to the shop filtered by the text, escaped for the URL', async () => {
    mockedSearch.mockResolvedValue([]);
    const { user, location, input } = await openDialog();
    await user.type(input, ' tee & "50%" {Enter}');
    expect(location.history.at(-1)).toBe(`/shop?q=${encodeURIComponent('tee & "50%"')}`);
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('Enter on an empty field does nothing; whitespace never searches', async () => {
    const { user, location, dialog, input } = await openDialog();
    await user.type(input, '   {Enter}');
    await new Promise((r) => setTimeout(r, 400));
    expect(mockedSearch).not.toHaveBeenCalled();
    expect(status(dialog).textContent).toBe('Start typing to search products...');
    expect(location.history).toEqual(['/about']);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('says when nothing matches, and offers Try again after a failure', async () => {
    mockedSearch.mockResolvedValueOnce([]).mockRejectedValueOnce(new Error('Failed to fetch')).mockResolvedValueOnce(SEARCH_RESULTS.slice(0, 1));
    const { user, dialog, input } = await openDialog();
    await user.type(input, 'xyzzy');
    await vi.waitFor(() => expect(status(dialog).textContent).toBe('No products found for "xyzzy"'));
    await user.clear(input);
    await user.type(input, 'shaker');
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('Search failed. Please try again.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByRole('link', { name: /Iron Oversized Tee/ })).toBeTruthy();
    expect(mockedSearch.mock.calls.map(([term]) => term)).toEqual(['xyzzy', 'shaker', 'shaker']);
  });

  it('Escape closes, forgets the text, and focus returns to the Search button', async () => {
    const { user, opener, input } = await openDialog();
    await user.type(input, 'hoodie');
    await user.keyboard('{Escape}');
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await vi.waitFor(() => expect(document.activeElement).toBe(opener));
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Search Products' });
    expect((within(dialog).getByRole('searchbox') as HTMLInputElement).value).toBe('');
    expect(status(dialog).textContent).toBe('Start typing to search products...');
  });
});
