import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HomeView } from '../../src/features/home/HomeView';
import { render } from './support';

describe('HomeView', () => {
  it('hero with the motto and both calls to action; the site name as title', () => {
    render(<HomeView />);
    expect(screen.getByRole('heading', { level: 1, name: 'No Pain, No Gain' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Shop Now' }).getAttribute('href')).toBe('/shop');
    expect(screen.getByRole('link', { name: 'Our Story' }).getAttribute('href')).toBe('/about');
    expect(document.title).toBe('No Pain, No Gain');
  });

  it('four stat tiles, the story with three blocks and four badges', () => {
    render(<HomeView />);
    const stats = screen.getByRole('region', { name: 'What we stand for' }).querySelectorAll('li');
    expect([...stats].map((li) => li.textContent?.replace(/\s+/g, ' ').trim())).toEqual(['Hardcore Community', '24/7 Grind Mindset', '100% Authentic', 'Infinite Potential']);
    expect(screen.getByRole('heading', { level: 2, name: 'From TikTok to Empire' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Authentic Community', 'Premium Materials', 'Exclusive Drops']);
    expect(screen.getByRole('list', { name: 'Why No Pain, No Gain' }).querySelectorAll('li')).toHaveLength(4);
  });

  it('renders the featured slot after the story, and nothing without it', () => {
    const { container, unmount } = render(<HomeView />);
    expect(container.lastElementChild?.id).not.toBe('featured');
    unmount();
    render(<HomeView featured={<section id="featured">Featured</section>} />);
    const featured = document.getElementById('featured');
    expect(featured?.previousElementSibling?.getAttribute('aria-labelledby')).toBe('home-story');
  });
});
