import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { css, cx } from '../../../styled-system/css';
import { ButtonLink } from '../../ui/ButtonLink';
import { useDocumentTitle } from '../../ui/useDocumentTitle';

export type HomeViewProps = {
  /** The featured products block (filled by the catalogue); nothing is rendered without it. */
  featured?: ReactNode;
};

const STATS = [
  { value: msg`Hardcore`, label: msg`Community` },
  { value: msg`24/7`, label: msg`Grind Mindset` },
  { value: msg`100%`, label: msg`Authentic` },
  { value: msg`Infinite`, label: msg`Potential` },
];

const STORY_BLOCKS = [
  {
    title: msg`Authentic Community`,
    text: msg`Born from real training videos and real people. Every design is shaped by the lifters who wear it.`,
  },
  {
    title: msg`Premium Materials`,
    text: msg`Heavyweight cotton and breathable performance fabrics that hold their shape set after set.`,
  },
  {
    title: msg`Exclusive Drops`,
    text: msg`Small runs released roughly once a month. When a drop is gone, it's gone.`,
  },
];

const BADGES = [msg`Founded on TikTok`, msg`Premium Quality`, msg`Limited Drops`, msg`Worldwide Shipping`];

const container = css({ mx: 'auto', maxW: '6xl', px: { base: '4', md: '8' } });
const sectionHeading = css({ textStyle: 'heading', fontSize: { base: '3xl', md: '5xl' }, lineHeight: '1.1' });

/** / : hero, stats and the brand story (CSS only, no images: it is the first page load). */
export function HomeView({ featured }: HomeViewProps) {
  const { i18n } = useLingui();
  useDocumentTitle();
  return (
    <>
      <section
        aria-labelledby="home-hero"
        className={css({
          borderBottomWidth: '1px',
          borderColor: 'border',
          bgGradient: 'to-b',
          gradientFrom: 'surface',
          gradientTo: 'bg',
          py: { base: '16', md: '28' },
        })}
      >
        <div className={container}>
          <p className={css({ color: 'accent.text', fontWeight: 'bold', textTransform: 'uppercase', letterSpacing: 'widest', fontSize: 'sm' })}>
            <Trans>Premium gym & performance wear</Trans>
          </p>
          <h1 id="home-hero" className={css({ textStyle: 'heading', fontSize: { base: '5xl', md: '7xl' }, lineHeight: '1', mt: '3', maxW: '4xl' })}>
            <Trans>No Pain, No Gain</Trans>
          </h1>
          <p className={css({ mt: '5', fontSize: { base: 'lg', md: 'xl' }, color: 'fg.muted', maxW: '2xl' })}>
            <Trans>Gear built for the grind. Designed with a community that shows up every day, on the hardest days too.</Trans>
          </p>
          <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', mt: '8' })}>
            <ButtonLink href="/shop" variant="solid" size="lg">
              <Trans>Shop Now</Trans>
            </ButtonLink>
            <ButtonLink href="/about" variant="outline" size="lg">
              <Trans>Our Story</Trans>
            </ButtonLink>
          </div>
        </div>
      </section>

      <section aria-label={i18n._(msg`What we stand for`)} className={css({ py: { base: '10', md: '14' } })}>
        <ul className={cx(container, css({ display: 'grid', gap: '4', gridTemplateColumns: { base: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' } }))}>
          {STATS.map((stat) => (
            <li
              key={stat.label.id}
              className={css({ bg: 'surface', borderWidth: '1px', borderColor: 'border', borderRadius: 'lg', p: { base: '3', sm: '5' }, textAlign: 'center' })}
            >
              <span
                className={css({
                  display: 'block',
                  textStyle: 'heading',
                  fontSize: { base: 'lg', sm: '2xl' },
                  color: 'accent.text',
                  overflowWrap: 'anywhere',
                  '@media (max-width: 359.98px)': { fontSize: 'md' },
                })}
              >
                {i18n._(stat.value)}
              </span>
              <span className={css({ display: 'block', mt: '1', color: 'fg.muted', fontWeight: 'semibold' })}> {i18n._(stat.label)}</span>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="home-story" className={css({ py: { base: '10', md: '16' } })}>
        <div className={container}>
          <h2 id="home-story" className={sectionHeading}>
            <Trans>From TikTok to Empire</Trans>
          </h2>
          <p className={css({ mt: '4', color: 'fg.muted', fontSize: 'lg', maxW: '3xl' })}>
            <Trans>
              What started as raw training clips on TikTok became a movement. The community asked for the shirts from the videos, and a motto turned into a brand for everyone who
              earns their results.
            </Trans>
          </p>
          <div className={css({ display: 'grid', gap: '4', mt: '8', gridTemplateColumns: { base: '1fr', md: 'repeat(3, 1fr)' } })}>
            {STORY_BLOCKS.map((block) => (
              <article key={block.title.id} className={css({ bg: 'surface', borderWidth: '1px', borderColor: 'border', borderRadius: 'lg', p: '6' })}>
                <h3 className={css({ fontWeight: 'bold', fontSize: 'xl', textTransform: 'uppercase' })}>{i18n._(block.title)}</h3>
                <p className={css({ mt: '2', color: 'fg.muted' })}>{i18n._(block.text)}</p>
              </article>
            ))}
          </div>
          <ul aria-label={i18n._(msg`Why No Pain, No Gain`)} className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', mt: '6' })}>
            {BADGES.map((badge) => (
              <li
                key={badge.id}
                className={css({
                  px: '3',
                  py: '1',
                  borderRadius: 'full',
                  borderWidth: '1px',
                  borderColor: 'accent',
                  color: 'accent.text',
                  fontSize: 'sm',
                  fontWeight: 'bold',
                  textTransform: 'uppercase',
                })}
              >
                {i18n._(badge)}
              </li>
            ))}
          </ul>
        </div>
      </section>

      {featured}
    </>
  );
}
