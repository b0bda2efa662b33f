import { Trans, useLingui } from '@lingui/react/macro';
import { Fragment, type ReactNode } from 'react';
import { Link } from 'wouter';
import { type AuditEntry, fieldChanges, MONEY_FIELDS } from '../../../../domain/auditTrail';
import { css } from '../../../../styled-system/css';
import { Price } from '../../../ui/Price';
import { muted } from '../shared/adminTable';
import { DateTime } from '../shared/DateTime';
import { ACTION_LABELS, ENTITY_LABELS, fieldLabel, statusValueLabel } from './auditLabels';

export type AuditEntriesProps = {
  /** Newest first. */
  entries: AuditEntry[];
  /** Show which product or order each entry belongs to, with a link (the whole trail); not on that page's own History. */
  showSubject: boolean;
};

const LONG_TEXT = 120;
const item = css({ display: 'grid', gap: '2', py: '3', borderBottomWidth: '1px', borderColor: 'border', minW: '0' });
const badge = css({ px: '2', py: '0.5', borderRadius: 'full', bg: 'surface.raised', borderWidth: '1px', borderColor: 'border', fontSize: 'xs', fontWeight: 'semibold' });
const subjectLink = css({ color: 'accent.text', fontWeight: 'semibold', textDecoration: 'underline', textUnderlineOffset: '3px', overflowWrap: 'anywhere' });

const subjectHref = (entry: AuditEntry) =>
  entry.entity === 'order' || entry.entity === 'refund'
    ? entry.subjectLabel
      ? `/admin/orders/${encodeURIComponent(entry.subjectLabel)}`
      : null
    : `/admin/products/${encodeURIComponent(entry.subjectId)}/edit`;

/** The audit entries as a list of cards (no table: readable on a phone): when, who, what, and each changed field before → after. */
export function AuditEntries({ entries, showSubject }: AuditEntriesProps) {
  const { t, i18n } = useLingui();
  const none = <span className={muted}>{t`(empty)`}</span>;

  const value = (entry: AuditEntry, field: string, raw: unknown): ReactNode => {
    if (raw === undefined || raw === null || raw === '') return none;
    if (MONEY_FIELDS.has(field) && typeof raw === 'number') return <Price cents={raw} currency={entry.currency ?? 'EUR'} />;
    if (field === 'status' && typeof raw === 'string') return statusValueLabel(i18n, entry.entity, raw);
    if (field === 'kind' && typeof raw === 'string') return statusValueLabel(i18n, entry.entity, raw);
    if (field === 'archived_at' && typeof raw === 'string') return <DateTime iso={raw} />;
    if (typeof raw === 'boolean') return raw ? t`Yes` : t`No`;
    if (Array.isArray(raw) && raw.every((v) => typeof v === 'string')) return raw.length ? raw.join(', ') : none;
    const text = typeof raw === 'string' ? raw : typeof raw === 'number' ? new Intl.NumberFormat(i18n.locale).format(raw) : JSON.stringify(raw);
    return text.length > LONG_TEXT ? <span title={text}>{`${text.slice(0, LONG_TEXT)}…`}</span> : text;
  };

  return (
    <ol className={css({ display: 'grid', listStyle: 'none', p: '0', m: '0' })}>
      {entries.map((entry) => {
        const entity = i18n._(ENTITY_LABELS[entry.entity]);
        const action = i18n._(ACTION_LABELS[entry.action]);
        const href = showSubject ? subjectHref(entry) : null;
        const ownLabel = entry.label && entry.label !== entry.subjectLabel ? entry.label : null;
        return (
          <li key={entry.id} className={item}>
            <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: '2' })}>
              <strong>
                {action} · {entity}
                {ownLabel && ` ${ownLabel}`}
              </strong>
              {entry.context === 'import' && <span className={badge}>{t`Import`}</span>}
              {showSubject &&
                entry.subjectLabel &&
                (href ? (
                  <Link href={href} className={subjectLink}>
                    {entry.subjectLabel}
                  </Link>
                ) : (
                  <span>{entry.subjectLabel}</span>
                ))}
            </div>
            <p className={muted}>
              <DateTime iso={entry.at} /> · {entry.actorEmail ? <Trans>by {entry.actorEmail}</Trans> : t`by the system`}
            </p>
            {fieldChanges(entry).length > 0 && (
              <dl
                className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: 'minmax(8rem, max-content) 1fr' }, columnGap: '4', rowGap: '1', fontSize: 'sm', m: '0' })}
              >
                {fieldChanges(entry).map((change) => (
                  <Fragment key={change.field}>
                    <dt className={css({ fontWeight: 'semibold' })}>{fieldLabel(i18n, change.field)}</dt>
                    <dd className={css({ m: '0', overflowWrap: 'anywhere' })}>
                      {entry.action === 'update' ? (
                        <>
                          {value(entry, change.field, change.before)} <span aria-hidden="true">→</span> <span className={css({ srOnly: true })}>{t`changed to`}</span>{' '}
                          {value(entry, change.field, change.after)}
                        </>
                      ) : (
                        value(entry, change.field, entry.action === 'delete' ? change.before : change.after)
                      )}
                    </dd>
                  </Fragment>
                ))}
              </dl>
            )}
          </li>
        );
      })}
    </ol>
  );
}
