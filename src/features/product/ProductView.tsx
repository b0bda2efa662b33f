import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { css } from '../../../styled-system/css';
import { localized, localizedDescription, type Product, type ProductSummary, shownPrice, type Variant } from '../../../domain/catalogue';
import type { RatingSummary, Review } from '../../../domain/reviews';
import type { ProductStatus, SideStatus } from '../../../machines/productMachine';
import { Button } from '../../ui/Button';
import { ButtonLink } from '../../ui/ButtonLink';
import { categoryLabel } from '../../ui/catalogueLabels';
import { LowestPrice } from '../../ui/LowestPrice';
import { pageHeading } from '../../ui/Page';
import { Price } from '../../ui/Price';
import { PriceNotice } from '../../ui/PriceNotice';
import { Gallery } from './Gallery';
import { QuantityInput } from './QuantityInput';
import { RelatedProducts } from './RelatedProducts';
import { RatingLine, ReviewsSection } from './ReviewsSection';
import { useProductHead } from './useProductHead';
import { stockLevel } from './variants';
import { VariantPicker } from './VariantPicker';
import { early } from '../../services/earlyActions';

export type ProductViewProps = {
  status: ProductStatus;
  product: Product | null;
  /** Why the product could not be loaded (status 'error'). */
  error?: string | null;
  selectedVariantId: string | null;
  qty: number;
  rating: RatingSummary | null;
  reviewsStatus: SideStatus;
  reviews: Review[];
  relatedStatus: SideStatus;
  related: ProductSummary[];
  /** The write-a-review form (its own container). */
  reviewForm?: ReactNode;
  /** "Notify me when it's back" for the sold-out variants (its own container), given the chosen variant. */
  notifyMe?: (selected: Variant | null) => ReactNode;
  onSelectVariant: (variantId: string) => void;
  onQtyChange: (qty: number) => void;
  onIncrement: () => void;
  onDecrement: () => void;
  onAddToCart: () => void;
  onBuyNow: () => void;
  onRetry: () => void;
  onRetryReviews: () => void;
  onSelectRelated: (product: ProductSummary, index: number) => void;
};

const container = css({ mx: 'auto', px: { base: '4', md: '8' }, py: { base: '6', md: '10' }, maxW: '6xl' });
const link = css({ textDecoration: 'underline', textUnderlineOffset: '3px', _hover: { color: 'accent.text' } });
const block = css({ bg: 'surface.raised', borderRadius: 'sm', animation: 'pulse 1.5s ease-in-out infinite' });
const detailTerm = css({ color: 'fg.muted', fontSize: 'sm' });

/** /shop/{slug}: gallery, price, variant picker, quantity, add/buy, details, reviews, related. */
export function ProductView(props: ProductViewProps) {
  const { status, product, error } = props;
  const { t, i18n } = useLingui();
  useProductHead(status === 'loaded' ? product : null, i18n.locale, props.rating, status === 'loading' ? t`Loading...` : t`Product Not Found`);

  if (status === 'loading' || (status === 'loaded' && !product)) return <ProductSkeleton />;
  if (status === 'notFound' || status === 'error' || !product) {
    return (
      <div className={container}>
        <h1 className={pageHeading}>
          <Trans>Product Not Found</Trans>
        </h1>
        <p role="alert" className={css({ mt: '3', color: 'fg.muted', fontSize: 'lg', maxW: '2xl' })}>
          {status === 'error' && error ? error : <Trans>The product you're looking for doesn't exist or has been removed.</Trans>}
        </p>
        <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', mt: '6' })}>
          <ButtonLink href="/shop">
            <Trans>Continue Shopping</Trans>
          </ButtonLink>
          <Button variant="outline" onClick={props.onRetry}>
            <Trans>Try Again</Trans>
          </Button>
        </div>
      </div>
    );
  }
  return <LoadedProduct {...props} product={product} />;
}

function LoadedProduct({ product, selectedVariantId, qty, rating, ...props }: ProductViewProps & { product: Product }) {
  const { t, i18n } = useLingui();
  const { title, subtitle } = localized(product, i18n.locale);
  const variant = product.variants.find((v) => v.id === selectedVariantId) ?? null;
  const stock = stockLevel(variant);
  const canBuy = stock.kind !== 'out';
  const category = categoryLabel(i18n, product.category);
  const categoryHref = `/shop?category=${encodeURIComponent(product.category)}`;
  const description = localizedDescription(product, i18n.locale).trim();
  const shown = variant ? shownPrice(variant) : null;

  return (
    <div className={container}>
      <nav aria-label={t`Breadcrumb`} className={css({ mb: '4', fontSize: 'sm', color: 'fg.muted' })}>
        <ol className={css({ display: 'flex', flexWrap: 'wrap', gap: '2' })}>
          <li>
            <Link href="/shop" className={link}>
              <Trans>Shop</Trans>
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li>
            <Link href={categoryHref} className={link}>
              {category}
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li aria-current="page" className={css({ color: 'fg', overflowWrap: 'anywhere' })}>
            {title}
          </li>
        </ol>
      </nav>

      <div className={css({ display: 'grid', gap: { base: '6', md: '10' }, gridTemplateColumns: { base: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } })}>
        <Gallery key={product.id} media={product.media} title={title} />

        <div className={css({ display: 'flex', flexDirection: 'column', gap: '5', minW: '0' })}>
          <div>
            <h1 className={css({ textStyle: 'heading', fontSize: { base: '3xl', md: '4xl' }, lineHeight: '1.1', overflowWrap: 'anywhere' })}>{title}</h1>
            {subtitle && <p className={css({ mt: '2', color: 'fg.muted', fontSize: 'lg' })}>{subtitle}</p>}
            {rating && rating.count > 0 && (
              <a href="#product-reviews" className={css({ display: 'inline-block', mt: '2', textDecoration: 'none' })}>
                <RatingLine rating={rating} />
              </a>
            )}
          </div>

          {variant && (
            <div>
              <p className={css({ display: 'flex', gap: '3', alignItems: 'baseline', fontSize: '2xl', fontWeight: 'bold' })}>
                <Price cents={variant.price} currency={product.currency} />
                {shown?.compareAt != null && (
                  <s className={css({ color: 'fg.muted', fontSize: 'lg', fontWeight: 'normal' })}>
                    <span className={css({ srOnly: true })}>
                      <Trans>Was</Trans>{' '}
                    </span>
                    <Price cents={shown.compareAt} currency={product.currency} />
                  </s>
                )}
              </p>
              <LowestPrice cents={shown?.priorLowest ?? null} currency={product.currency} className={css({ mt: '1', fontSize: 'sm' })} />
              <PriceNotice className={css({ mt: '1', fontSize: 'sm' })} />
            </div>
          )}

          <VariantPicker variants={product.variants} selected={variant} onSelect={props.onSelectVariant} />

          <p role="status" className={css({ fontWeight: 'semibold', color: stock.kind === 'in' ? 'success' : stock.kind === 'low' ? 'warning' : 'danger' })}>
            {stock.kind === 'in' && <Trans>In stock</Trans>}
            {stock.kind === 'low' && <LowStock left={stock.left} />}
            {stock.kind === 'out' && <Trans>Out of stock</Trans>}
          </p>

          <QuantityInput
            value={qty}
            max={variant?.inventory ?? 1}
            disabled={!canBuy}
            onChange={props.onQtyChange}
            onIncrement={props.onIncrement}
            onDecrement={props.onDecrement}
          />

          <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3' })}>
            <Button size="lg" disabled={!canBuy} onClick={props.onAddToCart} {...early('add-to-cart')} className={css({ flex: '1 1 12rem' })}>
              <Trans>Add to Cart</Trans>
            </Button>
            <Button size="lg" variant="outline" disabled={!canBuy} onClick={props.onBuyNow} {...early('buy-now')} className={css({ flex: '1 1 12rem' })}>
              <Trans>Buy Now</Trans>
            </Button>
          </div>

          {props.notifyMe?.(variant)}

          <dl className={css({ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '2', columnGap: '4', alignItems: 'baseline' })}>
            <dt className={detailTerm}>
              <Trans>Category</Trans>
            </dt>
            <dd>
              <Link href={categoryHref} className={link}>
                {category}
              </Link>
            </dd>
            {variant && (
              <>
                <dt className={detailTerm}>
                  <Trans context="product detail">SKU</Trans>
                </dt>
                <dd className={css({ fontFamily: 'mono', fontSize: 'sm', overflowWrap: 'anywhere' })}>{variant.sku}</dd>
              </>
            )}
            {product.tags.length > 0 && (
              <>
                <dt className={detailTerm}>
                  <Trans>Tags</Trans>
                </dt>
                <dd>
                  <ul aria-label={t`Tags`} className={css({ display: 'flex', flexWrap: 'wrap', gap: '2' })}>
                    {product.tags.map((tag) => (
                      <li key={tag}>
                        <Link
                          href={`/shop?tag=${encodeURIComponent(tag)}`}
                          className={css({
                            display: 'inline-flex',
                            alignItems: 'center',
                            minH: '8',
                            px: '3',
                            borderWidth: '1px',
                            borderColor: 'border.strong',
                            borderRadius: 'full',
                            fontSize: 'sm',
                            _hover: { borderColor: 'accent' },
                          })}
                        >
                          {tag}
                        </Link>
                      </li>
                    ))}
                  </ul>
                </dd>
              </>
            )}
          </dl>
        </div>
      </div>

      {description && (
        <section aria-labelledby="product-description" className={css({ mt: { base: '10', md: '14' }, maxW: '3xl' })}>
          <h2 id="product-description" className={css({ textStyle: 'heading', fontSize: { base: '2xl', md: '3xl' }, mb: '4' })}>
            <Trans>Description</Trans>
          </h2>
          {description.split(/\n\s*\n/).map((paragraph) => (
            <p key={paragraph} className={css({ mb: '3', whiteSpace: 'pre-line', overflowWrap: 'anywhere' })}>
              {paragraph}
            </p>
          ))}
        </section>
      )}

      <ReviewsSection reviewsStatus={props.reviewsStatus} reviews={props.reviews} rating={rating} form={props.reviewForm} onRetry={props.onRetryReviews} />
      <RelatedProducts status={props.relatedStatus} products={props.related} onSelect={props.onSelectRelated} />
    </div>
  );
}

function LowStock({ left }: { left: number }) {
  return <Trans>Only {left} left</Trans>;
}

/** The page's shape while the product loads, so nothing jumps when it arrives. */
function ProductSkeleton() {
  const { t } = useLingui();
  return (
    <div className={container}>
      <div role="status" className={css({ srOnly: true })}>
        {t`Loading product...`}
      </div>
      <div
        aria-hidden="true"
        className={css({ display: 'grid', gap: { base: '6', md: '10' }, gridTemplateColumns: { base: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' }, mt: '8' })}
      >
        <div className={css({ aspectRatio: '4 / 5', bg: 'surface.raised', borderRadius: 'lg' })} />
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
          <div className={block} style={{ height: '2.5rem', width: '80%' }} />
          <div className={block} style={{ height: '1.2rem', width: '60%' }} />
          <div className={block} style={{ height: '2rem', width: '30%' }} />
          <div className={block} style={{ height: '2.75rem', width: '100%' }} />
          <div className={block} style={{ height: '2.75rem', width: '100%' }} />
          <div className={block} style={{ height: '3rem', width: '100%' }} />
        </div>
      </div>
    </div>
  );
}
