import { AuthClient, type Session } from '@supabase/supabase-js';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthSession } from '../../machines/authMachine';
import { secondFactorOf } from '../../src/api/auth';
import { ApiError } from '../../src/api/errors';
import { challengeTotp, confirmTotp, enrolTotp, getAssuranceLevels, listTotpFactors, unenrolTotp, verifyTotp } from '../../src/api/twoFactor';
import { NotFoundView } from '../../src/app/shell/ErrorViews';
import AccountRoute from '../../src/features/account/AccountRoute';
import { TwoFactorSection, type TwoFactorSectionProps } from '../../src/features/account/TwoFactorSection';
import AdminRoute from '../../src/features/admin/AdminRoute';
import AuthRoute from '../../src/features/auth/AuthRoute';
import { TwoFactorView, type TwoFactorViewProps } from '../../src/features/auth/TwoFactorView';
import { description, fakeAuth, render, renderAt } from './support';

vi.mock('../../src/api/twoFactor', () => ({
  challengeTotp: vi.fn(),
  verifyTotp: vi.fn(),
  listTotpFactors: vi.fn(),
  enrolTotp: vi.fn(),
  confirmTotp: vi.fn(),
  unenrolTotp: vi.fn(),
  getAssuranceLevels: vi.fn(),
}));
vi.mock('../../src/api/profile', () => ({ fetchProfile: vi.fn(async () => ({ fullName: '', phone: '' })), saveProfile: vi.fn() }));

const session = (secondFactor: AuthSession['secondFactor']): AuthSession => ({
  accessToken: 'a',
  refreshToken: 'r',
  expiresAt: 4_000_000_000,
  user: { id: 'u1', email: 'admin@example.test', fullName: null },
  secondFactor,
});
const QR = 'data:image/svg+xml;utf-8,<svg xmlns="http://www.w3.org/2000/svg"/>';
const ENROLMENT = { factorId: 'f-new', qrCode: QR, secret: 'JBSWY3DPEHPK3PXP' };
const wrongCode = new ApiError('invalid', 'Invalid TOTP code entered', { code: 'mfa_verification_failed', status: 422 });
const tooMany = new ApiError('unknown', 'Too many requests', { code: 'over_request_rate_limit', status: 429 });

describe('TwoFactorView (the code step)', () => {
  function renderView(overrides: Partial<TwoFactorViewProps> = {}) {
    const props: TwoFactorViewProps = {
      status: 'entering',
      code: '',
      fieldError: null,
      error: null,
      onChange: vi.fn(),
      onSubmit: vi.fn(),
      onCancel: vi.fn(),
      onRetry: vi.fn(),
      ...overrides,
    };
    render(<TwoFactorView {...props} />);
    return props;
  }

  it('one field for the app code, focused, made for one-time codes; Verify and Cancel', async () => {
    const user = userEvent.setup();
    const props = renderView();
    expect(screen.getByRole('heading', { level: 1, name: 'Two-factor authentication' })).toBeTruthy();
    expect(screen.getByText('Enter the 6-digit code from your authenticator app.')).toBeTruthy();
    const field = screen.getByLabelText('6-digit code');
    expect(document.activeElement).toBe(field);
    expect(field.getAttribute('inputmode')).toBe('numeric');
    expect(field.getAttribute('autocomplete')).toBe('one-time-code');
    await user.type(field, '1{Enter}');
    expect(props.onChange).toHaveBeenLastCalledWith('1');
    expect(props.onSubmit).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Cancel and sign out' }));
    expect(props.onCancel).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['wrongCode', 'That code is not right. Check your authenticator app and try again.'],
    ['expired', 'The code request ran out of time. Please enter the code your app shows now.'],
    ['tooManyAttempts', 'Too many attempts. Please wait a moment, then try again.'],
    ['unexpected', 'Something went wrong. Please try again.'],
  ] as const)('the server refusal %s describes the field and is announced', (error, text) => {
    renderView({ error });
    expect(description(screen.getByLabelText('6-digit code'))).toBe(text);
    expect(screen.getByLabelText('6-digit code').getAttribute('aria-invalid')).toBe('true');
    expect(document.querySelector('[aria-live="assertive"]')?.textContent).toBe(text);
  });

  it('a code that is not six digits is a field error', () => {
    renderView({ fieldError: 'format', code: '12345' });
    expect(description(screen.getByLabelText('6-digit code'))).toBe('The code has 6 digits.');
  });

  it('while checking: read-only, buttons wait', () => {
    renderView({ status: 'verifying', code: '123456' });
    expect(screen.getByLabelText('6-digit code').hasAttribute('readonly')).toBe(true);
    expect((screen.getByRole('button', { name: 'Checking...' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('a challenge that could not be made: try again or sign out', async () => {
    const user = userEvent.setup();
    const props = renderView({ status: 'challengeFailed' });
    expect(screen.getByRole('alert').textContent).toContain('The code step could not be started.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(props.onRetry).toHaveBeenCalled();
  });
});

describe('AuthRoute: the code step after the password', () => {
  const toastsSend = vi.fn();
  const lastToast = () => toastsSend.mock.lastCall?.[0].toast;
  beforeEach(() => {
    toastsSend.mockReset();
    vi.mocked(challengeTotp).mockReset().mockResolvedValue({ factorId: 'f1', challengeId: 'c1' });
    vi.mocked(verifyTotp).mockReset();
  });
  const mount = (path: string, current: AuthSession) => {
    const auth = fakeAuth(current);
    return { auth, location: renderAt(<AuthRoute />, path, { auth, toasts: { send: toastsSend } as never }) };
  };

  it('a pending session gets the code step; a pasted code with a space is sent as six digits; passed, it goes where next says', async () => {
    vi.mocked(verifyTotp).mockRejectedValueOnce(wrongCode).mockResolvedValueOnce(undefined);
    const { location } = mount('/auth?next=%2Fadmin%2Fproducts', session('pending'));
    const user = userEvent.setup();
    const field = await screen.findByLabelText('6-digit code');
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(challengeTotp).toHaveBeenCalledTimes(1);
    await user.type(field, '000 000{Enter}');
    expect(verifyTotp).toHaveBeenLastCalledWith({ factorId: 'f1', challengeId: 'c1', code: '000000' });
    await waitFor(() => expect(description(screen.getByLabelText('6-digit code'))).toContain('That code is not right.'));
    expect((screen.getByLabelText('6-digit code') as HTMLInputElement).value).toBe('');
    await user.type(screen.getByLabelText('6-digit code'), '123 456{Enter}');
    expect(verifyTotp).toHaveBeenLastCalledWith({ factorId: 'f1', challengeId: 'c1', code: '123456' });
    await waitFor(() => expect(location.history.at(-1)).toBe('/admin/products'));
    expect(lastToast()).toMatchObject({ title: 'Welcome back!' });
  });

  it('too many attempts is said as such; a short code is not sent', async () => {
    vi.mocked(verifyTotp).mockRejectedValue(tooMany);
    mount('/auth', session('pending'));
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('6-digit code'), '123{Enter}');
    expect(description(screen.getByLabelText('6-digit code'))).toBe('The code has 6 digits.');
    expect(verifyTotp).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('6-digit code'), '456{Enter}');
    await waitFor(() => expect(description(screen.getByLabelText('6-digit code'))).toBe('Too many attempts. Please wait a moment, then try again.'));
  });

  it('cancel signs out and shows the sign-in form again', async () => {
    const { auth } = mount('/auth', session('pending'));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel and sign out' }));
    await waitFor(() => expect(auth.getSnapshot().value).toBe('signedOut'));
    expect(await screen.findByRole('tab', { name: 'Sign In' })).toBeTruthy();
  });

  it('a refusal that ends the session (mfa_verification_rejected) signs out and says why', async () => {
    vi.mocked(verifyTotp).mockRejectedValue(new ApiError('unauthorized', 'MFA verification rejected', { code: 'mfa_verification_rejected', status: 403 }));
    const { auth } = mount('/auth', session('pending'));
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('6-digit code'), '123456{Enter}');
    await waitFor(() => expect(auth.getSnapshot().value).toBe('signedOut'));
    expect(lastToast()).toMatchObject({ title: 'Signed out', description: 'The sign-in was refused. Please sign in again.', variant: 'destructive' });
  });

  it('a session that passed (or has no factor) is not asked for a code', async () => {
    const { location } = mount('/auth', session('passed'));
    await waitFor(() => expect(location.history.at(-1)).toBe('/'));
    expect(challengeTotp).not.toHaveBeenCalled();
  });
});

describe('AdminRoute with a pending session', () => {
  it('sends it to the code step, coming back to the same admin page', async () => {
    const location = renderAt(<AdminRoute notFound={<NotFoundView />} />, '/admin/orders?status=paid', { auth: fakeAuth(session('pending')) });
    await waitFor(() => expect(location.history.at(-1)).toBe('/auth?next=%2Fadmin%2Forders%3Fstatus%3Dpaid'));
  });
});

describe('TwoFactorSection (account page)', () => {
  function renderSection(overrides: Partial<TwoFactorSectionProps> = {}) {
    const props: TwoFactorSectionProps = {
      status: 'off',
      enrolment: null,
      code: '',
      fieldError: null,
      error: null,
      stepUp: null,
      onSetUp: vi.fn(),
      onCodeChange: vi.fn(),
      onCodeSubmit: vi.fn(),
      onCancel: vi.fn(),
      onRemove: vi.fn(),
      onConfirmRemove: vi.fn(),
      onKeep: vi.fn(),
      onRetry: vi.fn(),
      ...overrides,
    };
    render(<TwoFactorSection {...props} />);
    return props;
  }

  it('off: says so and offers the set-up', async () => {
    const props = renderSection();
    expect(screen.getByRole('heading', { level: 2, name: 'Two-factor authentication' })).toBeTruthy();
    expect(screen.getByText('Off')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Set up' }));
    expect(props.onSetUp).toHaveBeenCalled();
  });

  it('setting up: the QR code with its alt text, the key to copy, the first code; the step heading takes the focus', async () => {
    const user = userEvent.setup();
    const props = renderSection({ status: 'scanning', enrolment: ENROLMENT, error: 'wrongCode' });
    const heading = screen.getByRole('heading', { level: 3, name: 'Scan the QR code with your authenticator app' });
    expect(document.activeElement).toBe(heading);
    const qr = screen.getByRole('img', { name: 'QR code for your authenticator app. If you cannot scan it, enter the key below.' });
    expect(qr.getAttribute('src')).toBe(QR);
    const key = screen.getByLabelText('Key for manual entry') as HTMLInputElement;
    expect(key.value).toBe(ENROLMENT.secret);
    expect(key.readOnly).toBe(true);
    expect(description(screen.getByLabelText('6-digit code'))).toContain('That code is not right.');
    await user.type(screen.getByLabelText('6-digit code'), '1{Enter}');
    expect(props.onCodeChange).toHaveBeenLastCalledWith('1');
    expect(props.onCodeSubmit).toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(props.onCancel).toHaveBeenCalled();
  });

  it('on: Remove asks first', async () => {
    const user = userEvent.setup();
    const props = renderSection({ status: 'confirmingRemoval' });
    expect(screen.getByText('On')).toBeTruthy();
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove two-factor authentication?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(props.onConfirmRemove).toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(props.onKeep).toHaveBeenCalled();
  });

  it('removing from a session without the code yet: a code first', () => {
    renderSection({ status: 'stepUp', stepUp: { status: 'entering', code: '', fieldError: null, error: null } });
    expect(screen.getByRole('heading', { level: 3, name: 'Confirm with a code from your authenticator app' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Verify and remove' })).toBeTruthy();
  });
});

describe('AccountRoute: the two-factor section with a fake api', () => {
  const toastsSend = vi.fn();
  const lastToast = () => toastsSend.mock.lastCall?.[0].toast;
  beforeEach(() => {
    toastsSend.mockReset();
    for (const fn of [listTotpFactors, enrolTotp, confirmTotp, unenrolTotp, getAssuranceLevels, challengeTotp, verifyTotp]) vi.mocked(fn).mockReset();
  });
  const mount = (current: AuthSession) => renderAt(<AccountRoute />, '/account', { auth: fakeAuth(current), toasts: { send: toastsSend } as never });

  it('set up: enrols, shows the QR code, verifies the first code, and is on', async () => {
    vi.mocked(listTotpFactors).mockResolvedValue({ verified: null, unverified: [] });
    vi.mocked(enrolTotp).mockResolvedValue(ENROLMENT);
    vi.mocked(confirmTotp).mockResolvedValue(undefined);
    mount(session('none'));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Set up' }));
    expect(await screen.findByRole('img', { name: /QR code/ })).toBeTruthy();
    await user.type(screen.getByLabelText('6-digit code'), '123-456{Enter}');
    expect(confirmTotp).toHaveBeenCalledWith({ factorId: 'f-new', code: '123456' });
    await waitFor(() => expect(within(document.body).getByText('On')).toBeTruthy());
    expect(lastToast()).toMatchObject({ title: 'Two-factor authentication is on.', variant: 'success' });
  });

  it('cancelling the set-up removes the half-made factor', async () => {
    vi.mocked(listTotpFactors).mockResolvedValue({ verified: null, unverified: [] });
    vi.mocked(enrolTotp).mockResolvedValue(ENROLMENT);
    vi.mocked(unenrolTotp).mockResolvedValue(undefined);
    mount(session('none'));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Set up' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(unenrolTotp).toHaveBeenCalledWith('f-new'));
    expect(await screen.findByRole('button', { name: 'Set up' })).toBeTruthy();
  });

  it('remove from an aal1 session: confirm, a code first, then removed', async () => {
    vi.mocked(listTotpFactors).mockResolvedValue({ verified: 'f1', unverified: [] });
    vi.mocked(getAssuranceLevels).mockResolvedValue({ current: 'aal1', next: 'aal2' });
    vi.mocked(challengeTotp).mockResolvedValue({ factorId: 'f1', challengeId: 'c9' });
    vi.mocked(verifyTotp).mockResolvedValue(undefined);
    vi.mocked(unenrolTotp).mockResolvedValue(undefined);
    mount(session('pending'));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await user.type(await screen.findByLabelText('6-digit code'), '654321{Enter}');
    expect(verifyTotp).toHaveBeenCalledWith({ factorId: 'f1', challengeId: 'c9', code: '654321' });
    await waitFor(() => expect(unenrolTotp).toHaveBeenCalledWith('f1'));
    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'Two-factor authentication is off.' }));
    expect(await screen.findByRole('button', { name: 'Set up' })).toBeTruthy();
  });

  it('remove from an aal2 session needs no code', async () => {
    vi.mocked(listTotpFactors).mockResolvedValue({ verified: 'f1', unverified: [] });
    vi.mocked(getAssuranceLevels).mockResolvedValue({ current: 'aal2', next: 'aal2' });
    vi.mocked(unenrolTotp).mockResolvedValue(undefined);
    mount(session('passed'));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Remove' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(unenrolTotp).toHaveBeenCalledWith('f1'));
    expect(challengeTotp).not.toHaveBeenCalled();
  });
});

describe('secondFactorOf: supabase-js getAuthenticatorAssuranceLevel() on the same session', () => {
  const b64url = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  const token = (claims: object) => `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url({ sub: 'u1', exp: 4_000_000_000, ...claims })}.sig`;
  const factor = (status: 'verified' | 'unverified') => ({ id: `f-${status}`, factor_type: 'totp', status, created_at: '', updated_at: '' });

  it.each([
    ['password only, no factor', { aal: 'aal1' }, [], 'none'],
    ['password, verified factor', { aal: 'aal1' }, [factor('verified')], 'pending'],
    ['password, only an unfinished set-up', { aal: 'aal1' }, [factor('unverified')], 'none'],
    ['code passed', { aal: 'aal2' }, [factor('verified')], 'passed'],
  ] as const)('%s', async (_, claims, factors, expected) => {
    const stored = {
      access_token: token(claims),
      refresh_token: 'r',
      token_type: 'bearer',
      expires_in: 3600,
      expires_at: 4_000_000_000,
      user: { id: 'u1', aud: 'authenticated', app_metadata: {}, user_metadata: {}, created_at: '', factors },
    } as unknown as Session;
    // A storage key of its own per case: supabase-js warns about two clients sharing one.
    const storageKey = `sb-${expected}-${factors.length}-auth-token`;
    const memory = new Map([[storageKey, JSON.stringify(stored)]]);
    const client = new AuthClient({
      url: 'http://localhost:1/auth/v1',
      storageKey,
      autoRefreshToken: false,
      persistSession: true,
      storage: { getItem: (k) => memory.get(k) ?? null, setItem: (k, v) => void memory.set(k, v), removeItem: (k) => void memory.delete(k) },
    });
    const { data } = await client.mfa.getAuthenticatorAssuranceLevel();
    const fromLibrary = data?.currentLevel === 'aal2' ? 'passed' : data?.nextLevel === 'aal2' ? 'pending' : 'none';
    expect(fromLibrary).toBe(expected);
    expect(secondFactorOf(stored)).toBe(expected);
  });
});
