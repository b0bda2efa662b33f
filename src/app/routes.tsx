import { useLingui } from '@lingui/react/macro';
import { type ReactNode, Suspense } from 'react';
import { type DefaultParams, Route, type StringRouteParams, Switch, useLocation } from 'wouter';
import { type Media, primaryImage } from '../../domain/catalogue';
import { prefetchProduct, prefetchShopPage } from '../api/products';
import { ADMIN_AREA, ADMIN_PATHS } from '../features/admin/adminPaths';
import { parseShopQuery } from '../features/shop/url';
import { IMAGE_DISPLAYS, type ImageDisplay, responsiveImage } from '../ui/images';
import { Spinner } from '../ui/Spinner';
import { ScreenCommitted } from './hydration';
import { lazyFeature } from './lazyFeature';
import { RouteErrorBoundary } from './shell/ErrorBoundaries';
import { NotFoundView } from './shell/ErrorViews';

const Home = lazyFeature('home', () => import('../features/home/HomeRoute'));
const Shop = lazyFeature('shop', () => import('../features/shop/ShopRoute'));
const Product = lazyFeature<{ slug: string }>('product', () => import('../features/product/ProductRoute'));
const Auth = lazyFeature('auth', () => import('../features/auth/AuthRoute'));
const Account = lazyFeature('account', () => import('../features/account/AccountRoute'));
const Cart = lazyFeature('checkout', () => import('../features/checkout/CartRoute'));
const Orders = lazyFeature('orders', () => import('../features/orders/OrdersRoute'));
const OrderDetail = lazyFeature<{ orderNumber: string }>('orders', () => import('../features/orders/OrderDetailRoute'));
const Contact = lazyFeature('contact', () => import('../features/contact/ContactRoute'));
/** The search page: the header's Search before the app runs (docs/adr/0035). */
const Search = lazyFeature('search', () => import('../features/search/SearchRoute'));
const Collections = lazyFeature('collections', () => import('../features/collections/CollectionsRoute'));
const About = lazyFeature('content', () => import('../features/content/AboutRoute'));
const SizeGuide = lazyFeature('content', () => import('../features/content/SizeGuideRoute'));
const Shipping = lazyFeature('content', () => import('../features/content/ShippingRoute'));
const Returns = lazyFeature('content', () => import('../features/content/ReturnsRoute'));
const Faq = lazyFeature('content', () => import('../features/content/FaqRoute'));
const Privacy = lazyFeature('content', () => import('../features/content/PrivacyRoute'));
const Terms = lazyFeature('content', () => import('../features/content/TermsRoute'));
const Impressum = lazyFeature('content', () => import('../features/content/ImpressumRoute'));
const WithdrawalInformation = lazyFeature('content', () => import('../features/content/WithdrawalRoute'));
/** The withdrawal function of § 356a BGB (ADR 0025). */
const Withdraw = lazyFeature('withdrawal', () => import('../features/withdrawal/WithdrawRoute'));
/** The whole admin area: one chunk (and one catalogue) that shoppers never load. */
const Admin = lazyFeature<{ notFound: ReactNode }>('admin', () =>
  import('../features/admin/AdminRoute').then((admin) => {
    // The chunk starts its first screen's data as soon as it is here, before its texts and first render.
    if (typeof window !== 'undefined') admin.startFirstScreen(window.location.pathname, window.location.search);
    return admin;
  }),
);
export const NewsletterSignup = lazyFeature<{ source: 'footer' | 'account' }>('newsletter', () => import('../features/newsletter/NewsletterSignup'));
const NewsletterLink = lazyFeature<{ action: 'confirm' | 'unsubscribe' }>('newsletterLink', () => import('../features/newsletterLink/NewsletterLinkRoute'));
/** The links of the back-in-stock e-mails (docs/adr/0038): the e-mail links' chunk and catalogue. */
const BackInStockLink = lazyFeature<{ action: 'confirm' | 'unsubscribe' }>('newsletterLink', () => import('../features/newsletterLink/BackInStockLinkRoute'));

/**
 * The screens a visit usually starts on: their code and texts load together with the app instead
 * of after it, and the data they show first is asked for at the same time (the screen's first
 * request takes that answer: src/api/products.ts).
 */
const LANDING_PAGES: { pattern: RegExp; screen: { preload: () => void }; data?: (match: RegExpExecArray, search: string, locale: string) => void }[] = [
  { pattern: /^\/$/, screen: Home },
  {
    pattern: /^\/shop\/?$/,
    screen: Shop,
    data: (_, search, locale) =>
      preloadFirstImage(
        prefetchShopPage(parseShopQuery(search), locale).then((page) => page.products[0]?.media ?? []),
        IMAGE_DISPLAYS.shopCard,
      ),
  },
  {
    pattern: /^\/shop\/([^/]+)\/?$/,
    screen: Product,
    data: ([, slug]) =>
      preloadFirstImage(
        prefetchProduct(slug).then((product) => product.media),
        IMAGE_DISPLAYS.galleryMain,
      ),
  },
  { pattern: /^\/collections\/?$/, screen: Collections },
  { pattern: /^\/cart\/?$/, screen: Cart },
  // Where the payment page sends the shopper back to (a full page load).
  { pattern: /^\/orders\/?$/, screen: Orders },
  // The admin's day starts here: the admin chunk loads while the session is restored (docs/bench/dashboard.md).
  { pattern: ADMIN_AREA, screen: Admin },
];
/**
 * The first image of the first screen is what it is judged by (LCP): it starts loading as soon as
 * the data names it, not when the screen has rendered. With the same srcset and sizes as the
 * screen's <img> (`display`), the browser picks the same candidate, so the preload is the one used.
 */
function preloadFirstImage(media: Promise<Media[]>, display: ImageDisplay): void {
  media
    .then((items) => {
      const image = primaryImage(items);
      if (!image) return;
      const { src, srcSet, sizes } = responsiveImage(image, display);
      // No href beside a srcset: a browser without imagesrcset would fetch an image nobody uses.
      const attributes = srcSet ? { imagesrcset: srcSet, imagesizes: sizes ?? '' } : { href: src };
      const link = document.createElement('link');
      for (const [name, value] of Object.entries({ rel: 'preload', as: 'image', fetchpriority: 'high', ...attributes })) link.setAttribute(name, value);
      document.head.append(link);
    })
    .catch(() => undefined);
}

export function preloadRoute(pathname: string, search: string, locale: string, { data = true }: { data?: boolean } = {}): void {
  for (const page of LANDING_PAGES) {
    const match = page.pattern.exec(pathname);
    if (!match) continue;
    page.screen.preload();
    if (data) page.data?.(match, search, locale);
    return;
  }
}

function Loading() {
  const { t } = useLingui();
  return (
    <div style={{ maxWidth: '72rem', margin: '0 auto', padding: '2rem 1rem' }}>
      <Spinner label={t`Loading...`} />
    </div>
  );
}

function Screen({ children }: { children: ReactNode }) {
  const [path] = useLocation();
  return (
    <RouteErrorBoundary key={path}>
      <Suspense fallback={<Loading />}>
        <ScreenCommitted />
        {children}
      </Suspense>
    </RouteErrorBoundary>
  );
}

/** The admin area's one route (every path under /admin, and /admin itself): the admin chunk picks the screen. */
const ADMIN_ROUTE = '/admin/*?';

type ScreenRoute = { path: string; screen: (params: DefaultParams) => ReactNode };

/** One row of the route table; the screen gets the path's parameters by name (`/shop/:slug` → `slug`). */
const route = <P extends string>(path: P, screen: (params: StringRouteParams<P>) => ReactNode): ScreenRoute => ({
  path,
  screen: screen as (params: DefaultParams) => ReactNode,
});

/** SPEC §2 route table: the screens the app has, and so the paths the server renderer knows (isKnownPath). */
const ROUTES: ScreenRoute[] = [
  route('/', () => <Home />),
  route('/shop', () => <Shop />),
  route('/shop/:slug', ({ slug }) => <Product key={slug} slug={slug} />),
  route('/cart', () => <Cart />),
  route('/auth', () => <Auth />),
  route('/account', () => <Account newsletter={<NewsletterSignup source="account" />} />),
  route('/orders', () => <Orders />),
  route('/orders/:orderNumber', ({ orderNumber }) => <OrderDetail key={orderNumber} orderNumber={orderNumber} />),
  route('/search', () => <Search />),
  route('/collections', () => <Collections />),
  route('/about', () => <About />),
  route('/contact', () => <Contact />),
  route('/support/size-guide', () => <SizeGuide />),
  route('/support/shipping', () => <Shipping />),
  route('/support/returns', () => <Returns />),
  route('/support/faq', () => <Faq />),
  route('/privacy', () => <Privacy />),
  route('/terms', () => <Terms />),
  route('/withdrawal', () => <WithdrawalInformation />),
  route('/withdraw', () => <Withdraw />),
  route('/newsletter/confirm', () => <NewsletterLink action="confirm" />),
  route('/newsletter/unsubscribe', () => <NewsletterLink action="unsubscribe" />),
  route('/back-in-stock/confirm', () => <BackInStockLink action="confirm" />),
  route('/back-in-stock/unsubscribe', () => <BackInStockLink action="unsubscribe" />),
  route('/impressum', () => <Impressum />),
  // The admin chunk picks its screen for the path; the server knows the admin paths from ADMIN_PATHS.
  route(ADMIN_ROUTE, () => <Admin notFound={<NotFoundView />} />),
];

/**
 * A route's path as the server matches it: `/shop/:slug` → `/^\/shop\/[^/]+\/?$/`, a trailing
 * slash allowed as wouter allows it.
 */
function serverPattern(path: string): RegExp {
  const segments = path
    .split('/')
    .slice(1)
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^${segments.map((segment) => (segment ? `\\/${segment}` : '')).join('')}\\/?$`);
}

// Made on the first call: only the server renderer asks, so the browser's bundle leaves it out.
let knownPaths: RegExp[] | undefined;
/**
 * Whether the app has a screen for this path: the server renderer answers 404 for any other. The
 * admin area is no exception: an unknown path under /admin shows the 404 page, so it answers 404.
 */
export function isKnownPath(path: string): boolean {
  knownPaths ??= [...ROUTES.map((entry) => entry.path).filter((path) => path !== ADMIN_ROUTE), ...Object.values(ADMIN_PATHS)].map(serverPattern);
  return knownPaths.some((pattern) => pattern.test(path));
}

export function AppRoutes() {
  return (
    <Screen>
      <Switch>
        {ROUTES.map(({ path, screen }) => (
          // biome-ignore lint/correctness/useJsxKeyInIterable: the Switch renders one of them, never the list; without keys a screen that stays across paths (the admin area) keeps its state, as with written-out routes
          <Route path={path}>{screen}</Route>
        ))}
        <Route>
          <NotFoundView />
        </Route>
      </Switch>
    </Screen>
  );
}
