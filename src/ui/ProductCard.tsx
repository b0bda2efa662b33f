import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { Link } from 'wouter';
import { css } from '../../styled-system/css';
import { isSoldOut, localized, lowestPrice, primaryImage, type ProductSummary } from '../../domain/catalogue';
import { Button } from './Button';
import { type ImageDisplay, responsiveImage } from './images';
import { LowestPrice } from './LowestPrice';
import { Price } from './Price';
import { PriceNotice } from './PriceNotice';

export type ProductCardProps = {
  product: ProductSummary;
  /** Shows an Add to Cart button; without it the card is a link only. */
  onAdd?: () => void;
  /** Called when the shopper opens the product (analytics select_item). */
  onSelect?: () => void;
  /** The first row of a grid loads its image at once, not when scrolled near. */
  eager?: boolean;
  /** The one image most likely to be the largest thing on the first screen gets the bandwidth first. */
  priority?: boolean;
  headingLevel?: 'h2' | 'h3';
  /** The grid's column widths, so the browser fetches the image at the size the card shows (IMAGE_DISPLAYS). */
  imageDisplay: ImageDisplay;
};

const card = css({ display: 'flex', flexDirection: 'column', bg: 'surface', borderWidth: '1px', borderColor: 'border', borderRadius: 'lg', overflow: 'hidden', minW: '0' });
const imageBox = css({ position: 'relative', display: 'block', aspectRatio: '4 / 5', bg: 'surface.raised', overflow: 'hidden' });

/** One product in a grid: image, title, lowest price (and the price it replaces, with the lowest of the last 30 days), stock, add. */
export function ProductCard({ product, onAdd, onSelect, eager = false, priority = false, headingLevel = 'h3', imageDisplay }: ProductCardProps) {
  const { i18n } = useLingui();
  const { title, subtitle } = localized(product, i18n.locale);
  const image = primaryImage(product.media);
  const price = lowestPrice(product);
  const soldOut = isSoldOut(product);
  const several = new Set(product.variants.map((v) => v.price)).size > 1;
  const href = `/shop/${product.slug}`;
  const Heading = headingLevel;
  const titleId = useId();
  return (
    <article className={card}>
      <Link href={href} className={imageBox} tabIndex={-1} aria-hidden="true" onClick={onSelect}>
        {image && (
          <img
            {...responsiveImage(image, imageDisplay)}
            alt=""
            loading={eager || priority ? 'eager' : 'lazy'}
            decoding="async"
            fetchPriority={priority ? 'high' : 'auto'}
            className={css({ w: 'full', h: 'full', objectFit: 'cover' })}
          />
        )}
        {soldOut && (
          <span
            className={css({
              position: 'absolute',
              top: '2',
              left: '2',
              bg: 'bg',
              color: 'fg',
              fontSize: 'xs',
              fontWeight: 'bold',
              textTransform: 'uppercase',
              px: '2',
              py: '1',
              borderRadius: 'sm',
            })}
          >
            <Trans>Sold out</Trans>
          </span>
        )}
      </Link>
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '1', p: { base: '3', sm: '4' }, flex: '1' })}>
        <Heading id={titleId} className={css({ fontWeight: 'bold', fontSize: 'md', lineHeight: '1.3' })}>
          <Link
            href={href}
            onClick={onSelect}
            className={css({ _hover: { color: 'accent.text' }, _focusVisible: { outline: '3px solid token(colors.focus)', outlineOffset: '2px' } })}
          >
            {title}
          </Link>
        </Heading>
        {subtitle && <p className={css({ color: 'fg.muted', fontSize: 'sm', lineClamp: '2' })}>{subtitle}</p>}
        {price && (
          <p className={css({ display: 'flex', gap: '2', alignItems: 'baseline', mt: 'auto', pt: '2' })}>
            {several && (
              <span className={css({ color: 'fg.muted', fontSize: 'sm' })}>
                <Trans>from</Trans>
              </span>
            )}
            <Price cents={price.price} currency={product.currency} className={css({ fontWeight: 'bold' })} />
            {price.compareAt !== null && (
              <s className={css({ color: 'fg.muted', fontSize: 'sm' })}>
                <span className={css({ srOnly: true })}>
                  <Trans>Was</Trans>{' '}
                </span>
                <Price cents={price.compareAt} currency={product.currency} />
              </s>
            )}
          </p>
        )}
        {price && <LowestPrice cents={price.priorLowest} currency={product.currency} />}
        {price && <PriceNotice />}
        {onAdd && (
          <Button size="sm" className={css({ mt: '3', px: { base: '2', sm: '3' }, whiteSpace: 'normal', textAlign: 'center' })} onClick={onAdd} aria-describedby={titleId}>
            <Trans>Add to Cart</Trans>
          </Button>
        )}
      </div>
    </article>
  );
}
