/**
 * The first screen as HTML (docs/adr/0018-first-screen-from-the-server.md). Built by
 * `npm run build` into dist/server/ and used by the local server (server/web.ts); any host that runs
 * JavaScript at the edge can call the same `render` in front of the static build.
 *
 * The page is rendered with the same components and machines as in the browser. The machines of
 * the screens that show catalogue data are run here until their data is in; their persisted
 * snapshots go into the page, and the browser restores them when it hydrates, so it renders the
 * very same HTML and asks for nothing twice. What only the browser knows (cart, session, stored
 * choices) is rendered as "not known yet" (src/ui/useHydrated.ts).
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { type AnyActorLogic, type AnyMachineSnapshot, createActor, waitFor } from 'xstate';
import { authMachine } from '../machines/authMachine';
import { cartMachine } from '../machines/cartMachine';
import { FEATURED_HOME_LIMIT } from '../domain/catalogue';
import { detectLocale, localeMachine } from '../machines/localeMachine';
import { toastMachine } from '../machines/toastMachine';
import { App } from './app/App';
import { serializeFirstScreen, FIRST_SCREEN_ELEMENT_ID } from './app/firstScreen';
import { type FirstScreen, firstScreenKey } from './services/firstScreen';
import { screensLoading } from './app/lazyFeature';
import { isKnownPath } from './app/routes';
import { categoriesScreenMachine } from './features/collections/CollectionsRoute';
import { featuredScreenMachine } from './features/home/FeaturedContainer';
import { productScreenMachine } from './features/product/ProductRoute';
import { shopScreenMachine } from './features/shop/ShopRoute';
import { parseShopQuery, shopHref } from './features/shop/url';
import { activateAllCatalogs, i18n, type Locale } from './i18n/i18n';
import type { AppServices } from './services/context';

export type RenderRequest = {
  /** Path and query of the page, e.g. `/shop?category=tops`. */
  url: string;
  /** The browser's Accept-Language header. */
  acceptLanguage?: string;
  /** The browser's Cookie header (the language chosen on an earlier visit: `npng.lang`). */
  cookie?: string;
};

export type RenderedPage = {
  /** 404 for an unknown page or product, else 200. */
  status: number;
  locale: Locale;
  /**
   * Whether every screen's data arrived: false when a load failed or missed the deadline and the
   * page shows that screen loading (a page cache must not keep such a page).
   */
  complete: boolean;
  /** The app's markup, for `<div id="root">`. */
  html: string;
  /** The `<script type="application/json">` element the browser hydrates from. */
  state: string;
};

/** The longest a page waits for its data; after that it is sent with the screen still loading. */
const DATA_DEADLINE_MS = 1500;

let catalogues: Promise<void> | undefined;

/** Every catalogue of both languages, loaded once: a render then switches languages synchronously. */
function loadCatalogues(): Promise<void> {
  catalogues ??= (async () => {
    await activateAllCatalogs('de');
    await activateAllCatalogs('en');
  })();
  return catalogues;
}

/** `Accept-Language: de-DE,de;q=0.9,en;q=0.8` → ['de-DE', 'de', 'en'], most preferred first. */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag && entry.tag !== '*' && Number.isFinite(entry.q) && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag);
}

/**
 * The cookies a render reads (only `npng.lang`, the visitor's language). A server may hand render()
 * only these, and a page cache keys on them: no other cookie can change the HTML.
 */
export const PAGE_COOKIES: readonly string[] = ['npng.lang'];

/**
 * The language a page is rendered in: `?lang`, then the `npng.lang` cookie, then Accept-Language
 * (ADR 0018). render() decides with this very function, so a page cache keyed on it cannot disagree.
 */
export function pageLocale(request: RenderRequest): Locale {
  let param: string | null = null;
  try {
    param = new URL(request.url, 'http://localhost').searchParams.get('lang');
  } catch {
    // A malformed URL has no lang parameter.
  }
  return detectLocale({ param, stored: cookieValue(request.cookie, 'npng.lang'), browserLanguages: acceptedLanguages(request.acceptLanguage) });
}

function cookieValue(header: string | undefined, name: string): string | null {
  for (const part of header?.split(';') ?? []) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return safeDecode(rest.join('=')) || null;
  }
  return null;
}

/** The long-lived actors as a visitor's first render sees them: no cart, no session yet, nothing started. */
function serverServices(locale: Locale): AppServices {
  // Never started: their effects (storage, the country lookup, the session) belong to the browser.
  return {
    locale: createActor(localeMachine, { input: { param: locale, stored: null, browserLanguages: [], storedCountry: null } }),
    cart: createActor(cartMachine, { input: { items: [] } }),
    toasts: createActor(toastMachine),
    auth: createActor(authMachine, { input: { now: Date.now } }),
  };
}

const loadedAll = (s: AnyMachineSnapshot) => Object.keys(s.children).length === 0;

/**
 * Runs a screen's machine until its first screen is loaded (by default: until no invoked actor is
 * left), and returns its persisted snapshot — or undefined when it failed or took too long: the
 * page then shows the screen loading and the browser loads it as usual. Loads still running in the
 * snapshot (a product's reviews) run again in the browser when it restores the machine.
 */
async function settle(logic: AnyActorLogic, options: { input?: unknown; event?: { type: string }; ready?: (s: AnyMachineSnapshot) => boolean } = {}): Promise<unknown> {
  const actor = createActor(logic, { input: options.input });
  actor.start();
  if (options.event) actor.send(options.event);
  try {
    const snapshot = (await waitFor(actor, options.ready ?? loadedAll, { timeout: DATA_DEADLINE_MS })) as AnyMachineSnapshot;
    if (snapshot.value === 'error') return undefined;
    return actor.getPersistedSnapshot();
  } catch {
    return undefined;
  } finally {
    actor.stop();
  }
}

const quiet = { actions: { listViewed: () => undefined, viewItem: () => undefined, addToCart: () => undefined, goToCart: () => undefined } };

function safeDecode(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/** The data of the screen at this URL, as machine snapshots keyed like the screens ask for them. */
async function loadFirstScreen(path: string, search: string, locale: Locale): Promise<{ snapshots: Record<string, unknown>; complete: boolean }> {
  const snapshots: Record<string, unknown> = {};
  let complete = true;
  const put = (key: string, snapshot: unknown) => {
    if (snapshot !== undefined) snapshots[key] = snapshot;
    else complete = false;
  };
  if (path === '/') {
    put(firstScreenKey.featured, await settle(featuredScreenMachine.provide(quiet), { input: { limit: FEATURED_HOME_LIMIT } }));
  } else if (/^\/shop\/?$/.test(path)) {
    const query = parseShopQuery(search);
    put(
      firstScreenKey.shop(shopHref(query), locale),
      await settle(
        shopScreenMachine(() => locale),
        { event: { type: 'query.set', query } as { type: string } },
      ),
    );
  } else if (/^\/shop\/[^/]+\/?$/.test(path)) {
    const slug = safeDecode(path.split('/')[2]);
    // The product itself is the first screen; its rating, reviews and related products load in the browser.
    if (slug) put(firstScreenKey.product(slug), await settle(productScreenMachine.provide(quiet), { input: { slug }, ready: (s) => s.value !== 'loading' }));
  } else if (/^\/collections\/?$/.test(path)) {
    put(firstScreenKey.categories, await settle(categoriesScreenMachine));
  }
  return { snapshots, complete };
}

function renderApp(locale: Locale, firstScreen: FirstScreen, path: string, search: string): string {
  // Synchronous from here: no other request can switch the language in between.
  i18n.activate(locale);
  return renderToString(
    <StrictMode>
      <App services={serverServices(locale)} firstScreen={firstScreen} ssr={{ path, search }} />
    </StrictMode>,
  );
}

/** Renders the page at `request.url`; never throws for a malformed URL (it is a 404 page then). */
export async function render(request: RenderRequest): Promise<RenderedPage> {
  await loadCatalogues();
  let path = '/';
  let search = '';
  let malformed = false;
  try {
    const url = new URL(request.url, 'http://localhost');
    path = url.pathname;
    search = url.search.replace(/^\?/, '');
    if (safeDecode(path) === null) throw new URIError(path);
  } catch {
    malformed = true;
  }
  const locale = pageLocale(request);
  const known = !malformed && isKnownPath(path);
  const { snapshots, complete } = known ? await loadFirstScreen(path, search, locale) : { snapshots: {}, complete: true };
  const firstScreen: FirstScreen = { locale, snapshots };

  // A screen whose code is not in yet renders its fallback: wait for it and render again.
  let html = renderApp(locale, firstScreen, malformed ? '/404' : path, search);
  for (let attempt = 0; attempt < 3 && screensLoading.size > 0; attempt++) {
    await Promise.allSettled([...screensLoading]);
    await new Promise((resolve) => setImmediate(resolve));
    html = renderApp(locale, firstScreen, malformed ? '/404' : path, search);
  }
  const productSnapshot = Object.entries(snapshots).find(([key]) => key.startsWith('product:'))?.[1] as { value?: unknown } | undefined;
  const notFound = !known || productSnapshot?.value === 'notFound';
  return {
    status: notFound ? 404 : 200,
    locale,
    complete,
    html,
    state: `<script type="application/json" id="${FIRST_SCREEN_ELEMENT_ID}">${serializeFirstScreen(firstScreen)}</script>`,
  };
}
