import { Slider } from '@ark-ui/react/slider';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useRef, useState } from 'react';
import { css, cx } from '../../../styled-system/css';
import { CATEGORIES, type Category } from '../../../domain/catalogue';
import { COLOR_OPTIONS, hasFilters, PRICE_MAX, PRICE_MIN, PRICE_STEP, SIZE_OPTIONS, type ShopQuery } from '../../../domain/shopQuery';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { categoryLabel, colorLabel } from '../../ui/catalogueLabels';
import { COLOR_SWATCHES } from './labels';
import { formatEuros } from './money';
import { otherShopParams } from './url';

export type FilterChange = Partial<Omit<ShopQuery, 'page'>>;

export type ShopFiltersProps = {
  query: ShopQuery;
  onChange: (change: FilterChange) => void;
  onClear: () => void;
};

const group = css({ borderTopWidth: '1px', borderColor: 'border', pt: '4', mt: '4', minW: '0' });
const legend = css({ fontWeight: 'bold', fontSize: 'sm', textTransform: 'uppercase', letterSpacing: 'wide', mb: '2', float: 'left', w: 'full' });
const optionRow = css({
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  minH: '11',
  px: '2',
  borderRadius: 'md',
  cursor: 'pointer',
  _hover: { bg: 'surface.raised' },
  '&:has(input:focus-visible)': { outline: '3px solid token(colors.focus)', outlineOffset: '1px' },
});
const toggle = css({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '2',
  minH: '11',
  minW: '11',
  px: '3',
  borderWidth: '1px',
  borderColor: 'border.strong',
  borderRadius: 'md',
  bg: 'surface',
  color: 'fg',
  fontSize: 'sm',
  fontWeight: 'semibold',
  cursor: 'pointer',
  _hover: { borderColor: 'accent' },
  _focusVisible: { outline: '3px solid token(colors.focus)', outlineOffset: '2px' },
  '&[aria-pressed=true]': { bg: 'accent', borderColor: 'accent', color: 'accent.fg' },
});

/** The query parameters the filter form sets itself; the others travel in hidden fields. */
const OWN_PARAMS = ['category', 'size', 'color', 'inStock', 'page'];

/** Hidden fields for a GET form (name/value pairs in order). */
export function HiddenFields({ params }: { params: [string, string][] }) {
  // A key of name and value: a tag (the one name that repeats) appears once.
  return params.map(([name, value]) => <input key={`${name}=${value}`} type="hidden" name={name} value={value} />);
}

const THUMB_SIZE = { width: 24, height: 24 };

/** The range the slider shows: no bound is the slider's end. */
const rangeOf = (query: ShopQuery): [number, number] => [query.minPrice ?? PRICE_MIN, query.maxPrice ?? PRICE_MAX];

/**
 * The shop's filters (SPEC §2 Shop): category, size, colour (each single-select), price range,
 * in stock only, Clear all. Every change goes straight to the URL through `onChange`.
 */
export function ShopFilters({ query, onChange, onClear }: ShopFiltersProps) {
  const { t, i18n } = useLingui();
  const id = useId();
  const [range, setRange] = useState(rangeOf(query));
  const latest = useRef(range);
  const [shown, setShown] = useState(rangeOf(query));
  // The URL moved (back, Clear all, a link): the slider follows it.
  const fromUrl = rangeOf(query);
  if (fromUrl[0] !== shown[0] || fromUrl[1] !== shown[1]) {
    setShown(fromUrl);
    setRange(fromUrl);
    latest.current = fromUrl;
  }
  const top = formatEuros(PRICE_MAX, i18n.locale);
  const price = (n: number) => (n >= PRICE_MAX ? t`${top}+` : formatEuros(n, i18n.locale));
  const commitRange = ([min, max]: [number, number]) => {
    const minPrice = min <= PRICE_MIN ? null : min;
    const maxPrice = max >= PRICE_MAX ? null : max;
    if (minPrice !== query.minPrice || maxPrice !== query.maxPrice) onChange({ minPrice, maxPrice });
  };

  return (
    // A GET form to the same query the app would navigate to: before the app runs, a tap on a size or
    // colour submits it and the early script sends it on a change (docs/adr/0035). Once the app runs,
    // every change navigates in place and the form is never sent.
    <form action="/shop" method="get" data-early-submit="" onSubmit={(event) => event.preventDefault()}>
      <HiddenFields params={otherShopParams(query, OWN_PARAMS)} />
      <fieldset className={css({ minW: '0' })}>
        <legend className={legend}>
          <Trans>Category</Trans>
        </legend>
        {[null, ...CATEGORIES].map((category: Category | null) => (
          <label key={category ?? 'all'} className={optionRow}>
            <input
              type="radio"
              name="category"
              value={category ?? ''}
              checked={query.category === category}
              onChange={() => onChange({ category })}
              className={css({ w: '4', h: '4', accentColor: 'accent', outline: 'none' })}
            />
            <span>{category ? categoryLabel(i18n, category) : t`All`}</span>
          </label>
        ))}
      </fieldset>

      <fieldset className={group}>
        <legend className={legend}>
          <Trans>Size</Trans>
        </legend>
        <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', clear: 'both' })}>
          {SIZE_OPTIONS.map((size) => (
            <button
              key={size}
              type="submit"
              name="size"
              value={query.size === size ? '' : size}
              className={toggle}
              aria-pressed={query.size === size}
              onClick={(event) => {
                event.preventDefault();
                onChange({ size: query.size === size ? null : size });
              }}
            >
              {size}
            </button>
          ))}
          {/* After the buttons: a tapped size's own value comes first in the sent form and wins. */}
          {query.size && <input type="hidden" name="size" value={query.size} />}
        </div>
      </fieldset>

      <fieldset className={group}>
        <legend className={legend}>
          <Trans>Colour</Trans>
        </legend>
        <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', clear: 'both' })}>
          {COLOR_OPTIONS.map((color) => (
            <button
              key={color}
              type="submit"
              name="color"
              value={query.color === color ? '' : color}
              className={toggle}
              aria-pressed={query.color === color}
              onClick={(event) => {
                event.preventDefault();
                onChange({ color: query.color === color ? null : color });
              }}
            >
              <span
                aria-hidden="true"
                className={css({ w: '4', h: '4', borderRadius: 'full', borderWidth: '1px', borderColor: 'border.strong', flexShrink: 0 })}
                style={{ background: COLOR_SWATCHES[color] }}
              />
              {colorLabel(i18n, color)}
            </button>
          ))}
          {query.color && <input type="hidden" name="color" value={query.color} />}
        </div>
      </fieldset>

      <div className={group}>
        <Slider.Root
          min={PRICE_MIN}
          max={PRICE_MAX}
          step={PRICE_STEP}
          value={range}
          onValueChange={(details) => {
            latest.current = [details.value[0], details.value[1]];
            setRange(latest.current);
          }}
          // Zag reports the end with the value it was last given; the latest one is in `latest`.
          onValueChangeEnd={() => commitRange(latest.current)}
          aria-labelledby={[`${id}-min`, `${id}-max`]}
          getAriaValueText={(details) => price(details.value)}
          thumbAlignment="contain"
          // The thumbs' size is known (w 6 = 24 px): no measuring, no hidden thumbs until it is done.
          thumbSize={THUMB_SIZE}
        >
          <div className={css({ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: '2' })}>
            <Slider.Label className={cx(legend, css({ float: 'none', w: 'auto', mb: '0' }))}>
              <Trans>Price</Trans>
            </Slider.Label>
            <p className={css({ fontSize: 'sm', color: 'fg.muted' })} data-testid="price-range">
              {price(range[0])} – {price(range[1])}
            </p>
          </div>
          <span id={`${id}-min`} className={css({ srOnly: true })}>
            {t`Minimum price`}
          </span>
          <span id={`${id}-max`} className={css({ srOnly: true })}>
            {t`Maximum price`}
          </span>
          <Slider.Control className={css({ position: 'relative', display: 'flex', alignItems: 'center', h: '11', mx: '1' })}>
            <Slider.Track className={css({ flex: '1', h: '1.5', borderRadius: 'full', bg: 'surface.raised', borderWidth: '1px', borderColor: 'border' })}>
              <Slider.Range className={css({ h: 'full', bg: 'accent', borderRadius: 'full' })} />
            </Slider.Track>
            {[0, 1].map((index) => (
              <Slider.Thumb
                key={index}
                index={index}
                className={css({
                  w: '6',
                  h: '6',
                  borderRadius: 'full',
                  bg: 'fg',
                  borderWidth: '3px',
                  borderColor: 'accent',
                  cursor: 'grab',
                  _focusVisible: { outline: '3px solid token(colors.focus)', outlineOffset: '2px' },
                })}
              >
                <Slider.HiddenInput />
              </Slider.Thumb>
            ))}
          </Slider.Control>
        </Slider.Root>
      </div>

      <div className={group}>
        <Checkbox
          label={t`In stock only`}
          name="inStock"
          value="true"
          checked={query.inStock}
          onChange={(event) => onChange({ inStock: event.currentTarget.checked })}
          className={css({ minH: '11', display: 'flex', alignItems: 'center' })}
        />
      </div>

      <div className={group}>
        <Button variant="outline" size="sm" className={css({ w: 'full', minH: '11' })} onClick={onClear} disabled={!hasFilters(query)}>
          <Trans>Clear all</Trans>
        </Button>
      </div>
    </form>
  );
}
