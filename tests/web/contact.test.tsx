import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { sendContactMessage } from '../../src/api/contact';
import { ApiError } from '../../src/api/errors';
import ContactRoute from '../../src/features/contact/ContactRoute';
import { ContactView, type ContactViewProps } from '../../src/features/contact/ContactView';
import { SUPPORT_EMAIL } from '../../src/config/company';
import { type AppServices, ServicesProvider } from '../../src/services/context';
import { render } from './support';

vi.mock('../../src/api/contact', async (importOriginal) => ({ ...(await importOriginal<object>()), sendContactMessage: vi.fn() }));

const field = (name: string | RegExp) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

const empty = { name: '', email: '', subject: '', message: '' };

function view(overrides: Partial<ContactViewProps> = {}) {
  const props: ContactViewProps = { status: 'idle', form: empty, fieldErrors: {}, onChange: vi.fn(), onSubmit: vi.fn(), ...overrides };
  render(<ContactView {...props} />);
  return props;
}

describe('ContactView', () => {
  it('shows the contact details, support hours and a direct email fallback', () => {
    view();
    expect(screen.getByRole('heading', { level: 1, name: 'Contact' })).toBeTruthy();
    expect(screen.getByText('Mon–Fri, 9:00–17:00 CET')).toBeTruthy();
    const mailLinks = screen.getAllByRole('link', { name: SUPPORT_EMAIL });
    expect(mailLinks.length).toBe(2);
    for (const link of mailLinks) expect(link.getAttribute('href')).toBe(`mailto:${SUPPORT_EMAIL}`);
    expect(screen.getByRole('link', { name: /^\+49/ }).getAttribute('href')).toMatch(/^tel:\+49\d+$/);
  });

  it('has the four fields with the database limits; email and message required', async () => {
    const props = view();
    expect(field('Name').maxLength).toBe(200);
    expect(field('Email *').maxLength).toBe(254);
    expect(field('Email *').type).toBe('email');
    expect(field('Subject').maxLength).toBe(200);
    expect(field('Message *').maxLength).toBe(5000);
    expect(field('Email *').required && field('Message *').required).toBe(true);
    await userEvent.setup().type(field('Subject'), 'S');
    expect(props.onChange).toHaveBeenCalledWith('subject', 'S');
  });

  it('names the fields to fix', () => {
    view({ fieldErrors: { email: 'invalid', message: 'required' } });
    expect(field('Email *').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Please enter a valid email address.')).toBeTruthy();
    expect(screen.getByText('Please enter a message.')).toBeTruthy();
    expect(field('Message *').getAttribute('aria-describedby')).toBe('contact-message-error');
  });

  it.each([
    ['idle', 'Send message', false],
    ['error', 'Send message', false],
    ['sending', 'Sending…', true],
    ['sent', 'Sent ✓', true],
  ] as const)('%s: the button reads %s (disabled: %s)', (status, label, disabled) => {
    view({ status, error: status === 'error' ? 'Failed to fetch' : null });
    expect(button(label).disabled).toBe(disabled);
    if (status === 'error') expect(screen.getByRole('alert').textContent).toContain('Failed to fetch');
  });
});

describe('ContactRoute (container with a fake api)', () => {
  const toastsSend = vi.fn();
  const mockedSend = vi.mocked(sendContactMessage);
  const services = { toasts: { send: toastsSend } } as unknown as AppServices;
  const lastToast = () => toastsSend.mock.lastCall?.[0].toast;

  beforeEach(() => {
    toastsSend.mockReset();
    mockedSend.mockReset();
  });

  const mount = () =>
    render(
      <ServicesProvider services={services}>
        <ContactRoute />
      </ServicesProvider>,
    );

  it('validates before sending anything', async () => {
    mount();
    const user = userEvent.setup();
    await user.click(button('Send message'));
    expect(screen.getByText('Please enter your email.')).toBeTruthy();
    expect(screen.getByText('Please enter a message.')).toBeTruthy();
    await user.type(field('Email *'), 'alex@');
    expect(screen.queryByText('Please enter your email.')).toBeNull();
    await user.click(button('Send message'));
    expect(screen.getByText('Please enter a valid email address.')).toBeTruthy();
    expect(mockedSend).not.toHaveBeenCalled();
  });

  it('sends, shows Sending…, clears the form and stays at Sent ✓', async () => {
    let finish: () => void = () => {};
    mockedSend.mockImplementation(() => new Promise<void>((r) => (finish = r)));
    mount();
    const user = userEvent.setup();
    await user.type(field('Name'), 'Alex');
    await user.type(field('Email *'), 'alex@example.com');
    await user.type(field('Message *'), 'Does the hoodie run large?');
    await user.click(button('Send message'));
    expect(mockedSend).toHaveBeenCalledWith({ name: 'Alex', email: 'alex@example.com', subject: '', message: 'Does the hoodie run large?' });
    expect(button('Sending…').disabled).toBe(true);
    await act(async () => finish());
    expect(lastToast()).toMatchObject({ title: 'Message sent', description: "We'll get back to you within 1-2 business days.", variant: 'success' });
    expect(button('Sent ✓').disabled).toBe(true);
    expect(field('Name').value).toBe('');
    expect(field('Message *').value).toBe('');
  });

  it('a failed send keeps the text and shows the destructive toast with the server message', async () => {
    mockedSend.mockRejectedValueOnce(new Error('Failed to fetch'));
    mount();
    const user = userEvent.setup();
    await user.type(field('Email *'), 'alex@example.com');
    await user.type(field('Message *'), 'Hello');
    await user.click(button('Send message'));
    await vi.waitFor(() => expect(lastToast()).toMatchObject({ title: 'Message not sent', description: 'Failed to fetch', variant: 'destructive' }));
    expect(field('Message *').value).toBe('Hello');
    expect(button('Send message').disabled).toBe(false);
  });

  it('over the per-client limit (PT429) it says so in the page’s words, not the server’s', async () => {
    mockedSend.mockRejectedValueOnce(new ApiError('unknown', 'server words', { code: 'PT429' }));
    mount();
    const user = userEvent.setup();
    await user.type(field('Email *'), 'alex@example.com');
    await user.type(field('Message *'), 'Hello');
    await user.click(button('Send message'));
    const words = 'Too many messages from your connection. Please try again in a few minutes.';
    await vi.waitFor(() => expect(lastToast()).toMatchObject({ title: 'Message not sent', description: words, variant: 'destructive' }));
    expect(screen.getByRole('alert').textContent).toContain(words);
    expect(field('Message *').value).toBe('Hello');
  });
});
