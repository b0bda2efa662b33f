import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { Toast } from '../../machines/toastMachine';
import { toastMachine } from '../../machines/toastMachine';
import ToasterContainer from '../../src/features/toasts/ToasterContainer';
import { SWIPE_THRESHOLD, ToasterView } from '../../src/features/toasts/ToasterView';
import { type AppServices, ServicesProvider } from '../../src/services/context';
import { render } from './support';

const toast = (over: Partial<Toast> = {}): Toast => ({
  id: 't1',
  title: 'Added to cart',
  description: '1 x Grind Tee added to your cart.',
  variant: 'default',
  duration: 5000,
  open: true,
  ...over,
});

function swipe(element: HTMLElement, distance: number) {
  fireEvent.pointerDown(element, { clientX: 100, pointerId: 1, button: 0 });
  fireEvent.pointerMove(element, { clientX: 100 + distance, pointerId: 1 });
  fireEvent.pointerUp(element, { clientX: 100 + distance, pointerId: 1 });
}

describe('ToasterView', () => {
  it('shows title and description in a labelled region; Close dismisses', async () => {
    const onDismiss = vi.fn();
    render(<ToasterView toasts={[toast()]} onDismiss={onDismiss} />);
    const region = screen.getByRole('region', { name: 'Notifications (F8)' });
    const status = within(region).getByRole('status');
    expect(within(status).getByText('Added to cart')).toBeTruthy();
    expect(within(status).getByText('1 x Grind Tee added to your cart.')).toBeTruthy();
    await userEvent.click(within(status).getByRole('button', { name: 'Close' }));
    expect(onDismiss).toHaveBeenCalledExactlyOnceWith('t1');
  });

  it('announces destructive toasts as alerts and hides closed ones', () => {
    render(<ToasterView toasts={[toast({ id: 'e', variant: 'destructive', title: 'Error' }), toast({ id: 'gone', title: 'Old', open: false })]} onDismiss={vi.fn()} />);
    expect(screen.getByRole('alert').textContent).toContain('Error');
    expect(screen.queryByText('Old')).toBeNull();
  });

  it(`a swipe right of ${SWIPE_THRESHOLD} px dismisses; a shorter one snaps back`, () => {
    const onDismiss = vi.fn();
    render(<ToasterView toasts={[toast()]} onDismiss={onDismiss} />);
    const item = screen.getByRole('status');
    swipe(item, SWIPE_THRESHOLD - 1);
    expect(onDismiss).not.toHaveBeenCalled();
    expect(item.style.transform).toBe('');
    fireEvent.pointerDown(item, { clientX: 10, pointerId: 2, button: 0 });
    fireEvent.pointerMove(item, { clientX: 40, pointerId: 2 });
    expect(item.style.transform).toBe('translateX(30px)');
    fireEvent.pointerUp(item, { clientX: 40, pointerId: 2 });
    // A swipe to the left never dismisses.
    swipe(item, -200);
    expect(onDismiss).not.toHaveBeenCalled();
    swipe(item, SWIPE_THRESHOLD);
    expect(onDismiss).toHaveBeenCalledExactlyOnceWith('t1');
  });
});

describe('ToasterContainer', () => {
  function mount() {
    const toasts = createActor(toastMachine).start();
    const services = { toasts } as unknown as AppServices;
    render(
      <ServicesProvider services={services}>
        <button type="button">elsewhere</button>
        <ToasterContainer />
      </ServicesProvider>,
    );
    return toasts;
  }

  it('F8 focuses the notification region from anywhere', async () => {
    const user = userEvent.setup();
    mount();
    await user.click(screen.getByRole('button', { name: 'elsewhere' }));
    await user.keyboard('{F8}');
    expect(document.activeElement).toBe(screen.getByRole('region', { name: 'Notifications (F8)' }));
  });

  it('shows what the queue holds and dismisses through it', async () => {
    const user = userEvent.setup();
    const toasts = mount();
    act(() => toasts.send({ type: 'toast.add', toast: { id: 'a', title: 'Message sent', variant: 'success' } }));
    expect(screen.getByRole('status').textContent).toContain('Message sent');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('status')).toBeNull();
    expect(toasts.getSnapshot().context.toasts).toEqual([expect.objectContaining({ id: 'a', open: false })]);
    toasts.stop();
  });
});
