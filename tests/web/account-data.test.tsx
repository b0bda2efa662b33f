import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthSession } from '../../machines/authMachine';
import { ApiError } from '../../src/api/errors';
import { deleteMyAccount, exportMyData, reauthenticate } from '../../src/api/privacy';
import { fetchProfile } from '../../src/api/profile';
import AccountRoute from '../../src/features/account/AccountRoute';
import { downloadJson, exportFileName } from '../../src/features/account/downloadJson';
import { Route, Switch } from 'wouter';
import { fakeAuth, renderAt } from './support';

vi.mock('../../src/api/profile', () => ({ fetchProfile: vi.fn(async () => ({ fullName: 'Sam', phone: '' })), saveProfile: vi.fn() }));
vi.mock('../../src/api/twoFactor', () => ({ listTotpFactors: vi.fn(async () => ({ verified: null, unverified: [] })) }));
vi.mock('../../src/api/privacy', () => ({ exportMyData: vi.fn(), reauthenticate: vi.fn(), deleteMyAccount: vi.fn() }));
vi.mock('../../src/features/account/downloadJson', async (original) => ({
  ...(await original<typeof import('../../src/features/account/downloadJson')>()),
  downloadJson: vi.fn(),
}));

const sam: AuthSession = { accessToken: 'a', refreshToken: 'r', expiresAt: 4_000_000_000, user: { id: 'u1', email: 'sam@example.test', fullName: null }, secondFactor: 'none' };
const toastsSend = vi.fn();
const lastToast = () => toastsSend.mock.lastCall?.[0].toast;

function mount() {
  const auth = fakeAuth(sam);
  // As in the app's router: the account page only on /account, so leaving it unmounts it.
  const location = renderAt(
    <Switch>
      <Route path="/account">
        <AccountRoute />
      </Route>
      <Route>
        <p>home page</p>
      </Route>
    </Switch>,
    '/account',
    { auth, toasts: { send: toastsSend } as never },
  );
  return { auth, location };
}

beforeEach(() => {
  toastsSend.mockReset();
  vi.mocked(fetchProfile).mockClear();
  vi.mocked(exportMyData).mockReset();
  vi.mocked(reauthenticate).mockReset();
  vi.mocked(deleteMyAccount).mockReset();
  vi.mocked(downloadJson).mockReset();
});

describe('exportFileName', () => {
  it("names the file after the browser's calendar day", () => {
    expect(exportFileName(new Date(2026, 0, 5, 23, 59))).toBe('no-pain-no-gain-data-2026-01-05.json');
    expect(exportFileName(new Date(2026, 10, 29, 0, 1))).toBe('no-pain-no-gain-data-2026-11-29.json');
  });
});

describe('"Your data" on /account', () => {
  it('Download my data: one click saves the export as a dated JSON file and says so', async () => {
    const data = { account: { email: 'sam@example.test' }, orders: [] };
    vi.mocked(exportMyData).mockResolvedValue(data);
    mount();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Download my data' }));
    await waitFor(() => expect(downloadJson).toHaveBeenCalledWith(data, exportFileName(new Date())));
    expect(lastToast()).toMatchObject({ title: 'Your data is downloading.', variant: 'success' });
  });

  it('a failed export says so and saves nothing', async () => {
    vi.mocked(exportMyData).mockRejectedValue(new ApiError('network', 'Failed to fetch'));
    mount();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Download my data' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Your data could not be downloaded.');
    expect(downloadJson).not.toHaveBeenCalled();
  });

  it('Delete my account: asks for the password and the tick, refuses a wrong password, then deletes, goes home, signs out and says so', async () => {
    vi.mocked(reauthenticate)
      .mockRejectedValueOnce(new ApiError('invalid', 'Invalid login credentials', { code: 'invalid_credentials', status: 400 }))
      .mockResolvedValueOnce('fresh-token');
    vi.mocked(deleteMyAccount).mockResolvedValue();
    const { auth, location } = mount();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete my account' }));
    const dialog = within(await screen.findByRole('alertdialog', { name: 'Delete your account?' }));
    await user.click(dialog.getByRole('button', { name: 'Delete my account' }));
    expect(dialog.getByText('Enter your password.')).toBeTruthy();
    expect(dialog.getByText('Tick the box to confirm.')).toBeTruthy();
    expect(reauthenticate).not.toHaveBeenCalled();

    await user.type(dialog.getByLabelText('Your password'), 'wrong-one');
    await user.click(dialog.getByRole('checkbox', { name: 'I understand that my account is deleted for good.' }));
    await user.click(dialog.getByRole('button', { name: 'Delete my account' }));
    expect(await dialog.findByText('That password is not right.')).toBeTruthy();
    expect(reauthenticate).toHaveBeenCalledWith('sam@example.test', 'wrong-one');
    expect(deleteMyAccount).not.toHaveBeenCalled();

    await user.type(dialog.getByLabelText('Your password'), 'Right-Pass-1');
    await user.click(dialog.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText('home page')).toBeTruthy();
    expect(location.history.at(-1)).toBe('/');
    expect(reauthenticate).toHaveBeenLastCalledWith('sam@example.test', 'Right-Pass-1');
    expect(deleteMyAccount).toHaveBeenCalledWith('fresh-token');
    expect(lastToast()).toMatchObject({ title: 'Your account has been deleted.', variant: 'success' });
    await waitFor(() => expect(auth.getSnapshot().value).toBe('signedOut'));
  });

  it('an open order: the reason, a link to the orders, no retry; closing keeps the account', async () => {
    vi.mocked(reauthenticate).mockResolvedValue('fresh-token');
    vi.mocked(deleteMyAccount).mockRejectedValue(new ApiError('conflict', 'You still have an open order.', { code: 'open_orders' }));
    const { auth, location } = mount();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete my account' }));
    const dialog = within(await screen.findByRole('alertdialog'));
    await user.type(dialog.getByLabelText('Your password'), 'Right-Pass-1');
    await user.click(dialog.getByRole('checkbox'));
    await user.click(dialog.getByRole('button', { name: 'Delete my account' }));
    expect((await dialog.findByRole('alert')).textContent).toContain('You still have an open order.');
    expect(dialog.queryByRole('button', { name: 'Try Again' })).toBeNull();
    await user.click(dialog.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(location.history.at(-1)).toBe('/account');
    expect(auth.getSnapshot().value).not.toBe('signedOut');
  });
});
