import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { AuthSession } from '../../machines/authMachine';
import { cartMachine, selectDrawerOpen, selectItems } from '../../machines/cartMachine';
import { ApiError } from '../../src/api/errors';
import { fetchProductBySlug, fetchRating, fetchRelated } from '../../src/api/products';
import { fetchReviews, hasPurchased, submitReview } from '../../src/api/reviews';
import ProductRoute from '../../src/features/product/ProductRoute';
import { HOODIE, IRON_TEE, LIFTING_STRAPS, RATING, REVIEWS, SEAMLESS_LEGGINGS, SHAKER } from '../../stories/fixtures/products';
import { fakeAuth, renderAt } from './support';

vi.mock('../../src/api/products', () => ({ fetchProductBySlug: vi.fn(), fetchRating: vi.fn(), fetchRelated: vi.fn() }));
vi.mock('../../src/api/reviews', () => ({ fetchReviews: vi.fn(), hasPurchased: vi.fn(), submitReview: vi.fn() }));

const alex: AuthSession = {
  accessToken: 'a',
  refreshToken: 'r',
  expiresAt: 4_000_000_000,
  user: { id: 'u1', email: 'alex@example.test', fullName: 'Alex Lifter' },
  secondFactor: 'none',
};

function mount(slug: string, session: AuthSession | null = null) {
  const cart = createActor(cartMachine.provide({ actions: { persist: () => {} } }), { input: { items: [] } }).start();
  const toasts = { send: vi.fn() };
  const auth = fakeAuth(session);
  const location = renderAt(<ProductRoute slug={slug} />, `/shop/${slug}`, { auth, cart, toasts: toasts as never });
  const toastsSeen = () => toasts.send.mock.calls.map(([event]) => event.toast as { title: string; description?: string });
  return { cart, toasts, toastsSeen, auth, location };
}

beforeEach(() => {
  vi.mocked(fetchProductBySlug)
    .mockReset()
    .mockImplementation(async (slug) => {
      const found = [IRON_TEE, SHAKER, SEAMLESS_LEGGINGS, LIFTING_STRAPS].find((p) => p.slug === slug);
      if (!found) throw new ApiError('not_found', 'Product not found', { status: 404 });
      return found;
    });
  vi.mocked(fetchRating).mockReset().mockResolvedValue(RATING);
  vi.mocked(fetchRelated).mockReset().mockResolvedValue([SEAMLESS_LEGGINGS, HOODIE]);
  vi.mocked(fetchReviews).mockReset().mockResolvedValue(REVIEWS);
  vi.mocked(hasPurchased).mockReset().mockResolvedValue(true);
  vi.mocked(submitReview).mockReset().mockResolvedValue(undefined);
});

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });

describe('ProductRoute', () => {
  it('adds the selected variant and quantity to the cart, with the toast, and the drawer opens', async () => {
    const user = userEvent.setup();
    const { cart, toastsSeen } = mount(IRON_TEE.slug);
    await heading(IRON_TEE.title);
    // M is sold out in black: disabled, and says so.
    const sizes = screen.getByRole('group', { name: /^Size/ });
    expect((within(sizes).getByRole('button', { name: 'M, Sold out' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(sizes).getByRole('button', { name: 'L' }));
    expect(within(sizes).getByRole('button', { name: 'L' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText('Only 4 left')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));

    const large = IRON_TEE.variants[2];
    expect(selectItems(cart.getSnapshot())).toMatchObject([{ productId: IRON_TEE.id, variantId: large.id, qty: 2, price: large.price, size: 'L', color: 'Black' }]);
    expect(selectDrawerOpen(cart.getSnapshot())).toBe(true);
    expect(toastsSeen()).toContainEqual(expect.objectContaining({ title: 'Added to cart', description: `2 x ${IRON_TEE.title} added to your cart.` }));
  });

  it('keeps the quantity within the selected variant’s stock', async () => {
    const user = userEvent.setup();
    mount(IRON_TEE.slug);
    await heading(IRON_TEE.title);
    const field = screen.getByLabelText('Quantity') as HTMLInputElement;
    expect((screen.getByRole('button', { name: 'Decrease quantity' }) as HTMLButtonElement).disabled).toBe(true);
    await user.clear(field);
    await user.type(field, '50');
    expect(field.value).toBe('12');
    expect((screen.getByRole('button', { name: 'Increase quantity' }) as HTMLButtonElement).disabled).toBe(true);
    // XL has 2 left: the quantity follows.
    await user.click(within(screen.getByRole('group', { name: /^Size/ })).getByRole('button', { name: 'XL' }));
    expect(field.value).toBe('2');
  });

  it('Buy Now adds, closes the drawer and goes to /cart', async () => {
    const user = userEvent.setup();
    const { cart, location } = mount(SHAKER.slug);
    await heading(SHAKER.title);
    expect(screen.queryByRole('group', { name: /Size|Color/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Buy Now' }));
    expect(selectItems(cart.getSnapshot())).toMatchObject([{ variantId: SHAKER.variants[0].id, qty: 1 }]);
    expect(selectDrawerOpen(cart.getSnapshot())).toBe(false);
    expect(location.history.at(-1)).toBe('/cart');
  });

  it('logs view_item once, with the variant shown first', async () => {
    const user = userEvent.setup();
    const layer = window as unknown as { dataLayer?: { event?: string; ecommerce?: { items: { item_id: string }[] } }[] };
    layer.dataLayer = [];
    mount(IRON_TEE.slug);
    await heading(IRON_TEE.title);
    await user.click(within(screen.getByRole('group', { name: /^Size/ })).getByRole('button', { name: 'L' }));
    const views = layer.dataLayer.filter((entry) => entry.event === 'view_item');
    expect(views).toHaveLength(1);
    expect(views[0].ecommerce?.items[0].item_id).toBe(IRON_TEE.variants[0].sku);
  });

  it('sold out: no buying at all', async () => {
    mount(LIFTING_STRAPS.slug);
    await heading(LIFTING_STRAPS.title);
    expect(screen.getByText('Out of stock')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Add to Cart' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Buy Now' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('not found: the message, Try Again loads again, Continue Shopping leads to /shop', async () => {
    const user = userEvent.setup();
    mount('no-such-product');
    await heading('Product Not Found');
    expect(screen.getByRole('alert').textContent).toBe("The product you're looking for doesn't exist or has been removed.");
    expect(screen.getByRole('link', { name: 'Continue Shopping' }).getAttribute('href')).toBe('/shop');
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(fetchProductBySlug).toHaveBeenCalledTimes(2));
  });

  it('load error: the error text; Try Again shows the product once it loads', async () => {
    const user = userEvent.setup();
    vi.mocked(fetchProductBySlug).mockRejectedValueOnce(new ApiError('network', 'Failed to fetch', { status: 0 }));
    mount(SHAKER.slug);
    await heading('Product Not Found');
    expect(screen.getByRole('alert').textContent).toBe('Failed to fetch');
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    await heading(SHAKER.title);
  });

  it('a failed reviews load keeps the product and offers a retry', async () => {
    const user = userEvent.setup();
    vi.mocked(fetchReviews).mockRejectedValueOnce(new Error('down'));
    mount(IRON_TEE.slug);
    await heading(IRON_TEE.title);
    expect((await screen.findByRole('alert')).textContent).toContain('Reviews could not be loaded.');
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { level: 3, name: REVIEWS[0].title })).toBeTruthy();
  });

  it('rating summary, reviews newest first, related products of the category', async () => {
    mount(IRON_TEE.slug);
    await heading(IRON_TEE.title);
    const reviews = await screen.findByRole('list', { name: 'Customer reviews' });
    expect(
      within(reviews)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(REVIEWS.map((r) => r.title));
    // Once next to the title, once above the reviews.
    expect(screen.getAllByText('4.5 out of 5 · 3 reviews')).toHaveLength(2);
    const related = await screen.findByRole('region', { name: 'You May Also Like' });
    expect(within(related).getByRole('link', { name: SEAMLESS_LEGGINGS.title }).getAttribute('href')).toBe(`/shop/${SEAMLESS_LEGGINGS.slug}`);
    expect(fetchRelated).toHaveBeenCalledWith(IRON_TEE);
  });

  it('sets the title, the meta description and the JSON-LD, and removes them on leave', async () => {
    const previous = document.createElement('meta');
    previous.name = 'description';
    previous.content = 'The site description';
    document.head.append(previous);
    mount(IRON_TEE.slug);
    await heading(IRON_TEE.title);
    expect(document.title).toBe(`${IRON_TEE.title} · No Pain, No Gain`);
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(IRON_TEE.description?.slice(0, 160));
    const script = document.head.querySelector('script[type="application/ld+json"]');
    const data = JSON.parse(script?.textContent ?? '{}');
    expect(data.offers['@type']).toBe('AggregateOffer');
    await waitFor(() => expect(JSON.parse(document.head.querySelector('script[type="application/ld+json"]')?.textContent ?? '{}').aggregateRating?.reviewCount).toBe(3));
    cleanup();
    expect(document.head.querySelector('script[type="application/ld+json"]')).toBeNull();
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toBe('The site description');
    previous.remove();
  });
});

describe('ProductRoute: the review form by auth', () => {
  it('signed out: sign in required, with a link to /auth', async () => {
    mount(IRON_TEE.slug, null);
    await heading(IRON_TEE.title);
    expect(await screen.findByText('Sign in required')).toBeTruthy();
    expect(screen.getByText('You must be signed in to write a review.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/auth');
    expect(hasPurchased).not.toHaveBeenCalled();
  });

  it('signed in without a purchase: purchase required', async () => {
    vi.mocked(hasPurchased).mockResolvedValue(false);
    mount(IRON_TEE.slug, alex);
    expect(await screen.findByText('Purchase required')).toBeTruthy();
    expect(screen.getByText("You can only review products you've purchased.")).toBeTruthy();
    expect(hasPurchased).toHaveBeenCalledWith(IRON_TEE.id);
  });

  it('signed in with a purchase: empty fields are refused, a complete review is sent and the form resets', async () => {
    const user = userEvent.setup();
    const { toastsSeen } = mount(IRON_TEE.slug, alex);
    const submit = await screen.findByRole('button', { name: 'Submit Review' });
    expect((screen.getByRole('radio', { name: '5 stars' }) as HTMLInputElement).checked).toBe(true);
    await user.click(submit);
    expect(toastsSeen()).toContainEqual(expect.objectContaining({ title: 'Error', description: 'Please fill in all required fields.' }));
    expect(submitReview).not.toHaveBeenCalled();

    await user.click(screen.getByRole('radio', { name: '4 stars' }));
    await user.type(screen.getByLabelText('Title'), 'Heavy and good');
    await user.type(screen.getByLabelText('Review'), 'Survived forty washes.');
    await user.click(screen.getByRole('button', { name: 'Submit Review' }));
    await waitFor(() => expect(toastsSeen()).toContainEqual(expect.objectContaining({ title: 'Review submitted!' })));
    expect(submitReview).toHaveBeenCalledWith({
      productId: IRON_TEE.id,
      rating: 4,
      title: 'Heavy and good',
      body: 'Survived forty washes.',
      authorName: 'Alex Lifter',
      authorEmail: 'alex@example.test',
    });
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('');
    expect((screen.getByRole('radio', { name: '5 stars' }) as HTMLInputElement).checked).toBe(true);
  });

  it('a failed submit keeps the texts', async () => {
    const user = userEvent.setup();
    vi.mocked(submitReview).mockRejectedValueOnce(new Error('insert failed'));
    const { toastsSeen } = mount(IRON_TEE.slug, alex);
    await screen.findByRole('button', { name: 'Submit Review' });
    await user.type(screen.getByLabelText('Title'), 'Title');
    await user.type(screen.getByLabelText('Review'), 'Body');
    await user.click(screen.getByRole('button', { name: 'Submit Review' }));
    await waitFor(() => expect(toastsSeen()).toContainEqual(expect.objectContaining({ title: 'Error', description: 'Something went wrong. Please try again.' })));
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Title');
  });

  it('signing out while the page is open turns the form into the sign-in hint', async () => {
    const { auth } = mount(IRON_TEE.slug, alex);
    await screen.findByRole('button', { name: 'Submit Review' });
    act(() => auth.send({ type: 'auth.changed', session: null }));
    expect(await screen.findByText('Sign in required')).toBeTruthy();
  });
});
