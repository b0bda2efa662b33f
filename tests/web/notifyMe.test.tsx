import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthSession } from '../../machines/authMachine';
import { requestBackInStock } from '../../src/api/backInStock';
import { NotifyMe } from '../../src/features/product/NotifyMe';
import { IRON_TEE, SHAKER } from '../../stories/fixtures/products';
import { fakeAuth, renderAt } from './support';

vi.mock('../../src/api/backInStock', () => ({ requestBackInStock: vi.fn(), confirmBackInStock: vi.fn(), unsubscribeBackInStock: vi.fn() }));

const sam: AuthSession = { accessToken: 'a', refreshToken: 'r', expiresAt: 4_000_000_000, user: { id: 'u1', email: 'sam@example.test', fullName: null }, secondFactor: 'none' };
const soldOutM = IRON_TEE.variants.find((v) => v.size === 'M' && v.inventory === 0)!;
const inStockS = IRON_TEE.variants.find((v) => v.size === 'S')!;

describe('NotifyMe (container with fake api)', () => {
  beforeEach(() => {
    vi.mocked(requestBackInStock).mockReset();
    vi.mocked(requestBackInStock).mockResolvedValue();
  });

  it('nothing when every variant is in stock', () => {
    renderAt(<NotifyMe product={SHAKER} selected={SHAKER.variants[0]} />, '/shop/x', { auth: fakeAuth(null) });
    expect(screen.queryByTestId('notify-me')).toBeNull();
    expect(screen.queryByText(/Notify me/)).toBeNull();
  });

  it('a guest beside an in-stock size: folded; asks about the sold-out size with an address, in the page language', async () => {
    renderAt(<NotifyMe product={IRON_TEE} selected={inStockS} />, '/shop/x', { auth: fakeAuth(null) });
    const user = userEvent.setup();
    await user.click(screen.getByText("Size or colour sold out? Notify me when it's back"));
    expect(screen.getByText('Sold out: M / Black')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), ' Fan@Example.com ');
    await user.click(screen.getByRole('button', { name: 'Notify me' }));
    expect(requestBackInStock).toHaveBeenCalledExactlyOnceWith({ variantId: soldOutM.id, email: 'fan@example.com', locale: 'en' });
    expect((await screen.findByRole('status')).textContent).toMatch(/we've sent it a link to confirm/);
  });

  it('a signed-in customer on the sold-out size: open, one click, no address asked', async () => {
    renderAt(<NotifyMe product={IRON_TEE} selected={soldOutM} />, '/shop/x', { auth: fakeAuth(sam) });
    const button = await screen.findByRole('button', { name: "Notify me when it's back" });
    expect(screen.queryByRole('textbox', { name: 'Email' })).toBeNull();
    expect(screen.getByRole('region', { name: "Notify me when it's back" })).toBeTruthy();
    await userEvent.setup().click(button);
    expect(requestBackInStock).toHaveBeenCalledExactlyOnceWith({ variantId: soldOutM.id, email: null, locale: 'en' });
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe("Done: we'll send one email to sam@example.test when it's back."));
  });
});
