import { css } from '../../styled-system/css';

const block = css({ bg: 'surface.raised', borderRadius: 'sm', animation: 'pulse 1.5s ease-in-out infinite' });

/** A card-shaped placeholder of the same size as ProductCard, so nothing moves when products arrive. */
export function ProductCardSkeleton() {
  return (
    <div aria-hidden="true" className={css({ bg: 'surface', borderWidth: '1px', borderColor: 'border', borderRadius: 'lg', overflow: 'hidden' })}>
      <div className={css({ aspectRatio: '4 / 5', bg: 'surface.raised' })} />
      <div className={css({ p: { base: '3', sm: '4' }, display: 'flex', flexDirection: 'column', gap: '2' })}>
        <div className={block} style={{ height: '1.1rem', width: '70%' }} />
        <div className={block} style={{ height: '0.9rem', width: '90%' }} />
        <div className={block} style={{ height: '1.1rem', width: '35%', marginTop: '0.5rem' }} />
        <div className={block} style={{ height: '0.75rem', width: '55%' }} />
      </div>
    </div>
  );
}
