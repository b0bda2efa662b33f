import { i18n } from '@lingui/core';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_AUTH_FORM } from '../../machines/authFormMachine';
import type { AuthSession } from '../../machines/authMachine';
import { signIn, signUp, WeakPasswordError } from '../../src/api/auth';
import { ApiError } from '../../src/api/errors';
import AuthRoute from '../../src/features/auth/AuthRoute';
import { AuthView, type AuthViewProps } from '../../src/features/auth/AuthView';
import { authSearch, parseAuthTab, parseNext } from '../../src/features/auth/url';
import { activateAllCatalogs } from '../../src/i18n/i18n';
import { description, fakeAuth, render, renderAt } from './support';

vi.mock('../../src/api/auth', async (importOriginal) => ({ ...(await importOriginal<object>()), signIn: vi.fn(), signUp: vi.fn() }));

function renderView(overrides: Partial<AuthViewProps> = {}) {
  const props: AuthViewProps = {
    tab: 'signIn',
    status: 'editing',
    form: EMPTY_AUTH_FORM,
    fieldErrors: {},
    weakPasswordReasons: [],
    verifyEmailFor: null,
    onTabChange: vi.fn(),
    onChange: vi.fn(),
    onSubmit: vi.fn(),
    ...overrides,
  };
  render(<AuthView {...props} />);
  return props;
}

describe('AuthView', () => {
  it('sign in: typing reports each field, Enter and the button submit', async () => {
    const user = userEvent.setup();
    const props = renderView();
    expect(screen.getByRole('heading', { level: 1, name: 'Sign In' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Sign In' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.queryByLabelText('Confirm Password')).toBeNull();
    await user.type(screen.getByLabelText('Email'), 'a');
    expect(props.onChange).toHaveBeenLastCalledWith('email', 'a');
    await user.type(screen.getByLabelText('Password'), 'p{Enter}');
    expect(props.onChange).toHaveBeenLastCalledWith('password', 'p');
    expect(props.onSubmit).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(props.onSubmit).toHaveBeenCalledTimes(2);
  });

  it('switching tabs asks for the other tab', async () => {
    const user = userEvent.setup();
    const props = renderView();
    await user.click(screen.getByRole('tab', { name: 'Sign Up' }));
    expect(props.onTabChange).toHaveBeenCalledWith('signUp');
  });

  it('sign up: three fields, mismatch and weak-password reasons under the fields', async () => {
    const user = userEvent.setup();
    const props = renderView({
      tab: 'signUp',
      form: { email: 'new@example.test', password: 'short', confirmPassword: 'other' },
      fieldErrors: { confirmPassword: 'mismatch' },
      weakPasswordReasons: ['length', 'pwned'],
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Create Account' })).toBeTruthy();
    expect(description(screen.getByLabelText('Confirm Password'))).toBe('Passwords do not match.');
    expect(screen.getByLabelText('Confirm Password').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('The password is too short.')).toBeTruthy();
    expect(screen.getByText('This password has appeared in a data breach. Please choose another one.')).toBeTruthy();
    await user.type(screen.getByLabelText('Confirm Password'), 'x');
    expect(props.onChange).toHaveBeenLastCalledWith('confirmPassword', 'otherx');
  });

  it('required fields are announced with the field', () => {
    renderView({ fieldErrors: { email: 'required', password: 'required' } });
    expect(description(screen.getByLabelText('Email'))).toBe('Please enter your email.');
    expect(description(screen.getByLabelText('Password'))).toBe('Please enter your password.');
  });

  it('while busy the button says so, is disabled, and the tabs are locked', () => {
    renderView({ status: 'signingIn' });
    expect((screen.getByRole('button', { name: 'Signing in...' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('tab', { name: 'Sign Up' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByLabelText('Email').hasAttribute('readonly')).toBe(true);
  });

  it('sign up busy label', () => {
    renderView({ tab: 'signUp', status: 'signingUp' });
    expect((screen.getByRole('button', { name: 'Creating account...' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('after sign-up: the verify-email note instead of the form, and a way to sign in', async () => {
    const user = userEvent.setup();
    const props = renderView({ tab: 'signUp', status: 'verifyEmail', verifyEmailFor: 'new@example.test' });
    expect(screen.getByRole('heading', { name: 'Check your email' })).toBeTruthy();
    expect(screen.getByText('new@example.test')).toBeTruthy();
    expect(screen.queryByLabelText('Password')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Back to Sign In' }));
    expect(props.onTabChange).toHaveBeenCalledWith('signIn');
  });
});

describe('auth URL', () => {
  it.each([
    ['', 'signIn'],
    ['?tab=signup', 'signUp'],
    ['tab=SIGNUP', 'signUp'],
    ['?tab=signin', 'signIn'],
    ['?tab=<script>', 'signIn'],
  ])('%s → %s', (search, tab) => {
    expect(parseAuthTab(search)).toBe(tab);
  });

  it('switching tabs keeps other parameters', () => {
    expect(authSearch('signUp', 'lang=de')).toBe('?lang=de&tab=signup');
    expect(authSearch('signIn', 'lang=de&tab=signup')).toBe('?lang=de');
    expect(authSearch('signIn', '')).toBe('');
    expect(authSearch('signUp', 'next=%2Forders%3Fsession_id%3Dcs_1')).toBe('?next=%2Forders%3Fsession_id%3Dcs_1&tab=signup');
  });

  it.each([
    ['', '/'],
    ['?next=', '/'],
    ['?next=%2Forders', '/orders'],
    ['next=%2Forders%3Fsession_id%3Dcs_local_1', '/orders?session_id=cs_local_1'],
    ['?next=/orders/NPNG-100001', '/orders/NPNG-100001'],
    ['?next=%2Faccount%23newsletter', '/account#newsletter'],
    ['?next=/a/../account', '/account'],
    // Other sites, however written, go home.
    ['?next=https%3A%2F%2Fevil.example%2F', '/'],
    ['?next=%2F%2Fevil.example', '/'],
    ['?next=%2F%5Cevil.example', '/'],
    ['?next=%2F%09%2Fevil.example', '/'],
    ['?next=%2F%0A%2Fevil.example', '/'],
    ['?next=%2Fa%2F..%2F..%2F%2Fevil.example', '/'],
    ['?next=javascript%3Aalert(1)', '/'],
    ['?next=orders', '/'],
    ['?next=%20%2Forders', '/'],
  ])('next in %j → %s', (search, next) => {
    expect(parseNext(search)).toBe(next);
  });
});

describe('AuthRoute (container with a fake api and auth service)', () => {
  const toastsSend = vi.fn();
  const mockedSignIn = vi.mocked(signIn);
  const mockedSignUp = vi.mocked(signUp);
  const lastToast = () => toastsSend.mock.lastCall?.[0].toast;
  const alex: AuthSession = { accessToken: 'a', refreshToken: 'r', expiresAt: 4_000_000_000, user: { id: 'u1', email: 'alex@example.test', fullName: null }, secondFactor: 'none' };

  beforeEach(() => {
    toastsSend.mockReset();
    mockedSignIn.mockReset();
    mockedSignUp.mockReset();
  });

  function mount(path: string, session: AuthSession | null = null) {
    return renderAt(<AuthRoute />, path, { auth: fakeAuth(session), toasts: { send: toastsSend } as never });
  }

  it('?tab=signup opens sign up; the tabs change the URL', async () => {
    const location = mount('/auth?tab=signup');
    const user = userEvent.setup();
    expect((await screen.findByRole('tab', { name: 'Sign Up' })).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByLabelText('Confirm Password')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Sign In' }));
    expect(location.history.at(-1)).toBe('/auth');
    await waitFor(() => expect(screen.queryByLabelText('Confirm Password')).toBeNull());
    await user.click(screen.getByRole('tab', { name: 'Sign Up' }));
    expect(location.history.at(-1)).toBe('/auth?tab=signup');
  });

  it('a signed-in visitor is sent home', async () => {
    const location = mount('/auth', alex);
    await waitFor(() => expect(location.history.at(-1)).toBe('/'));
  });

  it('a signed-in visitor is sent where next says', async () => {
    const location = mount('/auth?next=%2Forders%3Fsession_id%3Dcs_local_1', alex);
    await waitFor(() => expect(location.history.at(-1)).toBe('/orders?session_id=cs_local_1'));
  });

  it('a next on another site is not followed', async () => {
    const location = mount('/auth?next=%2F%2Fevil.example%2Forders', alex);
    await waitFor(() => expect(location.history.at(-1)).toBe('/'));
  });

  it('sign in with next: back to that page; the tabs keep next', async () => {
    mockedSignIn.mockResolvedValue(alex);
    const location = mount('/auth?next=%2Forders%2FNPNG-100001');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Sign Up' }));
    expect(location.history.at(-1)).toBe('/auth?next=%2Forders%2FNPNG-100001&tab=signup');
    await user.click(screen.getByRole('tab', { name: 'Sign In' }));
    expect(location.history.at(-1)).toBe('/auth?next=%2Forders%2FNPNG-100001');
    await user.type(await screen.findByLabelText('Email'), 'alex@example.test');
    await user.type(screen.getByLabelText('Password'), 'Customer-Pass-2025');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/orders/NPNG-100001'));
    expect(lastToast()).toMatchObject({ title: 'Welcome back!' });
  });

  it('sign in: Signing in..., then the welcome toast and home', async () => {
    let finish: (s: AuthSession) => void = () => {};
    mockedSignIn.mockImplementation(() => new Promise((r) => (finish = r)));
    const location = mount('/auth');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'alex@example.test');
    await user.type(screen.getByLabelText('Password'), 'Customer-Pass-2025');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(mockedSignIn).toHaveBeenCalledWith('alex@example.test', 'Customer-Pass-2025');
    expect((screen.getByRole('button', { name: 'Signing in...' }) as HTMLButtonElement).disabled).toBe(true);
    finish(alex);
    await waitFor(() => expect(location.history.at(-1)).toBe('/'));
    expect(lastToast()).toMatchObject({ title: 'Welcome back!', description: 'You have been signed in successfully.', variant: 'success' });
  });

  it('sign in refused: the server message; offline: something went wrong', async () => {
    mockedSignIn.mockRejectedValueOnce(new ApiError('invalid', 'Invalid login credentials', { code: 'invalid_credentials', status: 400 }));
    mount('/auth');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'alex@example.test');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'Sign in failed', description: 'Invalid login credentials', variant: 'destructive' }));
    mockedSignIn.mockRejectedValueOnce(new ApiError('network', 'Failed to fetch', { status: 0 }));
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'Error', description: 'Something went wrong. Please try again.' }));
  });

  it('sign up refused for an address mail cannot reach: said in the page language, not the server’s English', async () => {
    const refused = () => new ApiError('invalid', 'Email address "x@example.com" is invalid', { code: 'email_address_invalid', status: 400 });
    mockedSignUp.mockRejectedValueOnce(refused());
    mount('/auth?tab=signup');
    const user = userEvent.setup();
    const fill = async (email: string, password: string, again: string, submit: string) => {
      await user.type(await screen.findByLabelText(email), 'x@example.com');
      await user.type(screen.getByLabelText(password), 'Long-Enough-1');
      await user.type(screen.getByLabelText(again), 'Long-Enough-1');
      await user.click(screen.getByRole('button', { name: submit }));
    };
    await fill('Email', 'Password', 'Confirm Password', 'Create Account');
    await waitFor(() =>
      expect(lastToast()).toMatchObject({ title: 'Sign up failed', description: "We can't send mail to this email address. Please use another one.", variant: 'destructive' }),
    );
    cleanup();
    await activateAllCatalogs('de');
    try {
      mockedSignUp.mockRejectedValueOnce(refused());
      mount('/auth?tab=signup');
      await fill('E-Mail', 'Passwort', 'Passwort bestätigen', 'Konto erstellen');
      await waitFor(() => expect(lastToast()?.description).toBe('An diese E-Mail-Adresse können wir nichts schicken. Bitte nimm eine andere.'));
    } finally {
      i18n.activate('en');
    }
  });

  it('sign up: a mismatch is a toast and no request', async () => {
    mount('/auth?tab=signup');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'new@example.test');
    await user.type(screen.getByLabelText('Password'), 'Long-Enough-1');
    await user.type(screen.getByLabelText('Confirm Password'), 'Long-Enough-2');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(lastToast()).toMatchObject({ title: 'Password mismatch', description: 'Passwords do not match.', variant: 'destructive' });
    expect(mockedSignUp).not.toHaveBeenCalled();
  });

  it('sign up: a weak password lists the reasons; success shows the verify-email note', async () => {
    mockedSignUp.mockRejectedValueOnce(new WeakPasswordError('Password should be at least 8 characters.', ['length'], 422));
    const location = mount('/auth?tab=signup');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'new@example.test');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.type(screen.getByLabelText('Confirm Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'Sign up failed', description: 'Password should be at least 8 characters.' }));
    expect(screen.getByText('The password is too short.')).toBeTruthy();

    mockedSignUp.mockResolvedValueOnce({ session: null });
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'Long-Enough-1');
    await user.clear(screen.getByLabelText('Confirm Password'));
    await user.type(screen.getByLabelText('Confirm Password'), 'Long-Enough-1');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeTruthy();
    expect(lastToast()).toMatchObject({ title: 'Account created!', description: 'Please check your email to verify your account.' });
    expect(mockedSignUp).toHaveBeenLastCalledWith('new@example.test', 'Long-Enough-1');
    expect(location.history.at(-1)).toBe('/auth?tab=signup');
  });
});
