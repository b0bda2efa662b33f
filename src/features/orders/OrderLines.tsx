import { Trans, useLingui } from '@lingui/react/macro';
import { lineTitle, type OrderLine } from '../../../domain/orders';
import { css, cx } from '../../../styled-system/css';
import { IMAGE_DISPLAYS, responsiveImage } from '../../ui/images';
import { VariantDetails } from '../../ui/VariantDetails';
import { Price } from '../../ui/Price';

export type OrderLinesProps = {
  lines: OrderLine[];
  /** The order's currency (the lines' amounts are cents of it). */
  currency: string;
};

const imageBox = css({ w: { base: '16', md: '20' }, h: { base: '16', md: '20' }, borderRadius: 'md', flexShrink: 0 });

/** What was ordered: picture, title (German on German pages where the product has one), size and colour, quantity × unit price, and the line's total. */
export function OrderLines({ lines, currency }: OrderLinesProps) {
  const { t, i18n } = useLingui();
  return (
    <ul aria-label={t`Items in this order`} className={css({ listStyle: 'none', borderTopWidth: '1px', borderColor: 'border' })}>
      {lines.map((line, index) => {
        const { image, size, color, qty, unitPrice, lineTotal } = line;
        const title = lineTitle(line, i18n.locale);
        return (
          // Lines have no id of their own; an order's lines never change order.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <li key={index} className={css({ display: 'flex', gap: '4', py: '4', borderBottomWidth: '1px', borderColor: 'border' })}>
            {image ? (
              <img
                {...responsiveImage(image, IMAGE_DISPLAYS.orderLine)}
                alt=""
                loading="lazy"
                decoding="async"
                className={cx(imageBox, css({ objectFit: 'cover', bg: 'surface' }))}
              />
            ) : (
              <div aria-hidden="true" className={cx(imageBox, css({ bg: 'surface.raised' }))} />
            )}
            <div className={css({ flex: '1', minW: 0, display: 'grid', gap: '1', alignContent: 'start' })}>
              <div className={css({ display: 'flex', justifyContent: 'space-between', gap: '3', alignItems: 'baseline' })}>
                <p className={css({ fontWeight: 'bold', overflowWrap: 'anywhere' })}>{title}</p>
                <Price cents={lineTotal} currency={currency} className={css({ fontWeight: 'bold', whiteSpace: 'nowrap' })} />
              </div>
              <VariantDetails size={size} color={color} />
              <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
                <Trans>
                  Qty {qty} × <Price cents={unitPrice} currency={currency} />
                </Trans>
              </p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
