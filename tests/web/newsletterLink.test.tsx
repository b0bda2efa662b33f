import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { confirmSubscription, unsubscribe } from '../../src/api/newsletter';
import { ApiError } from '../../src/api/errors';
import NewsletterLinkRoute from '../../src/features/newsletterLink/NewsletterLinkRoute';
import { NewsletterLinkView } from '../../src/features/newsletterLink/NewsletterLinkView';
import { tokenFromSearch } from '../../src/features/newsletterLink/url';
import { render, renderAt } from './support';

vi.mock('../../src/api/newsletter', () => ({ subscribe: vi.fn(), confirmSubscription: vi.fn(), unsubscribe: vi.fn() }));

const TOKEN = '0f'.repeat(32);

describe('NewsletterLinkView', () => {
  it.each([
    ['confirm', 'done', "You're subscribed"],
    ['confirm', 'invalid', "This link doesn't work"],
    ['confirm', 'expired', 'This link has expired'],
    ['unsubscribe', 'done', "You're unsubscribed"],
    ['unsubscribe', 'invalid', "This link doesn't work"],
  ] as const)('%s %s: the heading and a way on', (action, status, heading) => {
    render(<NewsletterLinkView action={action} status={status} onRetry={vi.fn()} />);
    expect(screen.getByRole('heading', { level: 1, name: heading })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue shopping' }).getAttribute('href')).toBe('/shop');
  });

  it('working shows a spinner with what is going on; failed offers a retry', async () => {
    render(<NewsletterLinkView action="confirm" status="working" onRetry={vi.fn()} />);
    expect(screen.getByText('Confirming your subscription...')).toBeTruthy();
    const onRetry = vi.fn();
    render(<NewsletterLinkView action="unsubscribe" status="failed" onRetry={onRetry} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('reads the token from the query, as it is in the e-mail', () => {
    expect(tokenFromSearch(`token=${TOKEN}`)).toBe(TOKEN);
    expect(tokenFromSearch(`?token=%20${TOKEN}%20`)).toBe(TOKEN);
    expect(tokenFromSearch('')).toBeNull();
    expect(tokenFromSearch('token=')).toBeNull();
  });
});

describe('NewsletterLinkRoute (container with fake api)', () => {
  beforeEach(() => {
    vi.mocked(confirmSubscription).mockReset();
    vi.mocked(unsubscribe).mockReset();
  });

  it('confirms the token of the link once, then says so', async () => {
    let finish: () => void = () => {};
    vi.mocked(confirmSubscription).mockImplementation(() => new Promise<void>((r) => (finish = r)));
    renderAt(<NewsletterLinkRoute action="confirm" />, `/newsletter/confirm?token=${TOKEN}`, {});
    expect(screen.getByText('Confirming your subscription...')).toBeTruthy();
    expect(confirmSubscription).toHaveBeenCalledExactlyOnceWith(TOKEN);
    await act(async () => finish());
    expect(screen.getByRole('heading', { name: "You're subscribed" })).toBeTruthy();
    expect(unsubscribe).not.toHaveBeenCalled();
  });

  it('an expired link says so', async () => {
    vi.mocked(confirmSubscription).mockRejectedValue(new ApiError('unknown', 'This confirmation link has expired.', { code: 'PT410' }));
    renderAt(<NewsletterLinkRoute action="confirm" />, `/newsletter/confirm?token=${TOKEN}`, {});
    expect(await screen.findByRole('heading', { name: 'This link has expired' })).toBeTruthy();
  });

  it('a malformed token is refused without asking the server', () => {
    renderAt(<NewsletterLinkRoute action="unsubscribe" />, '/newsletter/unsubscribe?token=abc', {});
    expect(screen.getByRole('heading', { name: "This link doesn't work" })).toBeTruthy();
    expect(unsubscribe).not.toHaveBeenCalled();
  });

  it('unsubscribes; after a network failure Try again sends the token again', async () => {
    vi.mocked(unsubscribe).mockRejectedValueOnce(new ApiError('network', 'Failed to fetch')).mockResolvedValueOnce(undefined);
    renderAt(<NewsletterLinkRoute action="unsubscribe" />, `/newsletter/unsubscribe?token=${TOKEN}`, {});
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: "You're unsubscribed" })).toBeTruthy();
    expect(vi.mocked(unsubscribe).mock.calls).toEqual([[TOKEN], [TOKEN]]);
  });
});
