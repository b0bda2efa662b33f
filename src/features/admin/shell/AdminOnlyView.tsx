import { useLingui } from '@lingui/react/macro';
import { css } from '../../../../styled-system/css';
import { ButtonLink } from '../../../ui/ButtonLink';
import { pageHeading } from '../../../ui/Page';
import { useDocumentTitle } from '../../../ui/useDocumentTitle';

export type AdminOnlyViewProps = {
  /** Signed out: offer the sign-in that comes back here; signed in (as a customer): no way in. */
  signedIn: boolean;
  /** Where to come back to after signing in (this admin URL). */
  next: string;
};

/** SPEC §2: what anyone but an admin sees at every /admin URL. */
export function AdminOnlyView({ signedIn, next }: AdminOnlyViewProps) {
  const { t } = useLingui();
  useDocumentTitle(t`Admin Only`);
  return (
    <div className={css({ mx: 'auto', px: { base: '4', md: '8' }, py: { base: '12', md: '20' }, maxW: '2xl', textAlign: 'center' })}>
      <h1 className={pageHeading}>{t`Admin Only`}</h1>
      <p className={css({ mt: '4', color: 'fg.muted', fontSize: 'lg' })}>{t`Sign in with an admin email to manage products.`}</p>
      <div className={css({ mt: '8', display: 'flex', gap: '3', justifyContent: 'center', flexWrap: 'wrap' })}>
        {!signedIn && <ButtonLink href={`/auth?next=${encodeURIComponent(next)}`}>{t`Sign In`}</ButtonLink>}
        <ButtonLink href="/shop" variant="outline">
          {t`View Shop`}
        </ButtonLink>
      </div>
    </div>
  );
}
