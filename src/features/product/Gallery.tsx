import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { css } from '../../../styled-system/css';
import { MAX_THUMBNAILS, type Media, orderedMedia } from '../../../domain/catalogue';
import { IMAGE_DISPLAYS, responsiveImage } from '../../ui/images';

export type GalleryProps = { media: Media[]; title: string };

const thumb = css({
  display: 'block',
  w: 'full',
  minH: '11',
  p: '0',
  borderWidth: '2px',
  borderColor: 'border',
  borderRadius: 'md',
  overflow: 'hidden',
  bg: 'surface.raised',
  cursor: 'pointer',
  '&[aria-pressed=true]': { borderColor: 'accent' },
});

/** The main image (the page's largest paint: loaded first) and up to 4 thumbnails that switch it. */
export function Gallery({ media, title }: GalleryProps) {
  const { t } = useLingui();
  const images = orderedMedia(media);
  const [shown, setShown] = useState(0);
  const main = images[Math.min(shown, images.length - 1)];
  const thumbnails = images.slice(0, MAX_THUMBNAILS);
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '3', minW: '0' })}>
      <div className={css({ aspectRatio: '4 / 5', bg: 'surface.raised', borderRadius: 'lg', overflow: 'hidden' })}>
        {main && (
          <img
            {...responsiveImage(main, IMAGE_DISPLAYS.galleryMain)}
            alt={main.alt || title}
            loading="eager"
            fetchPriority="high"
            decoding="async"
            className={css({ w: 'full', h: 'full', objectFit: 'cover' })}
          />
        )}
      </div>
      {thumbnails.length > 1 && (
        <ul aria-label={t`Product images`} className={css({ display: 'grid', gridTemplateColumns: 'repeat(4, 1fr)', gap: '2' })}>
          {thumbnails.map((image, i) => {
            const n = i + 1;
            return (
              <li key={image.url}>
                <button type="button" className={thumb} aria-pressed={i === shown} aria-label={t`Show image ${n}`} onClick={() => setShown(i)}>
                  <img
                    {...responsiveImage(image, IMAGE_DISPLAYS.galleryThumb)}
                    alt=""
                    loading="lazy"
                    decoding="async"
                    className={css({ w: 'full', aspectRatio: '4 / 5', objectFit: 'cover' })}
                  />
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
