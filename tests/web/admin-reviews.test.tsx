import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReviewDecision } from '../../domain/reviews';
import type { AdminReview } from '../../domain/adminReviews';
import { fetchAdminReviews, moderateReview } from '../../src/api/admin';
import { ApiError } from '../../src/api/errors';
import { AdminReviewsPage } from '../../src/features/admin/reviews/AdminReviewsPage';
import { APPROVED_REVIEW, PENDING_REVIEWS, pendingReview, REJECTED_REVIEW, SHAKER_REVIEW, TEE_REVIEW } from '../../stories/fixtures/admin-reviews';
import { renderAt } from './support';

vi.mock('../../src/api/admin', () => ({ fetchAdminReviews: vi.fn(), moderateReview: vi.fn() }));

const fetchReviews = vi.mocked(fetchAdminReviews);
/** One page as fetchAdminReviews answers it: these rows, `total` over all pages. */
const page = (rows: AdminReview[], total = rows.length) => ({ rows, total });
const moderate = vi.mocked(moderateReview);

/** A request the test answers when it chooses. */
function deferred() {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('/admin/reviews', () => {
  const toastsSend = vi.fn();
  const onModerated = vi.fn();
  const lastToast = () => toastsSend.mock.lastCall?.[0].toast;
  const card = (title: string) => screen.getByRole('article', { name: title });
  const titles = () =>
    within(screen.getByRole('list', { name: 'Reviews waiting for approval' }))
      .getAllByRole('heading', { level: 2 })
      .map((h) => h.textContent);

  beforeEach(() => {
    toastsSend.mockReset();
    onModerated.mockReset();
    fetchReviews.mockReset().mockResolvedValue(page(PENDING_REVIEWS));
    moderate.mockReset();
  });

  async function open() {
    renderAt(<AdminReviewsPage onModerated={onModerated} />, '/admin/reviews', { toasts: { send: toastsSend } as never });
    await screen.findByRole('list', { name: 'Reviews waiting for approval' });
  }

  it('lists the waiting reviews newest first, with the count and the document title', async () => {
    await open();
    expect(screen.getByRole('heading', { level: 1, name: 'Reviews' })).toBeTruthy();
    expect(screen.getByText('3 reviews waiting for approval')).toBeTruthy();
    expect(titles()).toEqual(PENDING_REVIEWS.map((r) => r.title));
    expect(document.title).toMatch(/^Reviews · Admin/);
    const tee = within(card('Best tee I own'));
    expect(tee.getByRole('link', { name: 'Grind Tee' }).getAttribute('href')).toBe('/shop/grind-tee');
    expect(tee.getByText('5 out of 5 stars')).toBeTruthy();
    expect(tee.getByText('alex@example.test').getAttribute('href')).toBe('mailto:alex@example.test');
  });

  it('shows what the shopper typed as text, never as markup', async () => {
    await open();
    const shaker = card('<b>Leaks</b> at the lid');
    expect(shaker.querySelector('script, b')).toBeNull();
    expect(within(shaker).getByText(/<script>alert\("pwned"\)<\/script>/)).toBeTruthy();
  });

  it('approving takes the card away once the database has it, toasts, and lets the navigation count again', async () => {
    const request = deferred();
    moderate.mockReturnValueOnce(request.promise);
    await open();
    await userEvent.click(screen.getByRole('button', { name: 'Approve review “Best tee I own”' }));
    expect(moderate).toHaveBeenCalledWith({ id: TEE_REVIEW.id, decision: 'approved' satisfies ReviewDecision });
    // In flight: both of its buttons wait; the other reviews' buttons do not.
    expect((within(card('Best tee I own')).getByRole('button', { name: 'Approving review “Best tee I own”...' }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(card('Best tee I own')).getByRole('button', { name: 'Reject review “Best tee I own”' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Approve review “<b>Leaks</b> at the lid”' }) as HTMLButtonElement).disabled).toBe(false);
    expect(onModerated).not.toHaveBeenCalled();

    request.resolve();
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Best tee I own' })).toBeNull());
    expect(lastToast()).toEqual({ title: 'Review approved', description: 'It now appears on the product page.', variant: 'success' });
    expect(onModerated).toHaveBeenCalledTimes(1);
    expect(screen.getByText('2 reviews waiting for approval')).toBeTruthy();
  });

  it('rejecting the last review leaves the friendly empty page', async () => {
    fetchReviews.mockResolvedValue(page([SHAKER_REVIEW]));
    moderate.mockResolvedValue(undefined);
    await open();
    expect(screen.getByText('1 review waiting for approval')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Reject review “<b>Leaks</b> at the lid”' }));
    expect(await screen.findByText('No reviews are waiting. Nice work!')).toBeTruthy();
    expect(moderate).toHaveBeenCalledWith({ id: SHAKER_REVIEW.id, decision: 'rejected' });
    expect(lastToast()).toEqual({ title: 'Review rejected', variant: 'success' });
    expect(onModerated).toHaveBeenCalledTimes(1);
  });

  it('a failed decision keeps the card, says why, and the admin can try again', async () => {
    moderate.mockRejectedValueOnce(new ApiError('unauthorized', 'permission denied for table reviews', { status: 403 }));
    await open();
    await userEvent.click(screen.getByRole('button', { name: 'Approve review “Best tee I own”' }));
    await waitFor(() => expect(lastToast()).toEqual({ title: 'Failed to update', description: 'permission denied for table reviews', variant: 'destructive' }));
    const tee = within(card('Best tee I own'));
    expect(tee.getByText('Failed to update: permission denied for table reviews')).toBeTruthy();
    expect(titles()).toEqual(PENDING_REVIEWS.map((r) => r.title));
    expect(onModerated).not.toHaveBeenCalled();

    moderate.mockResolvedValueOnce(undefined);
    await userEvent.click(tee.getByRole('button', { name: 'Approve review “Best tee I own”' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Best tee I own' })).toBeNull());
    expect(onModerated).toHaveBeenCalledTimes(1);
  });

  it('a review another admin already moderated leaves the list with a notice, not an error', async () => {
    moderate.mockRejectedValueOnce(new ApiError('conflict', 'This review was already moderated.', { code: 'stale' }));
    await open();
    await userEvent.click(screen.getByRole('button', { name: 'Reject review “Best tee I own”' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Best tee I own' })).toBeNull());
    expect(lastToast()).toEqual({ title: 'This review was already moderated.', variant: 'info' });
    expect(onModerated).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(/Failed to update/)).toBeNull();
  });

  it('a failed load offers Retry, which loads again', async () => {
    fetchReviews.mockRejectedValueOnce(new ApiError('network', 'Failed to fetch'));
    renderAt(<AdminReviewsPage onModerated={onModerated} />, '/admin/reviews', { toasts: { send: toastsSend } as never });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to load reviews.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await screen.findByRole('list', { name: 'Reviews waiting for approval' });
    expect(fetchReviews).toHaveBeenCalledTimes(2);
  });
  it('asks for the waiting reviews, page 1, by default, and for what the URL says otherwise', async () => {
    await open();
    expect(fetchReviews).toHaveBeenLastCalledWith({ status: 'pending', q: '', page: 1 });
    expect((screen.getByRole('combobox', { name: 'Status' }) as HTMLSelectElement).value).toBe('pending');
  });

  it('pages beyond 25 with ?page=, and a moderated review shows its status without buttons', async () => {
    const many = Array.from({ length: 25 }, (_, i) => pendingReview(100 + i, { status: i % 2 ? 'approved' : 'rejected' }));
    fetchReviews.mockResolvedValue(page(many, 260));
    renderAt(<AdminReviewsPage onModerated={onModerated} />, '/admin/reviews?status=all&q=%20tee%20&page=2', { toasts: { send: toastsSend } as never });
    await screen.findByRole('list', { name: 'Reviews' });
    expect(fetchReviews).toHaveBeenLastCalledWith({ status: 'all', q: 'tee', page: 2 });
    expect(screen.getByText('260 reviews')).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(25);
    const pagination = within(screen.getByRole('navigation', { name: 'Pagination' }));
    expect(pagination.getByText('Page 2 of 11')).toBeTruthy();
    expect(pagination.getByRole('link', { name: 'Next' }).getAttribute('href')).toBe('/admin/reviews?status=all&q=tee&page=3');
    expect(pagination.getByRole('link', { name: 'Previous' }).getAttribute('href')).toBe('/admin/reviews?status=all&q=tee');
    expect(screen.queryByRole('button', { name: /Approve review/ })).toBeNull();
    expect(within(screen.getAllByRole('article')[0]).getByText('Rejected')).toBeTruthy();
    expect((screen.getByRole('searchbox', { name: 'Search by title, text, author or product' }) as HTMLInputElement).value).toBe('tee');
  });

  it('the status filter and the search change the URL (page 1 again), and the list follows it', async () => {
    fetchReviews.mockImplementation(async (query) =>
      query.status === 'approved' ? page([APPROVED_REVIEW]) : query.q === 'spam' ? page([REJECTED_REVIEW]) : page(PENDING_REVIEWS),
    );
    const location = renderAt(<AdminReviewsPage onModerated={onModerated} />, '/admin/reviews?page=3', { toasts: { send: toastsSend } as never });
    await screen.findByRole('list', { name: 'Reviews waiting for approval' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'approved');
    expect(location.history.at(-1)).toBe('/admin/reviews?status=approved');
    await screen.findByRole('article', { name: 'Solid tee' });
    expect(screen.getByText('1 review')).toBeTruthy();
    expect(fetchReviews).toHaveBeenLastCalledWith({ status: 'approved', q: '', page: 1 });

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'all');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search by title, text, author or product' }), 'spam{Enter}');
    expect(location.history.at(-1)).toBe('/admin/reviews?status=all&q=spam');
    await screen.findByRole('article', { name: 'Spam spam spam' });
    expect(fetchReviews).toHaveBeenLastCalledWith({ status: 'all', q: 'spam', page: 1 });
  });

  it('under "All" an approved review stays listed with its new status; nothing found offers to clear the search', async () => {
    fetchReviews.mockResolvedValue(page([TEE_REVIEW, APPROVED_REVIEW]));
    moderate.mockResolvedValue(undefined);
    renderAt(<AdminReviewsPage onModerated={onModerated} />, '/admin/reviews?status=all', { toasts: { send: toastsSend } as never });
    await screen.findByRole('list', { name: 'Reviews' });
    await userEvent.click(screen.getByRole('button', { name: 'Approve review “Best tee I own”' }));
    await waitFor(() => expect(within(card('Best tee I own')).getByText('Approved')).toBeTruthy());
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(screen.getByText('2 reviews')).toBeTruthy();
    expect(onModerated).toHaveBeenCalledTimes(1);
  });

  it('a search that finds nothing says so and offers to clear it', async () => {
    fetchReviews.mockResolvedValue(page([]));
    renderAt(<AdminReviewsPage onModerated={onModerated} />, '/admin/reviews?q=nothing', { toasts: { send: toastsSend } as never });
    expect(await screen.findByText('No reviews match your search.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Clear search' }).getAttribute('href')).toBe('/admin/reviews');
    expect(screen.queryByText('No reviews are waiting. Nice work!')).toBeNull();
  });
});
