import { Suspense, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import type { AdminScreen } from '../features/admin/AdminRoute';
import { IMAGE_DISPLAYS, type ImageDisplay, responsiveImage } from '../ui/images';
import { Spinner } from '../ui/Spinner';
import { type Media, primaryImage } from '../../domain/catalogue';
import { prefetchProduct, prefetchShopPage } from '../api/products';
import { parseShopQuery } from '../features/shop/url';
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
const Admin = lazyFeature<AdminScreen>('admin', () => import('../features/admin/AdminRoute'));
export const NewsletterSignup = lazyFeature<{ source: 'footer' | 'account' }>('newsletter', () => import('../features/newsletter/NewsletterSignup'));
const NewsletterLink = lazyFeature<{ action: 'confirm' | 'unsubscribe' }>('newsletterLink', () => import('../features/newsletterLink/NewsletterLinkRoute'));

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
    data: (_, search, locale) => preloadFirstImage(prefetchShopPage(parseShopQuery(search), locale).then((page) => page.products[0]?.media ?? []), IMAGE_DISPLAYS.shopCard),
  },
  {
    pattern: /^\/shop\/([^/]+)\/?$/,
    screen: Product,
    data: ([, slug]) => preloadFirstImage(prefetchProduct(slug).then((product) => product.media), IMAGE_DISPLAYS.galleryMain),
  },
  { pattern: /^\/collections\/?$/, screen: Collections },
  { pattern: /^\/cart\/?$/, screen: Cart },
  // Where the payment page sends the shopper back to (a full page load).
  { pattern: /^\/orders\/?$/, screen: Orders },
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

/** SPEC §2 route table. */
export function AppRoutes() {
  return (
    <Screen>
      <Switch>
        <Route path="/">
          <Home />
        </Route>
        <Route path="/shop">
          <Shop />
        </Route>
        <Route path="/shop/:slug">{({ slug }) => <Product key={slug} slug={slug} />}</Route>
        <Route path="/cart">
          <Cart />
        </Route>
        <Route path="/auth">
          <Auth />
        </Route>
        <Route path="/account">
          <Account newsletter={<NewsletterSignup source="account" />} />
        </Route>
        <Route path="/orders">
          <Orders />
        </Route>
        <Route path="/orders/:orderNumber">{({ orderNumber }) => <OrderDetail key={orderNumber} orderNumber={orderNumber} />}</Route>
        <Route path="/collections">
          <Collections />
        </Route>
        <Route path="/about">
          <About />
        </Route>
        <Route path="/contact">
          <Contact />
        </Route>
        <Route path="/support/size-guide">
          <SizeGuide />
        </Route>
        <Route path="/support/shipping">
          <Shipping />
        </Route>
        <Route path="/support/returns">
          <Returns />
        </Route>
        <Route path="/support/faq">
          <Faq />
        </Route>
        <Route path="/privacy">
          <Privacy />
        </Route>
        <Route path="/terms">
          <Terms />
        </Route>
        <Route path="/withdrawal">
          <WithdrawalInformation />
        </Route>
        <Route path="/withdraw">
          <Withdraw />
        </Route>
        <Route path="/newsletter/confirm">
          <NewsletterLink action="confirm" />
        </Route>
        <Route path="/newsletter/unsubscribe">
          <NewsletterLink action="unsubscribe" />
        </Route>
        <Route path="/impressum">
          <Impressum />
        </Route>
        <Route path="/admin">
          <Redirect to="/admin/products" replace />
        </Route>
        <Route path="/admin/products">
          <Admin page="products" />
        </Route>
        <Route path="/admin/products/new">
          <Admin page="newProduct" />
        </Route>
        <Route path="/admin/products/:productId/edit">{({ productId }) => <Admin page="editProduct" productId={productId} />}</Route>
        <Route path="/admin/reviews">
          <Admin page="reviews" />
        </Route>
        <Route path="/admin/orders">
          <Admin page="orders" />
        </Route>
        <Route path="/admin/orders/:orderNumber">{({ orderNumber }) => <Admin page="order" orderNumber={orderNumber} />}</Route>
        <Route path="/admin/withdrawals">
          <Admin page="withdrawals" />
        </Route>
        <Route>
          <NotFoundView />
        </Route>
      </Switch>
    </Screen>
  );
}
