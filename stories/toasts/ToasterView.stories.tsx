import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fireEvent, fn, userEvent, within } from 'storybook/test';
import { ToasterView } from '../../src/features/toasts/ToasterView';
import { toasts } from '../fixtures/cart';
import { inGerman } from '../support';

const meta: Meta<typeof ToasterView> = {
  title: 'Toasts/Toaster',
  component: ToasterView,
  args: { toasts: [toasts.en.default], onDismiss: fn() },
};
export default meta;
type Story = StoryObj<typeof ToasterView>;

const region = (canvasElement: HTMLElement, name = 'Notifications (F8)') => within(canvasElement).getByRole('region', { name });

export const Nothing: Story = {
  args: { toasts: [] },
  play: async ({ canvasElement }) => {
    await expect(within(region(canvasElement)).queryByRole('status')).toBeNull();
  },
};

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const toast = within(region(canvasElement)).getByRole('status');
    await expect(within(toast).getByText('Added to cart')).toBeVisible();
    await expect(within(toast).getByText('1 x Grind Mode Oversized Tee added to your cart.')).toBeVisible();
    await userEvent.click(within(toast).getByRole('button', { name: 'Close' }));
    await expect(args.onDismiss).toHaveBeenCalledWith('toast-1');
  },
};

export const Success: Story = {
  args: { toasts: [toasts.en.success] },
  play: async ({ canvasElement }) => {
    await expect(within(region(canvasElement)).getByRole('status')).toHaveTextContent('Your subscription starts only when you click it.');
  },
};

export const Info: Story = {
  args: { toasts: [toasts.en.info] },
  play: async ({ canvasElement }) => {
    await expect(within(region(canvasElement)).getByRole('status')).toHaveTextContent('Please wait a little');
  },
};

export const Destructive: Story = {
  args: { toasts: [toasts.en.destructive] },
  play: async ({ canvasElement }) => {
    await expect(within(region(canvasElement)).getByRole('alert')).toHaveTextContent('Something went wrong. Please try again.');
  },
};

export const TitleOnly: Story = { args: { toasts: [toasts.en.titleOnly] } };

/** A short drag snaps back; a drag of 50 px or more to the right dismisses. */
export const Swipe: Story = {
  play: async ({ canvasElement, args }) => {
    const toast = within(region(canvasElement)).getByRole('status');
    const { left, top } = toast.getBoundingClientRect();
    const drag = async (dx: number) => {
      await fireEvent.pointerDown(toast, { clientX: left + 10, clientY: top + 10, pointerId: 1, button: 0 });
      await fireEvent.pointerMove(toast, { clientX: left + 10 + dx, clientY: top + 10, pointerId: 1 });
      await fireEvent.pointerUp(toast, { clientX: left + 10 + dx, clientY: top + 10, pointerId: 1 });
    };
    await drag(30);
    await expect(args.onDismiss).not.toHaveBeenCalled();
    await drag(60);
    await expect(args.onDismiss).toHaveBeenCalledWith('toast-1');
  },
};

const germanPlay: Story['play'] = async ({ canvasElement, args }) => {
  const area = within(region(canvasElement, 'Benachrichtigungen (F8)'));
  if (args.toasts.length === 0) return;
  await expect(area.getByRole('button', { name: 'Schließen' })).toBeVisible();
  await expect(area.getByText(args.toasts[0].title)).toBeVisible();
};

export const NothingDe = inGerman({ args: { toasts: [] }, play: germanPlay });
export const DefaultDe = inGerman({ args: { toasts: [toasts.de.default] }, play: germanPlay });
export const SuccessDe = inGerman({ args: { toasts: [toasts.de.success] }, play: germanPlay });
export const InfoDe = inGerman({ args: { toasts: [toasts.de.info] }, play: germanPlay });
export const DestructiveDe = inGerman({ args: { toasts: [toasts.de.destructive] }, play: germanPlay });
export const TitleOnlyDe = inGerman({ args: { toasts: [toasts.de.titleOnly] }, play: germanPlay });
