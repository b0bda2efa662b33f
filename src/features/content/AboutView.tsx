import { Trans, useLingui } from '@lingui/react/macro';
import { css } from '../../../styled-system/css';
import { ButtonLink } from '../../ui/ButtonLink';
import { Page } from '../../ui/Page';
import { Prose } from '../../ui/Prose';

/** /about: the brand story (SPEC §2 About). */
export function AboutView() {
  const { t } = useLingui();
  return (
    <Page title={t`Our Story`} lead={t`From TikTok to empire: how a handful of gym videos became a brand for people who never skip a session.`}>
      <Prose>
        <h2>
          <Trans>It started with a phone propped against a dumbbell rack</Trans>
        </h2>
        <p>
          <Trans>
            No Pain, No Gain began as a training diary on TikTok: early mornings, heavy sets, failed reps and the slow, honest progress that comes after. No filters, no shortcuts.
            People recognised themselves in it, and a community of lifters, runners and first-timers grew around those clips.
          </Trans>
        </p>
        <p>
          <Trans>
            The same question kept coming up in the comments: where can I get that shirt? The first run of oversized tees was printed for the community and sold out within days.
            That was the moment a motto became a brand.
          </Trans>
        </p>
        <h2>
          <Trans>What we stand for</Trans>
        </h2>
        <p>
          <Trans>
            "No Pain, No Gain" is not about hurting yourself. It is about showing up when it is hard, respecting the process and earning every result. Our clothes are made for
            exactly that: for the last set, not for the mirror selfie before it.
          </Trans>
        </p>
        <ul>
          <li>
            <Trans>
              <strong>Built for training.</strong> Heavyweight cotton, breathable performance fabrics and cuts that move with you under the bar and on the track.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Made with the community.</strong> Designs, colours and fits are tested and voted on by the people who wear them.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Limited drops.</strong> New products arrive roughly once a month in small runs, so what you wear stays special.
            </Trans>
          </li>
        </ul>
        <h2>
          <Trans>Where we are going</Trans>
        </h2>
        <p>
          <Trans>
            Today we ship premium gym wear, accessories and gear from Germany to customers across Europe, the UK and North America. The community still shapes everything we do, and
            the grind is the same as on day one.
          </Trans>
        </p>
      </Prose>
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', mt: '8' })}>
        <ButtonLink href="/shop" variant="solid" size="lg">
          <Trans>Shop Collection</Trans>
        </ButtonLink>
        <ButtonLink href="/collections" variant="outline" size="lg">
          <Trans>Explore Collections</Trans>
        </ButtonLink>
      </div>
    </Page>
  );
}
