import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import type { CheckoutFailure } from '../../domain/checkout';
import { css } from '../../styled-system/css';
import { CartSummary } from '../../src/features/checkout/CartSummary';
import { CHECKOUT_FAILURES, quoteFor } from '../fixtures/orders';
import { inGerman } from '../support';

/**
 * SPEC §8's checkout failures as the shopper meets them: in the order summary's alert under the
 * Checkout button, which works again (a new click is a new attempt).
 */
const meta: Meta<typeof CartSummary> = {
  title: 'Cart/Checkout failures',
  component: CartSummary,
  args: { subtotal: 3499, currency: 'EUR', region: 'DE', quote: quoteFor('DE', 3499), busy: false, failure: CHECKOUT_FAILURES.unknown, onRegionChange: fn(), onCheckout: fn() },
  decorators: [
    (Story) => (
      <main className={css({ maxW: 'md', mx: 'auto', p: '4' })}>
        <Story />
      </main>
    ),
  ],
  parameters: { path: '/cart' },
};
export default meta;
type Story = StoryObj<typeof CartSummary>;
type Play = NonNullable<Story['play']>;

const CHECKOUT = { en: 'Checkout', de: 'Zur Kasse' };

/** The alert's paragraphs, as read. */
const paragraphs = (element: HTMLElement) => [...element.querySelectorAll('p')].map((p) => p.textContent?.replace(/\s+/g, ' ').trim());

const says =
  (lang: 'en' | 'de', ...expected: string[]): Play =>
  async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(paragraphs(canvas.getByRole('alert'))).toEqual(expected);
    const checkout = canvas.getByRole('button', { name: CHECKOUT[lang] });
    await expect(checkout).toBeEnabled();
    await userEvent.click(checkout);
    await expect(args.onCheckout).toHaveBeenCalledTimes(1);
  };

const failing = (failure: CheckoutFailure, ...expected: string[]): Story => ({ args: { failure }, play: says('en', ...expected) });
const failingDe = (story: Story, ...expected: string[]) => inGerman({ args: story.args, play: says('de', ...expected) });

/** The function answered with an error: its message is shown under ours, as the server wrote it. */
export const Failed = failing(CHECKOUT_FAILURES.failed, 'Failed to create checkout session', CHECKOUT_FAILURES.failed.message);
export const FailedWithoutMessage = failing({ kind: 'failed', message: '' }, 'Failed to create checkout session');
export const NoUrl = failing(CHECKOUT_FAILURES.noUrl, 'No checkout URL received');
export const Unknown = failing(CHECKOUT_FAILURES.unknown, 'Something went wrong');
export const Network = failing(CHECKOUT_FAILURES.network, "We couldn't reach the checkout. Check your connection and try again — your cart is unchanged.");
export const SoldOut = failing(CHECKOUT_FAILURES.soldOut, 'Beast Training Shorts is sold out. Remove it from your cart to check out.');
export const OnlyOneLeft = failing(CHECKOUT_FAILURES.lastOne, 'Only 1 left of No Pain Steel Bottle 750 ml. Lower the quantity to check out.');
export const OnlyThreeLeft = failing(CHECKOUT_FAILURES.lastThree, 'Only 3 left of No Pain Steel Bottle 750 ml. Lower the quantity to check out.');
export const Unavailable = failing(CHECKOUT_FAILURES.unavailable, 'Grind Mode Oversized Tee is no longer available. Remove it from your cart to check out.');
/** The refused variant is not in the cart any more: the message names no title. */
export const UnnamedLine = failing(CHECKOUT_FAILURES.unnamed, 'An item is sold out. Remove it from your cart to check out.');

/** The server's message is shown as it came (the function answers in English). */
export const FailedDe = failingDe(Failed, 'Der Bezahlvorgang konnte nicht gestartet werden', CHECKOUT_FAILURES.failed.message);
export const FailedWithoutMessageDe = failingDe(FailedWithoutMessage, 'Der Bezahlvorgang konnte nicht gestartet werden');
export const NoUrlDe = failingDe(NoUrl, 'Keine Bezahlseite erhalten');
/**
 * "Something went wrong" is also the shop's and the shell's message: one id for all catalogues, so
 * the German wording is whichever loaded last ("Etwas ist …" or the shop's "Da ist etwas …").
 */
export const UnknownDe = inGerman({
  args: Unknown.args,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(paragraphs(canvas.getByRole('alert'))).toEqual([expect.stringMatching(/^(Etwas ist|Da ist etwas) schiefgelaufen$/)]);
    await expect(canvas.getByRole('button', { name: 'Zur Kasse' })).toBeEnabled();
  },
} satisfies Story);
export const NetworkDe = failingDe(Network, 'Wir konnten die Kasse nicht erreichen. Prüfe Deine Verbindung und versuch es noch einmal – Dein Warenkorb bleibt unverändert.');
export const SoldOutDe = failingDe(SoldOut, 'Beast Training Shorts ist ausverkauft. Entferne den Artikel aus Deinem Warenkorb, um zur Kasse zu gehen.');
export const OnlyOneLeftDe = failingDe(OnlyOneLeft, 'Von No Pain Steel Bottle 750 ml ist nur noch 1 Stück da. Verringere die Menge, um zur Kasse zu gehen.');
export const OnlyThreeLeftDe = failingDe(OnlyThreeLeft, 'Von No Pain Steel Bottle 750 ml sind nur noch 3 Stück da. Verringere die Menge, um zur Kasse zu gehen.');
export const UnavailableDe = failingDe(Unavailable, 'Grind Mode Oversized Tee ist nicht mehr erhältlich. Entferne den Artikel aus Deinem Warenkorb, um zur Kasse zu gehen.');
export const UnnamedLineDe = failingDe(UnnamedLine, 'Ein Artikel ist ausverkauft. Entferne den Artikel aus Deinem Warenkorb, um zur Kasse zu gehen.');
