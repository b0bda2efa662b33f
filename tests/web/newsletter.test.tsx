import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromTransition } from 'xstate';
import { subscribe } from '../../src/api/newsletter';
import { ApiError } from '../../src/api/errors';
import { NewsletterFormView, type NewsletterFormViewProps } from '../../src/features/newsletter/NewsletterFormView';
import NewsletterSignup from '../../src/features/newsletter/NewsletterSignup';
import { type AppServices, ServicesProvider } from '../../src/services/context';
import { render } from './support';

vi.mock('../../src/api/newsletter', () => ({ subscribe: vi.fn(), confirmSubscription: vi.fn(), unsubscribe: vi.fn() }));

function view(overrides: Partial<NewsletterFormViewProps> = {}) {
  const props: NewsletterFormViewProps = {
    variant: 'footer',
    status: 'idle',
    email: '',
    consent: false,
    onEmailChange: vi.fn(),
    onConsentChange: vi.fn(),
    onSubmit: vi.fn(),
    ...overrides,
  };
  render(<NewsletterFormView {...props} />);
  return props;
}

describe('NewsletterFormView', () => {
  it('footer: email, consent with a privacy link, Subscribe', async () => {
    const props = view();
    const user = userEvent.setup();
    const email = screen.getByLabelText('Email');
    expect(email.getAttribute('type')).toBe('email');
    await user.type(email, 'a');
    expect(props.onEmailChange).toHaveBeenCalledWith('a');
    const consent = screen.getByRole('checkbox', { name: /I agree to receive marketing emails/ });
    await user.click(consent);
    expect(props.onConsentChange).toHaveBeenCalledWith(true);
    expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(props.onSubmit).toHaveBeenCalledOnce();
  });

  it('account: an email field of email type and no checkbox', () => {
    view({ variant: 'account' });
    expect(screen.getByRole('textbox', { name: 'Email' }).getAttribute('type')).toBe('email');
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('while subscribing, the button says so and is disabled', () => {
    view({ status: 'subscribing', email: 'fan@example.com', consent: true });
    expect((screen.getByRole('button', { name: 'Subscribing...' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('textbox', { name: 'Email' }).hasAttribute('readonly')).toBe(true);
  });

  it.each([
    ['success', "If this address isn't subscribed yet, we've sent it a link to confirm. Your subscription starts only when you click it."],
    ['tooMany', "Too many sign-ups for this address or from your connection. If you've signed up already, please check your inbox, or try again in an hour."],
    ['error', 'Failed to fetch'],
  ] as const)('%s shows its outcome under the form', (status, text) => {
    view({ status, error: status === 'error' ? 'Failed to fetch' : null });
    expect(screen.getByText(text)).toBeTruthy();
  });
});

describe('NewsletterSignup (container with fake services)', () => {
  const toastsSend = vi.fn();
  const mockedSubscribe = vi.mocked(subscribe);

  function services(userId: string | null): AppServices {
    const auth = createActor(fromTransition((s) => s, { session: userId ? { user: { id: userId, email: 'fan@example.com', fullName: null } } : null, isAdmin: false })).start();
    return { auth, toasts: { send: toastsSend } } as unknown as AppServices;
  }

  beforeEach(() => {
    toastsSend.mockReset();
    mockedSubscribe.mockReset();
  });

  const mount = (source: 'footer' | 'account', userId: string | null = null) =>
    render(
      <ServicesProvider services={services(userId)}>
        <NewsletterSignup source={source} />
      </ServicesProvider>,
    );

  const lastToast = () => toastsSend.mock.lastCall?.[0].toast;

  it('an incomplete form gets the destructive toast and sends nothing', async () => {
    mount('footer');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'fan@example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(lastToast()).toMatchObject({ variant: 'destructive', description: 'Please enter your email and accept the terms.' });
    expect(mockedSubscribe).not.toHaveBeenCalled();
  });

  it('asks for the subscription in the page language, shows Subscribing..., then "check your inbox" and clears the form', async () => {
    let finish: () => void = () => {};
    mockedSubscribe.mockImplementation(() => new Promise<void>((r) => (finish = r)));
    mount('footer', 'user-1');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), ' Fan@Example.com');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(mockedSubscribe).toHaveBeenCalledWith({ email: 'fan@example.com', source: 'footer', locale: 'en' });
    expect((screen.getByRole('button', { name: 'Subscribing...' }) as HTMLButtonElement).disabled).toBe(true);
    await act(async () => finish());
    expect(lastToast()).toMatchObject({
      title: 'Check your inbox',
      description: "If this address isn't subscribed yet, we've sent it a link to confirm. Your subscription starts only when you click it.",
      variant: 'success',
    });
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('');
    expect((screen.getByRole('checkbox') as HTMLInputElement).checked).toBe(false);
  });

  it('the rate limit (PT429) becomes the info toast; other errors the destructive one with the server message', async () => {
    mockedSubscribe.mockRejectedValueOnce(new ApiError('unknown', 'Too many sign-ups for this address. Please try again in an hour.', { code: 'PT429' }));
    mockedSubscribe.mockRejectedValueOnce(new ApiError('network', 'Failed to fetch'));
    mount('account');
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'fan@example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    await vi.waitFor(() => expect(lastToast()).toMatchObject({ title: 'Please wait a little', variant: 'info' }));
    expect(mockedSubscribe).toHaveBeenLastCalledWith({ email: 'fan@example.com', source: 'account', locale: 'en' });
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    await vi.waitFor(() => expect(lastToast()).toMatchObject({ title: 'Error', description: 'Failed to fetch', variant: 'destructive' }));
    // The address stays, so a retry is one click.
    expect((screen.getByRole('textbox', { name: 'Email' }) as HTMLInputElement).value).toBe('fan@example.com');
  });
});
