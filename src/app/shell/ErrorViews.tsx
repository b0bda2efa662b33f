import { Trans, useLingui } from '@lingui/react/macro';
import { css } from '../../../styled-system/css';
import { Button } from '../../ui/Button';
import { ButtonLink } from '../../ui/ButtonLink';
import { pageHeading } from '../../ui/Page';
import { useDocumentTitle } from '../../ui/useDocumentTitle';

const panel = css({ mx: 'auto', maxW: '2xl', px: '4', py: { base: '16', md: '24' }, textAlign: 'center', display: 'grid', gap: '4', justifyItems: 'center' });

/** SPEC §2: the app-level crash boundary. */
export function CrashView({ onGoHome }: { onGoHome: () => void }) {
  const { t } = useLingui();
  useDocumentTitle(t`Something went wrong`);
  return (
    <div role="alert" className={panel}>
      <h1 className={pageHeading}>{t`Something went wrong`}</h1>
      <p className={css({ color: 'fg.muted' })}>{t`Please try again. If this keeps happening, refresh the page.`}</p>
      <Button onClick={onGoHome}>{t`Go home`}</Button>
    </div>
  );
}

/** SPEC §2: a route that failed to load or render. */
export function RouteErrorView({ detail, onRetry }: { detail: string; onRetry: () => void }) {
  const { t } = useLingui();
  useDocumentTitle(t`Couldn't load this page`);
  return (
    <div role="alert" className={panel}>
      <h1 className={pageHeading}>{t`Couldn't load this page`}</h1>
      <p className={css({ color: 'fg.muted', wordBreak: 'break-word' })}>{detail}</p>
      <Button onClick={onRetry}>{t`Try again`}</Button>
    </div>
  );
}

/** SPEC §2: any unknown path. */
export function NotFoundView() {
  const { t } = useLingui();
  useDocumentTitle(t`Page not found`);
  return (
    <div className={panel}>
      <p aria-hidden="true" className={css({ textStyle: 'heading', fontSize: { base: '6xl', md: '8xl' }, color: 'accent.text', lineHeight: '1' })}>
        404
      </p>
      <h1 className={pageHeading}>
        <Trans>Oops! Page not found</Trans>
      </h1>
      <p className={css({ color: 'fg.muted' })}>{t`The page you're looking for doesn't exist or has moved.`}</p>
      <ButtonLink href="/">{t`Return to Home`}</ButtonLink>
    </div>
  );
}
