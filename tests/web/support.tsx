import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render as renderRaw } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { vi } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { type AuthSession, authMachine } from '../../machines/authMachine';
import { type Locale, localeMachine } from '../../machines/localeMachine';
import { type AppServices, ServicesProvider } from '../../src/services/context';
import { CartPageView, type CartPageViewProps } from '../../src/features/checkout/CartPageView';

/** Renders inside Lingui's provider (English, from the setup file). */
export const render = (ui: ReactNode) => renderRaw(ui, { wrapper: ({ children }) => <I18nProvider i18n={i18n}>{children}</I18nProvider> });

/** The text a screen reader reads after the field's name (aria-describedby). */
export const description = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();

/** A started auth actor that finds `session` stored, with no backend behind it. */
export function fakeAuth(session: AuthSession | null) {
  return createActor(
    authMachine.provide({
      actors: { loadSession: fromPromise(async () => session), checkAdmin: fromPromise(async () => false), listen: fromCallback(() => {}) },
    }),
    { input: { now: () => 0 } },
  ).start();
}

/** A started locale actor in `locale` whose visitor was geolocated in `country` (no lookup made). */
export function fakeLocale(locale: Locale = 'en', country: string | null = null) {
  return createActor(
    localeMachine.provide({ actors: { fetchCountry: fromPromise(async (): Promise<string | null> => null) }, actions: { persistLocale: () => {}, persistCountry: () => {} } }),
    { input: { param: null, stored: locale, browserLanguages: [], storedCountry: country } },
  ).start();
}

/**
 * Renders a screen with the given services under an in-memory router at `path` (which may carry a
 * query: "/auth?tab=signup"); the returned location records every navigation.
 */
export function renderAt(ui: ReactNode, path: string, services: Partial<AppServices>) {
  const [pathname, search = ''] = path.split('?');
  const location = memoryLocation({ path: pathname, searchPath: search, record: true });
  render(
    <ServicesProvider services={services as AppServices}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        {ui}
      </Router>
    </ServicesProvider>,
  );
  return location;
}

/** The cart page view with a shopper's lines and no quote yet; overrides set the rest. Returns the props (callbacks are spies). */
export function renderCartPage(overrides: Partial<CartPageViewProps> & Pick<CartPageViewProps, 'items' | 'subtotal'>) {
  const props: CartPageViewProps = {
    currency: 'EUR',
    region: 'DE',
    quote: null,
    busy: false,
    failure: null,
    onSetQty: vi.fn(),
    onRemove: vi.fn(),
    onRegionChange: vi.fn(),
    onCheckout: vi.fn(),
    ...overrides,
  };
  render(<CartPageView {...props} />);
  return props;
}
