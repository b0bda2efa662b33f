import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { GuestConfirmationView } from '../../src/features/orders/GuestConfirmationView';
import { signInHref } from '../../src/features/orders/url';
import { GUEST_ORDER, GUEST_ORDER_WITHOUT_EMAIL, GUEST_SESSION_ID } from '../fixtures/orders';
import { inGerman } from '../support';

const RETURN_PATH = `/orders?session_id=${GUEST_SESSION_ID}`;

/** Back from paying without an account: the order of the checkout session (machines/orderPollingMachine.ts), or — an account's order — the way to sign in. */
const meta: Meta<typeof GuestConfirmationView> = {
  title: 'Orders/Guest confirmation',
  component: GuestConfirmationView,
  args: { status: 'found', order: GUEST_ORDER, signInHref: signInHref(RETURN_PATH), onRefresh: fn() },
  parameters: { path: RETURN_PATH },
};
export default meta;
type Story = StoryObj<typeof GuestConfirmationView>;

const text = (element: Element | null) => element?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
const totals = (canvasElement: HTMLElement) => [...canvasElement.querySelectorAll('dt')].map((dt) => [text(dt), text(dt.nextElementSibling)]);
const address = (canvasElement: HTMLElement, heading: string) =>
  [...(within(canvasElement).getByRole('heading', { level: 2, name: heading }).closest('section')?.querySelectorAll('address > span') ?? [])].map(text);

export const Looking: Story = {
  args: { status: 'looking', order: null },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByRole('heading', { level: 1, name: 'Order confirmation' })).toBeVisible();
    await expect(page.getByRole('status')).toHaveTextContent(/^Confirming your order…$/);
    await expect(page.queryByRole('link', { name: 'Create Account' })).toBeNull();
  },
};
export const Waiting: Story = { args: { status: 'waiting', order: null }, play: Looking.play };

export const Found: Story = {
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order!' })).toBeVisible();
    await expect(page.getByText('Order NPNG-100010')).toBeVisible();
    await expect(page.getByRole('status')).toHaveTextContent('A confirmation was sent to guest.lifter@example.com.');
    const lines = within(page.getByRole('list', { name: 'Items in this order' })).getAllByRole('listitem');
    await expect(lines.map((line) => text(line.querySelector('p')))).toEqual(['Grind Mode Oversized Tee']);
    await expect(address(canvasElement, 'Delivery address')).toEqual(['Sam Guest', 'Lindenstraße 5', 'Hinterhaus, 3. OG', '20095 Hamburg', 'Germany']);
    await expect(totals(canvasElement)).toEqual([
      ['Subtotal', '€34.99'],
      ['Shipping', '€4.99'],
      ['Total', '€39.98'],
    ]);
    // ADR 0023: the VAT the order contains, as the database stored it.
    await expect(text(canvasElement.querySelector('dl + p'))).toBe('incl. 19 % VAT: €6.38');
    await expect(page.getByText('Create an account with guest.lifter@example.com to see this order and track future ones.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create Account' })).toHaveAttribute('href', '/auth?tab=signup');
    // Signing in comes back here, to the same checkout session.
    await expect(page.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', `/auth?next=${encodeURIComponent(RETURN_PATH)}`);
  },
};

/** No e-mail on the order: no "sent to" line, and a general invitation. */
export const FoundWithoutEmail: Story = {
  args: { order: GUEST_ORDER_WITHOUT_EMAIL },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order!' })).toBeVisible();
    await expect(page.queryByRole('status')).toBeNull();
    await expect(page.queryByText(/confirmation was sent/)).toBeNull();
    await expect(page.getByText('Create an account to see your orders and track future ones.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create Account' })).toBeVisible();
  },
};

export const NotYet: Story = {
  args: { status: 'notYet', order: null },
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement);
    await expect(page.getByRole('heading', { level: 1, name: 'Order confirmation' })).toBeVisible();
    const notice = within(page.getByRole('status'));
    await expect(notice.getByText('Your payment was received; your order will appear here shortly.')).toBeVisible();
    await expect(page.queryByRole('alert')).toBeNull();
    await userEvent.click(notice.getByRole('button', { name: 'Refresh' }));
    await expect(args.onRefresh).toHaveBeenCalledTimes(1);
  },
};

/** The order belongs to an account (the container sends the shopper to sign-in; this is what a moment shows). */
export const SignInNeeded: Story = {
  args: { status: 'signInNeeded', order: null },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByRole('heading', { level: 1, name: 'Order confirmation' })).toBeVisible();
    await expect(page.getByText('This order belongs to an account. Sign in to see it.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', `/auth?next=${encodeURIComponent(RETURN_PATH)}`);
    await expect(page.queryByText(/NPNG-/)).toBeNull();
    await expect(page.queryByRole('link', { name: 'Create Account' })).toBeNull();
  },
};

const looksDe: Story['play'] = async ({ canvasElement }) => {
  const page = within(canvasElement);
  await expect(page.getByRole('heading', { level: 1, name: 'Bestellbestätigung' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveTextContent(/^Deine Bestellung wird bestätigt …$/);
};
export const LookingDe = inGerman({ args: Looking.args, play: looksDe } satisfies Story);
export const WaitingDe = inGerman({ args: Waiting.args, play: looksDe } satisfies Story);
export const FoundDe = inGerman({
  args: Found.args,
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByRole('heading', { level: 1, name: 'Danke für Deine Bestellung!' })).toBeVisible();
    await expect(page.getByText('Bestellung NPNG-100010')).toBeVisible();
    await expect(page.getByRole('status')).toHaveTextContent('Wir haben Dir eine Bestätigung an guest.lifter@example.com geschickt.');
    await expect(page.getByRole('heading', { level: 2, name: 'Artikel' })).toBeVisible();
    await expect(address(canvasElement, 'Lieferadresse')).toEqual(['Sam Guest', 'Lindenstraße 5', 'Hinterhaus, 3. OG', '20095 Hamburg', 'Deutschland']);
    await expect(totals(canvasElement)).toEqual([
      ['Zwischensumme', '34,99 €'],
      ['Versand', '4,99 €'],
      ['Gesamt', '39,98 €'],
    ]);
    await expect(text(canvasElement.querySelector('dl + p'))).toBe('enthält 19 % MwSt.: 6,38 €');
    await expect(page.getByText('Erstelle ein Konto mit guest.lifter@example.com, um diese Bestellung zu sehen und künftige zu verfolgen.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Konto erstellen' })).toHaveAttribute('href', '/auth?tab=signup');
    await expect(page.getByRole('link', { name: 'Anmelden' })).toHaveAttribute('href', `/auth?next=${encodeURIComponent(RETURN_PATH)}`);
  },
} satisfies Story);
export const FoundWithoutEmailDe = inGerman({
  args: FoundWithoutEmail.args,
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.queryByRole('status')).toBeNull();
    await expect(page.getByText('Erstelle ein Konto, um Deine Bestellungen zu sehen und künftige zu verfolgen.')).toBeVisible();
  },
} satisfies Story);
export const NotYetDe = inGerman({
  args: NotYet.args,
  play: async ({ canvasElement, args }) => {
    const notice = within(within(canvasElement).getByRole('status'));
    await expect(notice.getByText('Deine Zahlung ist eingegangen; Deine Bestellung erscheint hier in Kürze.')).toBeVisible();
    await userEvent.click(notice.getByRole('button', { name: 'Aktualisieren' }));
    await expect(args.onRefresh).toHaveBeenCalledTimes(1);
  },
} satisfies Story);
export const SignInNeededDe = inGerman({
  args: SignInNeeded.args,
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByText('Diese Bestellung gehört zu einem Konto. Melde Dich an, um sie zu sehen.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Anmelden' })).toHaveAttribute('href', `/auth?next=${encodeURIComponent(RETURN_PATH)}`);
  },
} satisfies Story);
