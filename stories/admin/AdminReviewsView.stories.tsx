import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { AdminReviewsView } from '../../src/features/admin/reviews/AdminReviewsView';
import { DEFAULT_ADMIN_REVIEW_QUERY } from '../../domain/adminReviews';
import { APPROVED_REVIEW, PENDING_REVIEWS, pendingReview, REJECTED_REVIEW, SHAKER_REVIEW, SHORTS_REVIEW, TEE_REVIEW } from '../fixtures/admin-reviews';
import { inGerman } from '../support';

/** /admin/reviews: every state machines/reviewModerationMachine.ts can reach. */
const meta: Meta<typeof AdminReviewsView> = {
  title: 'Admin/Reviews',
  component: AdminReviewsView,
  args: {
    status: 'loaded',
    query: DEFAULT_ADMIN_REVIEW_QUERY,
    reviews: PENDING_REVIEWS,
    total: 3,
    deciding: {},
    failures: {},
    onApprove: fn(),
    onReject: fn(),
    onRetry: fn(),
    onStatusChange: fn(),
    onSearch: fn(),
  },
  parameters: { path: '/admin/reviews' },
  decorators: [
    (Story) => (
      <div style={{ padding: 24 }}>
        <Story />
      </div>
    ),
  ],
};
export default meta;
type Story = StoryObj<typeof AdminReviewsView>;

const text = (element: Element | null) => element?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
const cardTitles = (canvasElement: HTMLElement) =>
  within(canvasElement)
    .getAllByRole('article')
    .map((card) => text(card.querySelector('h2')));
const button = (canvasElement: HTMLElement, name: string) => within(canvasElement).getByRole('button', { name });

export const Loading: Story = {
  args: { status: 'loading', reviews: [], total: 0 },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByRole('heading', { level: 1, name: 'Reviews' })).toBeVisible();
    await expect(page.getByRole('status')).toHaveTextContent('Loading reviews...');
    await expect(page.queryByRole('article')).toBeNull();
    await expect(page.queryByText(/waiting for approval/)).toBeNull();
  },
};

/** Newest first; each with its product, stars, text as typed (line breaks kept, HTML shown, never run), author and date. */
export const Loaded: Story = {
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement);
    await expect(page.getByText('3 reviews waiting for approval')).toBeVisible();
    await expect(cardTitles(canvasElement)).toEqual(['Best tee I own', '<b>Leaks</b> at the lid', 'Great for squats, pockets could be deeper']);

    const tee = within(page.getByRole('article', { name: 'Best tee I own' }));
    await expect(tee.getByRole('link', { name: 'Grind Tee' })).toHaveAttribute('href', '/shop/grind-tee');
    await expect(tee.getByText('5 out of 5 stars')).toBeVisible();
    const body = tee.getByText(/Fits perfectly after ten washes/);
    await expect(body.textContent).toBe(TEE_REVIEW.body);
    // Two lines and a blank one, as the shopper typed them.
    await expect(body.getBoundingClientRect().height).toBeGreaterThan(3 * Number.parseFloat(getComputedStyle(body).lineHeight));
    await expect(tee.getByText('Alex Lifter')).toBeVisible();
    await expect(tee.getByRole('link', { name: 'alex@example.test' })).toHaveAttribute('href', 'mailto:alex@example.test');
    await expect(tee.getByText('November 20, 2026')).toHaveAttribute('datetime', TEE_REVIEW.createdAt);

    const shaker = page.getByRole('article', { name: '<b>Leaks</b> at the lid' });
    await expect(shaker.querySelector('script, b')).toBeNull();
    await expect(within(shaker).getByText(/<script>alert\("pwned"\)<\/script>/)).toBeVisible();
    await expect(within(shaker).getByText('No e-mail address')).toBeVisible();
    await expect(within(shaker).getByText('2 out of 5 stars')).toBeVisible();

    await userEvent.click(button(canvasElement, 'Approve review “Best tee I own”'));
    await expect(args.onApprove).toHaveBeenCalledWith(TEE_REVIEW.id);
    await userEvent.click(button(canvasElement, 'Reject review “<b>Leaks</b> at the lid”'));
    await expect(args.onReject).toHaveBeenCalledWith(SHAKER_REVIEW.id);
    await expect(args.onApprove).toHaveBeenCalledTimes(1);
    await expect(page.queryByRole('status')).toBeNull();
    await expect(page.queryByRole('alert')).toBeNull();
  },
};

export const OneWaiting: Story = {
  args: { reviews: [SHORTS_REVIEW], total: 1 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('1 review waiting for approval')).toBeVisible();
  },
};

/** Two decisions in flight: those reviews' buttons wait, the third review's do not. */
export const Deciding: Story = {
  args: { deciding: { [TEE_REVIEW.id]: 'approved', [SHAKER_REVIEW.id]: 'rejected' } },
  play: async ({ canvasElement, args }) => {
    await expect(button(canvasElement, 'Approving review “Best tee I own”...')).toBeDisabled();
    await expect(button(canvasElement, 'Approving review “Best tee I own”...')).toHaveTextContent('Approving...');
    await expect(button(canvasElement, 'Reject review “Best tee I own”')).toBeDisabled();
    await expect(button(canvasElement, 'Approve review “<b>Leaks</b> at the lid”')).toBeDisabled();
    await expect(button(canvasElement, 'Rejecting review “<b>Leaks</b> at the lid”...')).toHaveTextContent('Rejecting...');
    const free = button(canvasElement, 'Approve review “Great for squats, pockets could be deeper”');
    await expect(free).toBeEnabled();
    await userEvent.click(free);
    await expect(args.onApprove).toHaveBeenCalledWith(SHORTS_REVIEW.id);
  },
};

/** The last decision failed: the review stays with the server's reason, and can be decided again. */
export const DecisionFailed: Story = {
  args: { failures: { [TEE_REVIEW.id]: 'permission denied for table reviews' } },
  play: async ({ canvasElement }) => {
    const tee = within(within(canvasElement).getByRole('article', { name: 'Best tee I own' }));
    await expect(tee.getByText('Failed to update: permission denied for table reviews')).toBeVisible();
    await expect(tee.getByRole('button', { name: 'Approve review “Best tee I own”' })).toBeEnabled();
  },
};

export const NothingWaiting: Story = {
  args: { reviews: [], total: 0 },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByText('No reviews are waiting. Nice work!')).toBeVisible();
    await expect(page.queryByRole('list')).toBeNull();
    await expect(page.queryByText(/waiting for approval/)).toBeNull();
  },
};

export const Failed: Story = {
  args: { status: 'failed', reviews: [], total: 0 },
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement);
    const alert = within(page.getByRole('alert'));
    await expect(alert.getByText('Failed to load reviews.')).toBeVisible();
    // A failed load is not an empty queue.
    await expect(page.queryByText('No reviews are waiting. Nice work!')).toBeNull();
    await userEvent.click(alert.getByRole('button', { name: 'Retry' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

/** Every status, page 2 of 11 with a search: moderated reviews show their status and no buttons; the pages keep the filter and the search. */
export const PagedAllStatuses: Story = {
  args: {
    query: { status: 'all', q: 'tee', page: 2 },
    reviews: [TEE_REVIEW, APPROVED_REVIEW, REJECTED_REVIEW, ...Array.from({ length: 22 }, (_, i) => pendingReview(10 + i, { status: 'approved' }))],
    total: 260,
  },
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement);
    await expect(page.getByText('260 reviews')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Reviews' })).toBeVisible();
    await expect(within(page.getByRole('article', { name: 'Solid tee' })).getByText('Approved')).toBeVisible();
    await expect(within(page.getByRole('article', { name: 'Spam spam spam' })).getByText('Rejected')).toBeVisible();
    await expect(within(page.getByRole('article', { name: 'Solid tee' })).queryByRole('button')).toBeNull();
    await expect(button(canvasElement, 'Approve review “Best tee I own”')).toBeEnabled();
    const pagination = within(page.getByRole('navigation', { name: 'Pagination' }));
    await expect(pagination.getByText('Page 2 of 11')).toBeVisible();
    await expect(pagination.getByRole('link', { name: 'Next' })).toHaveAttribute('href', '/admin/reviews?status=all&q=tee&page=3');
    await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('all');
    await expect(page.getByRole('searchbox', { name: 'Search by title, text, author or product' })).toHaveValue('tee');
    await userEvent.selectOptions(page.getByRole('combobox', { name: 'Status' }), 'rejected');
    await expect(args.onStatusChange).toHaveBeenCalledWith('rejected');
    const search = page.getByRole('searchbox', { name: 'Search by title, text, author or product' });
    await userEvent.clear(search);
    await userEvent.type(search, 'shaker');
    await userEvent.click(page.getByRole('button', { name: 'Search' }));
    await expect(args.onSearch).toHaveBeenCalledWith('shaker');
  },
};

/** A search that finds nothing: said so, with a way back to the unsearched list (not the "nothing waiting" praise). */
export const NoMatch: Story = {
  args: { query: { status: 'pending', q: 'zzz', page: 1 }, reviews: [], total: 0 },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByText('No reviews match your search.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Clear search' })).toHaveAttribute('href', '/admin/reviews');
    await expect(page.queryByText('No reviews are waiting. Nice work!')).toBeNull();
  },
};

/** Approved reviews, none yet. */
export const NoneWithStatus: Story = {
  args: { query: { status: 'approved', q: '', page: 1 }, reviews: [], total: 0 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No reviews with this status.')).toBeVisible();
  },
};

/** A page past the last (an old link): a way to the first page. */
export const PastTheLastPage: Story = {
  args: { query: { status: 'pending', q: '', page: 9 }, reviews: [], total: 3 },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByText('There are no reviews on this page.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to the first page' })).toHaveAttribute('href', '/admin/reviews');
  },
};

/** A phone (320 px wide, the admin layout's 16 px padding): long names, words and addresses wrap; nothing scrolls sideways. */
export const Phone: Story = {
  globals: { viewport: { value: 'mobile1' } },
  args: { deciding: { [SHAKER_REVIEW.id]: 'approved' } },
  decorators: [
    (Story) => (
      <div style={{ marginInline: -8 }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => fitsAPhone(canvasElement, 'Approve review “Great for squats, pockets could be deeper”'),
};

/** Every card within the screen, and the approve button still a comfortable target. */
async function fitsAPhone(canvasElement: HTMLElement, approveName: string) {
  await expect(window.innerWidth).toBeLessThanOrEqual(360);
  await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  for (const card of within(canvasElement).getAllByRole('article')) {
    await expect(card.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth);
    await expect(card.scrollWidth).toBeLessThanOrEqual(card.clientWidth);
  }
  await expect(button(canvasElement, approveName).getBoundingClientRect().height).toBeGreaterThanOrEqual(32);
}

// German: the page's language shows in the date and the numbers at once; the texts once the admin catalogue has them.
export const LoadingDe = inGerman({
  args: Loading.args,
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByRole('heading', { level: 1, name: 'Bewertungen' })).toBeVisible();
    await expect(page.getByRole('status')).toHaveTextContent('Bewertungen werden geladen …');
  },
} satisfies Story);
export const LoadedDe = inGerman({
  args: Loaded.args,
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByText('3 Bewertungen warten auf Freigabe')).toBeVisible();
    const tee = within(page.getByRole('article', { name: 'Best tee I own' }));
    await expect(tee.getByText('20. November 2026')).toBeVisible();
    await expect(tee.getByText('5 von 5 Sternen')).toBeVisible();
    await expect(tee.getByRole('button', { name: 'Bewertung „Best tee I own“ freigeben' })).toHaveTextContent('Freigeben');
    await expect(tee.getByRole('button', { name: 'Bewertung „Best tee I own“ ablehnen' })).toHaveTextContent('Ablehnen');
    await expect(within(page.getByRole('article', { name: '<b>Leaks</b> at the lid' })).getByText('Keine E-Mail-Adresse')).toBeVisible();
  },
} satisfies Story);
export const OneWaitingDe = inGerman({
  args: OneWaiting.args,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('1 Bewertung wartet auf Freigabe')).toBeVisible();
  },
} satisfies Story);
export const DecidingDe = inGerman({
  args: Deciding.args,
  play: async ({ canvasElement }) => {
    await expect(button(canvasElement, 'Bewertung „Best tee I own“ wird freigegeben...')).toBeDisabled();
    await expect(button(canvasElement, 'Bewertung „<b>Leaks</b> at the lid“ wird abgelehnt...')).toHaveTextContent('Wird abgelehnt...');
  },
} satisfies Story);
export const DecisionFailedDe = inGerman({
  args: DecisionFailed.args,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Aktualisierung fehlgeschlagen: permission denied for table reviews')).toBeVisible();
  },
} satisfies Story);
export const NothingWaitingDe = inGerman({
  args: NothingWaiting.args,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Keine offenen Bewertungen. Gute Arbeit!')).toBeVisible();
  },
} satisfies Story);
export const FailedDe = inGerman({
  args: Failed.args,
  play: async ({ canvasElement }) => {
    const alert = within(within(canvasElement).getByRole('alert'));
    await expect(alert.getByText('Bewertungen konnten nicht geladen werden.')).toBeVisible();
    await expect(alert.getByRole('button', { name: 'Erneut versuchen' })).toBeVisible();
  },
} satisfies Story);
export const PagedAllStatusesDe = inGerman({
  args: PagedAllStatuses.args,
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByText('260 Bewertungen')).toBeVisible();
    await expect(within(page.getByRole('article', { name: 'Solid tee' })).getByText('Freigegeben')).toBeVisible();
    await expect(page.getByRole('searchbox', { name: 'Nach Titel, Text, Autor oder Produkt suchen' })).toHaveValue('tee');
  },
} satisfies Story);
export const NoMatchDe = inGerman({
  args: NoMatch.args,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Keine Bewertungen passen zu Deiner Suche.')).toBeVisible();
  },
} satisfies Story);
export const PhoneDe: Story = {
  ...Phone,
  globals: { ...inGerman({}).globals, viewport: { value: 'mobile1' } },
  play: async ({ canvasElement }) => fitsAPhone(canvasElement, 'Bewertung „Great for squats, pockets could be deeper“ freigeben'),
};
