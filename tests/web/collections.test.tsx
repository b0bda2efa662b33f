import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CollectionsView, type CollectionsViewProps } from '../../src/features/collections/CollectionsView';
import { render } from './support';

function view(overrides: Partial<CollectionsViewProps> = {}) {
  const props: CollectionsViewProps = { status: 'loaded', categories: ['accessories', 'clothing', 'limited-edition'], onRetry: vi.fn(), ...overrides };
  render(<CollectionsView {...props} />);
  return props;
}

const categorySection = () => screen.getByRole('region', { name: 'Shop by Category' });

describe('CollectionsView', () => {
  it('has the three collection tiles with their links', () => {
    view();
    expect(screen.getByRole('link', { name: /^New Arrivals/ }).getAttribute('href')).toBe('/shop?sort=new');
    expect(screen.getByRole('link', { name: /^Best Sellers/ }).getAttribute('href')).toBe('/shop?sort=best');
    expect(screen.getByRole('link', { name: /^Gym Wear/ }).getAttribute('href')).toBe('/shop?category=T-Shirts');
  });

  it('links each category with a translated label, unknown ones as they are', () => {
    view();
    const links = within(categorySection()).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Accessories', '/shop?category=accessories'],
      ['Clothing', '/shop?category=clothing'],
      ['limited-edition', '/shop?category=limited-edition'],
    ]);
  });

  it('loading', () => {
    view({ status: 'loading', categories: [] });
    expect(within(categorySection()).getByRole('status').textContent).toBe('Loading categories…');
  });

  it('empty', () => {
    view({ status: 'empty', categories: [] });
    expect(within(categorySection()).getByText('No categories yet. New products are on their way.')).toBeTruthy();
    expect(within(categorySection()).queryAllByRole('link')).toEqual([]);
  });

  it('error with Try again', async () => {
    const props = view({ status: 'error', categories: [], error: 'Failed to fetch' });
    const alert = within(categorySection()).getByRole('alert');
    expect(alert.textContent).toContain("We couldn't load the categories.");
    expect(alert.textContent).toContain('Failed to fetch');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(props.onRetry).toHaveBeenCalledOnce();
  });
});
