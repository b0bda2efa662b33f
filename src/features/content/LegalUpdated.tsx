import { Trans } from '@lingui/react/macro';
import { formatDate } from '../../i18n/format';
import { LEGAL_UPDATED } from './data';
import { useContentFormat } from './format';

/** "Last updated: …" under a legal page's heading. */
export function LegalUpdated() {
  const { locale } = useContentFormat();
  const date = formatDate(LEGAL_UPDATED, locale);
  return (
    <p>
      <em>
        <Trans>Last updated: {date}</Trans>
      </em>
    </p>
  );
}
