import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { type ReactNode, useId } from 'react';
import { type AuditEntry, auditHref, DEFAULT_AUDIT_QUERY } from '../../../../domain/auditTrail';
import type { AuditTrailStatus } from '../../../../machines/auditTrailMachine';
import { css } from '../../../../styled-system/css';
import { ButtonLink } from '../../../ui/ButtonLink';
import { Spinner } from '../../../ui/Spinner';
import { muted } from '../shared/adminTable';
import { LoadFailed } from '../shared/LoadFailed';
import { AuditEntries } from './AuditEntries';

export type AuditHistoryViewProps = {
  status: AuditTrailStatus;
  /** The product's or order's id: the link to all its entries in /admin/audit. */
  subjectId: string;
  /** Its latest entries, newest first. */
  entries: AuditEntry[];
  /** All its entries. */
  total: number;
  onRetry: () => void;
};

/** A product's or order's "History": its latest recorded changes (who, when, before → after), and a link to all of them. */
export function AuditHistoryView({ status, subjectId, entries, total, onRetry }: AuditHistoryViewProps) {
  const { t } = useLingui();
  const heading = useId();
  let body: ReactNode;
  if (status === 'loading') body = <Spinner label={t`Loading history...`} />;
  else if (status === 'failed') body = <LoadFailed message={t`Failed to load the history. Please try again.`} onRetry={onRetry} />;
  else if (entries.length === 0) body = <p className={muted}>{t`No changes recorded yet.`}</p>;
  else
    body = (
      <>
        <AuditEntries entries={entries} showSubject={false} />
        {total > entries.length && <p className={muted}>{plural(total, { one: '# change in all', other: '# changes in all' })}</p>}
        <div>
          <ButtonLink href={auditHref({ ...DEFAULT_AUDIT_QUERY, id: subjectId })} variant="outline" size="sm">
            {t`All changes in the audit log`}
          </ButtonLink>
        </div>
      </>
    );
  return (
    <section aria-labelledby={heading} className={css({ display: 'grid', gap: '3', mt: '8', minW: '0' })}>
      <h2 id={heading} className={css({ fontSize: 'xl', fontWeight: 'bold' })}>
        {t`Recorded changes`}
      </h2>
      {body}
    </section>
  );
}
