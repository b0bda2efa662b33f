import { Trans, useLingui } from '@lingui/react/macro';
import { css, cx } from '../../styled-system/css';
import { button } from '../../styled-system/recipes';
import type { CartItem } from '../../machines/cartMachine';
import { IMAGE_DISPLAYS, responsiveImage } from './images';
import { Price } from './Price';
import { VariantDetails } from './VariantDetails';

export type CartLineItemProps = {
  item: CartItem;
  onSetQty: (id: string, qty: number) => void;
  onRemove: (id: string) => void;
  /** The drawer's narrow layout; the cart page has more room. */
  compact?: boolean;
};

const stepButton = cx(button({ variant: 'ghost', size: 'icon' }), css({ minW: '10', minH: '10', fontSize: 'lg' }));

/** One cart line: picture, title, variant, price and the quantity stepper (never below 1). */
export function CartLineItem({ item, onSetQty, onRemove, compact = false }: CartLineItemProps) {
  const { t } = useLingui();
  const { id, title, image, size, color, qty, price, currency } = item;
  const imageSize = compact ? '16' : { base: '20', md: '24' };
  return (
    <li className={css({ display: 'flex', gap: '4', py: '4', borderBottomWidth: '1px', borderColor: 'border' })}>
      {image ? (
        <img
          {...responsiveImage(image, compact ? IMAGE_DISPLAYS.cartLineCompact : IMAGE_DISPLAYS.cartLine)}
          alt=""
          loading="lazy"
          decoding="async"
          className={css({ w: imageSize, h: imageSize, objectFit: 'cover', borderRadius: 'md', bg: 'surface', flexShrink: 0 })}
        />
      ) : (
        <div aria-hidden="true" className={css({ w: imageSize, h: imageSize, borderRadius: 'md', bg: 'surface.raised', flexShrink: 0 })} />
      )}
      <div className={css({ flex: '1', minW: 0, display: 'grid', gap: '1' })}>
        <div className={css({ display: 'flex', justifyContent: 'space-between', gap: '3', alignItems: 'baseline' })}>
          <p className={css({ fontWeight: 'bold', overflowWrap: 'anywhere' })}>{title}</p>
          <Price cents={price * qty} currency={currency} className={css({ fontWeight: 'bold', whiteSpace: 'nowrap' })} />
        </div>
        <VariantDetails size={size} color={color} />
        {qty > 1 && (
          <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
            <Trans>
              <Price cents={price} currency={currency} /> each
            </Trans>
          </p>
        )}
        <div className={css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '3', mt: '1' })}>
          <fieldset
            aria-label={t`Quantity of ${title}`}
            className={css({ display: 'inline-flex', alignItems: 'center', borderWidth: '1px', borderColor: 'border.strong', borderRadius: 'md', m: 0, p: 0, minW: 0 })}
          >
            <button type="button" className={stepButton} aria-label={t`Decrease quantity of ${title}`} disabled={qty <= 1} onClick={() => onSetQty(id, qty - 1)}>
              −
            </button>
            <span aria-live="polite" className={css({ minW: '8', textAlign: 'center', fontWeight: 'bold', fontVariantNumeric: 'tabular-nums' })}>
              <span className={css({ srOnly: true })}>{t`Quantity`} </span>
              {qty}
            </span>
            <button type="button" className={stepButton} aria-label={t`Increase quantity of ${title}`} onClick={() => onSetQty(id, qty + 1)}>
              +
            </button>
          </fieldset>
          <button
            type="button"
            className={cx(button({ variant: 'ghost', size: 'sm' }), css({ color: 'fg.muted', textDecoration: 'underline', _hover: { color: 'fg' } }))}
            aria-label={t`Remove ${title}`}
            onClick={() => onRemove(id)}
          >
            {t`Remove`}
          </button>
        </div>
      </div>
    </li>
  );
}
