import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { EMPTY_DRAFT } from '../../machines/reviewFormMachine';
import { ProductView, type ProductViewProps } from '../../src/features/product/ProductView';
import { ReviewForm } from '../../src/features/product/ReviewForm';
import { HOODIE, IRON_TEE, LIFTING_STRAPS, NO_RATING, RATING, REVIEWS, SEAMLESS_LEGGINGS, SHAKER, WHEY } from '../fixtures/products';
import { inGerman } from '../support';

const signInForm = <ReviewForm status="signInRequired" draft={EMPTY_DRAFT} onRating={() => {}} onChange={() => {}} onSubmit={() => {}} onRetry={() => {}} />;

const meta: Meta<typeof ProductView> = {
  title: 'Product/ProductView',
  component: ProductView,
  args: {
    status: 'loaded',
    product: IRON_TEE,
    error: null,
    selectedVariantId: IRON_TEE.variants[0].id,
    qty: 1,
    rating: RATING,
    reviewsStatus: 'loaded',
    reviews: REVIEWS,
    relatedStatus: 'loaded',
    related: [SEAMLESS_LEGGINGS, HOODIE],
    reviewForm: signInForm,
    onSelectVariant: fn(),
    onQtyChange: fn(),
    onIncrement: fn(),
    onDecrement: fn(),
    onAddToCart: fn(),
    onBuyNow: fn(),
    onRetry: fn(),
    onRetryReviews: fn(),
    onSelectRelated: fn(),
  },
  parameters: { path: '/shop/iron-oversized-tee' },
};
export default meta;
type Story = StoryObj<typeof ProductView>;
type Ctx = { canvasElement: HTMLElement; args: ProductViewProps };

export const SeveralVariants: Story = {
  play: async ({ canvasElement, args }: Ctx) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: IRON_TEE.title })).toBeVisible();
    await expect(canvas.getByText('€34.99')).toBeVisible();
    const sizes = canvas.getByRole('group', { name: /^Size/ });
    await expect(within(sizes).getByRole('button', { name: 'M, Sold out' })).toBeDisabled();
    await expect(within(sizes).getByRole('button', { name: 'S' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(within(sizes).getByRole('button', { name: 'L' }));
    await expect(args.onSelectVariant).toHaveBeenCalledWith(IRON_TEE.variants[2].id);
    // Bone comes in M only: choosing the colour picks that variant.
    await userEvent.click(within(canvas.getByRole('group', { name: /^Color/ })).getByRole('button', { name: 'Bone' }));
    await expect(args.onSelectVariant).toHaveBeenCalledWith(IRON_TEE.variants[4].id);
    await expect(canvas.getByText('In stock')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();
    await userEvent.click(canvas.getByRole('button', { name: 'Increase quantity' }));
    await expect(args.onIncrement).toHaveBeenCalled();
    await userEvent.click(canvas.getByRole('button', { name: 'Add to Cart' }));
    await expect(args.onAddToCart).toHaveBeenCalled();
    await userEvent.click(canvas.getByRole('button', { name: 'Buy Now' }));
    await expect(args.onBuyNow).toHaveBeenCalled();
    await expect(canvas.getByText(IRON_TEE.variants[0].sku)).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'oversized' })).toHaveAttribute('href', '/shop?tag=oversized');
    const main = canvas.getAllByRole('img', { name: /Iron Oversized Tee image/ })[0];
    await expect(main).toHaveAttribute('fetchpriority', 'high');
    await userEvent.click(canvas.getByRole('button', { name: 'Show image 3' }));
    await expect(canvas.getByRole('button', { name: 'Show image 3' })).toHaveAttribute('aria-pressed', 'true');
    await expect(canvas.getByRole('img', { name: 'Iron Oversized Tee image 3' })).toBeVisible();
  },
};
export const LowStockAtMax: Story = {
  args: { selectedVariantId: IRON_TEE.variants[3].id, qty: 2 },
  play: async ({ canvasElement }: Ctx) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Only 2 left')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Increase quantity' })).toBeDisabled();
    await expect(canvas.getByLabelText('Quantity')).toHaveValue(2);
  },
};
export const SingleVariant: Story = {
  args: { product: SHAKER, selectedVariantId: SHAKER.variants[0].id, rating: NO_RATING, reviews: [], related: [LIFTING_STRAPS] },
  play: async ({ canvasElement }: Ctx) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('group', { name: /Size|Color|Option/ })).toBeNull();
    await expect(canvas.getByText('No reviews yet.')).toBeVisible();
    await expect(canvas.queryByText(/out of 5 ·/)).toBeNull();
    // No compare-at price: no lowest price of the last 30 days either.
    await expect(canvas.queryByText(/Lowest price in the last 30 days/)).toBeNull();
  },
};
export const OneSizeTwoFlavours: Story = {
  args: { product: WHEY, selectedVariantId: WHEY.variants[0].id, related: [] },
  play: async ({ canvasElement }: Ctx) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('group', { name: /^Color/ })).toBeVisible();
    await expect(canvas.queryByRole('group', { name: /^Size/ })).toBeNull();
    await expect(canvas.queryByRole('heading', { name: 'You May Also Like' })).toBeNull();
  },
};
export const Sale: Story = {
  args: { product: SEAMLESS_LEGGINGS, selectedVariantId: SEAMLESS_LEGGINGS.variants[0].id, related: [IRON_TEE, HOODIE] },
  play: async ({ canvasElement }: Ctx) => {
    const canvas = within(canvasElement);
    const was = canvas.getByText('€59.99').closest('s');
    await expect(was).toHaveTextContent('Was €59.99');
    // § 11 PAngV (ADR 0027): the lowest price of the 30 days before the reduction, under the price.
    await expect(canvas.getByText((_, el) => el?.tagName === 'P' && el.textContent?.replace(/\s/g, ' ') === 'Lowest price in the last 30 days: €49.99')).toBeVisible();
    await expect(canvas.getByText('Only 3 left')).toBeVisible();
  },
};
export const SoldOut: Story = {
  args: { product: LIFTING_STRAPS, selectedVariantId: LIFTING_STRAPS.variants[0].id, rating: NO_RATING, reviews: [], related: [SHAKER] },
  play: async ({ canvasElement }: Ctx) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Out of stock')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Buy Now' })).toBeDisabled();
  },
};
export const Loading: Story = {
  args: { status: 'loading', product: null, selectedVariantId: null, rating: null, reviews: [], related: [] },
  play: async ({ canvasElement }: Ctx) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Loading product...');
  },
};
export const NotFound: Story = {
  args: { status: 'notFound', product: null, selectedVariantId: null, rating: null, reviews: [], related: [] },
  play: async ({ canvasElement, args }: Ctx) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Product Not Found' })).toBeVisible();
    await expect(canvas.getByRole('alert')).toHaveTextContent("The product you're looking for doesn't exist or has been removed.");
    await expect(canvas.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/shop');
    await userEvent.click(canvas.getByRole('button', { name: 'Try Again' }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};
export const LoadError: Story = {
  args: { status: 'error', error: 'Failed to fetch', product: null, selectedVariantId: null, rating: null, reviews: [], related: [] },
  play: async ({ canvasElement }: Ctx) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Product Not Found' })).toBeVisible();
    await expect(canvas.getByRole('alert')).toHaveTextContent('Failed to fetch');
  },
};
export const ReviewsLoading: Story = {
  args: { reviewsStatus: 'loading', reviews: [], rating: null, relatedStatus: 'loading', related: [] },
  play: async ({ canvasElement }: Ctx) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Loading reviews...')).toBeVisible();
    await expect(canvas.getByText('Loading related products...')).toBeInTheDocument();
  },
};
export const ReviewsEmpty: Story = {
  args: { reviews: [], rating: NO_RATING },
  play: async ({ canvasElement }: Ctx) => {
    await expect(within(canvasElement).getByText('No reviews yet.')).toBeVisible();
  },
};
export const ReviewsLoaded: Story = {
  play: async ({ canvasElement }: Ctx) => {
    const canvas = within(canvasElement);
    const list = canvas.getByRole('list', { name: 'Customer reviews' });
    await expect(
      within(list)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(REVIEWS.map((r) => r.title));
    await expect(within(list).getByText(/November 2, 2026/)).toBeVisible();
    await expect(canvas.getAllByText('4.5 out of 5 · 3 reviews')).toHaveLength(2);
  },
};
export const ReviewsFailed: Story = {
  args: { reviewsStatus: 'error', reviews: [], relatedStatus: 'error', related: [] },
  play: async ({ canvasElement, args }: Ctx) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('Reviews could not be loaded.');
    await userEvent.click(canvas.getByRole('button', { name: 'Try Again' }));
    await expect(args.onRetryReviews).toHaveBeenCalled();
    // The product itself is still there.
    await expect(canvas.getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
  },
};

export const SeveralVariantsDe = inGerman({
  args: SeveralVariants.args,
  play: async ({ canvasElement }: Ctx) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'In den Warenkorb' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Jetzt kaufen' })).toBeVisible();
    await expect(canvas.getByRole('group', { name: /^Größe/ })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'M, ausverkauft' })).toBeDisabled();
    // Colour names are stored in English and shown in German.
    const colours = canvas.getByRole('group', { name: /^Farbe: Schwarz/ });
    await expect(within(colours).getByRole('button', { name: 'Knochenweiß' })).toBeVisible();
    for (const link of canvas.getAllByRole('link', { name: 'Bekleidung' })) await expect(link).toHaveAttribute('href', '/shop?category=clothing');
    await expect(canvas.getByText('34,99 €')).toBeVisible();
    await expect(canvas.getByText(IRON_TEE.subtitle_de as string)).toBeVisible();
  },
});
export const LowStockAtMaxDe = inGerman({
  args: LowStockAtMax.args,
  play: async ({ canvasElement }: Ctx) => {
    await expect(within(canvasElement).getByText('Nur noch 2 verfügbar')).toBeVisible();
  },
});
export const SingleVariantDe = inGerman({ args: SingleVariant.args });
export const OneSizeTwoFlavoursDe = inGerman({ args: OneSizeTwoFlavours.args });
export const SaleDe = inGerman({
  args: Sale.args,
  play: async ({ canvasElement }: Ctx) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Nahtlose Leggings' })).toBeVisible();
    await expect(canvas.getByText('59,99 €').closest('s')).toHaveTextContent('Statt 59,99 €');
    await expect(canvas.getByText((_, el) => el?.tagName === 'P' && el.textContent?.replace(/\s/g, ' ') === 'Niedrigster Preis der letzten 30 Tage: 49,99 €')).toBeVisible();
  },
});
export const SoldOutDe = inGerman({
  args: SoldOut.args,
  play: async ({ canvasElement }: Ctx) => {
    await expect(within(canvasElement).getByText('Ausverkauft')).toBeVisible();
  },
});
export const LoadingDe = inGerman({
  args: Loading.args,
  play: async ({ canvasElement }: Ctx) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Produkt wird geladen …');
  },
});
export const NotFoundDe = inGerman({
  args: NotFound.args,
  play: async ({ canvasElement }: Ctx) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Produkt nicht gefunden' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Weiter einkaufen' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Erneut versuchen' })).toBeVisible();
  },
});
export const LoadErrorDe = inGerman({ args: LoadError.args });
export const ReviewsLoadingDe = inGerman({ args: ReviewsLoading.args });
export const ReviewsEmptyDe = inGerman({
  args: ReviewsEmpty.args,
  play: async ({ canvasElement }: Ctx) => {
    await expect(within(canvasElement).getByText('Noch keine Bewertungen.')).toBeVisible();
  },
});
export const ReviewsLoadedDe = inGerman({
  args: ReviewsLoaded.args,
  play: async ({ canvasElement }: Ctx) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByText('4,5 von 5 · 3 Bewertungen')).toHaveLength(2);
    await expect(canvas.getByText(/2\. November 2026/)).toBeVisible();
  },
});
export const ReviewsFailedDe = inGerman({
  args: ReviewsFailed.args,
  play: async ({ canvasElement }: Ctx) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Die Bewertungen konnten nicht geladen werden.');
  },
});
