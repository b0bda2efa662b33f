import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { CrashView, NotFoundView, RouteErrorView } from '../../src/app/shell/ErrorViews';
import { inGerman } from '../support';

const meta: Meta = { title: 'Shell/Error pages' };
export default meta;

export const NotFound: StoryObj = {
  render: () => <NotFoundView />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('Oops! Page not found');
    await expect(canvas.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
  },
};
export const NotFoundDe = inGerman({
  ...NotFound,
  play: async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    await expect(within(canvasElement).getByRole('heading', { level: 1 })).toHaveTextContent('Hoppla! Seite nicht gefunden');
  },
});

const onGoHome = fn();
export const Crash: StoryObj = {
  render: () => <CrashView onGoHome={onGoHome} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('Something went wrong');
    await expect(canvas.getByText('Please try again. If this keeps happening, refresh the page.')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Go home' }));
    await expect(onGoHome).toHaveBeenCalled();
  },
};
export const CrashDe = inGerman({ render: Crash.render });

const onRetry = fn();
export const RouteError: StoryObj = {
  render: () => <RouteErrorView detail="Failed to fetch dynamically imported module" onRetry={onRetry} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent("Couldn't load this page");
    await expect(canvas.getByText('Failed to fetch dynamically imported module')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(onRetry).toHaveBeenCalled();
  },
};
export const RouteErrorDe = inGerman({ render: RouteError.render });
