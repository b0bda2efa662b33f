import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthSession } from '../../machines/authMachine';
import { ApiError } from '../../src/api/errors';
import { fetchProfile, saveProfile } from '../../src/api/profile';
import AccountRoute from '../../src/features/account/AccountRoute';
import { AccountView, type AccountViewProps } from '../../src/features/account/AccountView';
import { description, fakeAuth, render, renderAt } from './support';

vi.mock('../../src/api/profile', () => ({ fetchProfile: vi.fn(), saveProfile: vi.fn() }));
// The two-factor section has tests of its own (two-factor.test.tsx); here it finds no factor.
vi.mock('../../src/api/twoFactor', () => ({ listTotpFactors: vi.fn(async () => ({ verified: null, unverified: [] })) }));

function renderView(overrides: Partial<AccountViewProps> = {}) {
  const props: AccountViewProps = {
    status: 'ready',
    email: 'alex@nopain-nogain.test',
    form: { fullName: 'Alex Lifter', phone: '' },
    fieldErrors: {},
    loadError: null,
    onChange: vi.fn(),
    onSave: vi.fn(),
    onRetry: vi.fn(),
    ...overrides,
  };
  render(<AccountView {...props} />);
  return props;
}

describe('AccountView', () => {
  it('shows the email read-only and reports edits and saves', async () => {
    const user = userEvent.setup();
    const props = renderView();
    expect(screen.getByRole('heading', { level: 1, name: 'My Account' })).toBeTruthy();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('alex@nopain-nogain.test');
    expect(screen.getByLabelText('Email').hasAttribute('readonly')).toBe(true);
    expect((screen.getByLabelText('Full Name') as HTMLInputElement).value).toBe('Alex Lifter');
    await user.type(screen.getByLabelText('Phone'), '5');
    expect(props.onChange).toHaveBeenLastCalledWith('phone', '5');
    await user.type(screen.getByLabelText('Full Name'), '!');
    expect(props.onChange).toHaveBeenLastCalledWith('fullName', 'Alex Lifter!');
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(props.onSave).toHaveBeenCalledTimes(1);
  });

  it('saving: busy label, disabled', () => {
    renderView({ status: 'saving' });
    expect((screen.getByRole('button', { name: 'Saving...' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('loading: a spinner instead of the form', () => {
    renderView({ status: 'loading' });
    expect(screen.getByRole('status').textContent).toContain('Loading your profile...');
    expect(screen.queryByLabelText('Full Name')).toBeNull();
  });

  it('load error: the message and a retry', async () => {
    const user = userEvent.setup();
    const props = renderView({ status: 'loadError', loadError: 'Failed to fetch' });
    expect(screen.getByRole('alert').textContent).toContain('Your profile could not be loaded. Failed to fetch');
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(props.onRetry).toHaveBeenCalled();
  });

  it('too long values are marked at the field', () => {
    renderView({ fieldErrors: { phone: 'tooLong' } });
    expect(description(screen.getByLabelText('Phone'))).toBe('At most 40 characters.');
  });

  it('the newsletter slot and the order history link', () => {
    renderView({ newsletter: <p>newsletter form here</p> });
    expect(screen.getByRole('heading', { name: 'Newsletter' })).toBeTruthy();
    expect(screen.getByText('newsletter form here')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Order History' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View Orders' }).getAttribute('href')).toBe('/orders');
  });

  it('without a newsletter form there is no empty card', () => {
    renderView();
    expect(screen.queryByRole('heading', { name: 'Newsletter' })).toBeNull();
  });
});

describe('AccountRoute (container with a fake api and auth service)', () => {
  const toastsSend = vi.fn();
  const mockedFetch = vi.mocked(fetchProfile);
  const mockedSave = vi.mocked(saveProfile);
  const lastToast = () => toastsSend.mock.lastCall?.[0].toast;
  const alex: AuthSession = { accessToken: 'a', refreshToken: 'r', expiresAt: 4_000_000_000, user: { id: 'u1', email: 'alex@example.test', fullName: null }, secondFactor: 'none' };

  beforeEach(() => {
    toastsSend.mockReset();
    mockedFetch.mockReset();
    mockedSave.mockReset();
  });

  function mount(session: AuthSession | null) {
    return renderAt(<AccountRoute newsletter={<p>newsletter form</p>} />, '/account', { auth: fakeAuth(session), toasts: { send: toastsSend } as never });
  }

  it('signed out: off to /auth without asking for a profile', async () => {
    const location = mount(null);
    await waitFor(() => expect(location.history.at(-1)).toBe('/auth'));
    expect(mockedFetch).not.toHaveBeenCalled();
  });

  it('signed in: loads the profile, saves it, and says so', async () => {
    mockedFetch.mockResolvedValue({ fullName: 'Alex Lifter', phone: '' });
    let finish: () => void = () => {};
    mockedSave.mockImplementation(() => new Promise<void>((r) => (finish = r)));
    mount(alex);
    const name = (await screen.findByLabelText('Full Name')) as HTMLInputElement;
    expect(mockedFetch).toHaveBeenCalledWith('u1');
    expect(name.value).toBe('Alex Lifter');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('alex@example.test');
    expect(screen.getByText('newsletter form')).toBeTruthy();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Phone'), '+49 30 1234');
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(mockedSave).toHaveBeenCalledWith({ id: 'u1', fullName: 'Alex Lifter', phone: '+49 30 1234' });
    expect((screen.getByRole('button', { name: 'Saving...' }) as HTMLButtonElement).disabled).toBe(true);
    finish();
    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'Profile updated successfully.', variant: 'success' }));
  });

  it('a failed save is an error toast with the message', async () => {
    mockedFetch.mockResolvedValue({ fullName: '', phone: '' });
    mockedSave.mockRejectedValue(new ApiError('unauthorized', 'permission denied for table profiles', { status: 403 }));
    mount(alex);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Save Profile' }));
    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'Error', description: 'permission denied for table profiles', variant: 'destructive' }));
  });
});
