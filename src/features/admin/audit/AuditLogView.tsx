import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { type FormEvent, type ReactNode, useId } from 'react';
import { Link } from 'wouter';
import { ADMIN_PAGE_SIZE } from '../../../../domain/adminLists';
import {
  AUDIT_ACTIONS,
  AUDIT_ACTOR_MAX,
  AUDIT_ENTITIES,
  type AuditEntry,
  type AuditQuery,
  auditHref,
  calendarDay,
  DEFAULT_AUDIT_QUERY,
  isAuditAction,
  isAuditEntity,
  serializeAuditQuery,
  withAuditFilters,
} from '../../../../domain/auditTrail';
import { pageCount } from '../../../../domain/paging';
import type { AuditTrailStatus } from '../../../../machines/auditTrailMachine';
import { css } from '../../../../styled-system/css';
import { Button } from '../../../ui/Button';
import { ButtonLink } from '../../../ui/ButtonLink';
import { pageHeading } from '../../../ui/Page';
import { Spinner } from '../../../ui/Spinner';
import { useDocumentTitle } from '../../../ui/useDocumentTitle';
import { muted, selectInput } from '../shared/adminTable';
import { LoadFailed } from '../shared/LoadFailed';
import { Pagination } from '../shared/Pagination';
import { AuditEntries } from './AuditEntries';
import { ACTION_LABELS, ENTITY_LABELS } from './auditLabels';

export type AuditFilters = Partial<Omit<AuditQuery, 'page'>>;

export type AuditLogViewProps = {
  status: AuditTrailStatus;
  /** The query shown (the URL's). */
  query: AuditQuery;
  /** The page's entries, newest first. */
  entries: AuditEntry[];
  /** Entries matching the filters over all pages. */
  total: number;
  /** New filters (the page goes back to 1). */
  onFiltersChange: (filters: AuditFilters) => void;
  onRetry: () => void;
};

const label = css({ fontWeight: 'semibold', fontSize: 'sm' });
const textInput = css({ w: 'full', minH: '11', px: '3', bg: 'surface.raised', color: 'fg', borderWidth: '1px', borderColor: 'border.strong', borderRadius: 'md' });
const field = css({ display: 'grid', gap: '1.5', minW: '0' });

/** /admin/audit: every recorded admin change, newest first, filtered by kind, action, admin and dates, a page at a time. */
export function AuditLogView({ status, query, entries, total, onFiltersChange, onRetry }: AuditLogViewProps) {
  const { t, i18n } = useLingui();
  const ids = { entity: useId(), action: useId(), actor: useId(), from: useId(), to: useId() };
  useDocumentTitle(t`Audit log`);
  const pages = pageCount(total, ADMIN_PAGE_SIZE);
  const filtered = serializeAuditQuery({ ...query, page: 1 }) !== '';

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim();
    const entity = text('entity');
    const action = text('action');
    onFiltersChange({
      entity: isAuditEntity(entity) ? entity : 'all',
      action: isAuditAction(action) ? action : 'all',
      actor: text('actor').slice(0, AUDIT_ACTOR_MAX),
      from: calendarDay(text('from')),
      to: calendarDay(text('to')),
    });
  };

  let body: ReactNode;
  if (status === 'loading') body = <Spinner label={t`Loading the audit log...`} />;
  else if (status === 'failed') body = <LoadFailed message={t`Failed to load the audit log. Please try again.`} onRetry={onRetry} />;
  else if (entries.length === 0 && total > 0)
    body = (
      <div className={css({ display: 'grid', gap: '3', justifyItems: 'start', py: '4' })}>
        <p>{t`There are no entries on this page.`}</p>
        <ButtonLink href={auditHref({ ...query, page: 1 })} variant="outline" size="sm">
          {t`Go to the first page`}
        </ButtonLink>
      </div>
    );
  else if (entries.length === 0) body = <p className={css({ py: '4', fontWeight: 'semibold' })}>{filtered ? t`No changes match these filters.` : t`No changes recorded yet.`}</p>;
  else
    body = (
      <>
        <p className={muted}>{plural(total, { one: '# change', other: '# changes' })}</p>
        <AuditEntries entries={entries} showSubject />
        <Pagination page={query.page} pages={pages} href={(page) => auditHref({ ...query, page })} />
      </>
    );

  const subject = entries.find((entry) => entry.subjectId === query.id)?.subjectLabel ?? null;
  return (
    <div className={css({ display: 'grid', gap: '5', minW: '0' })}>
      <h1 className={pageHeading}>{t`Audit log`}</h1>
      {query.id && (
        <p className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'baseline' })}>
          <span>{subject ? t`Changes of ${subject} only.` : t`Changes of one product or order only.`}</span>
          <Link href={auditHref(withAuditFilters(query, { id: '' }))} className={css({ color: 'accent.text', textDecoration: 'underline' })}>
            {t`Show all changes`}
          </Link>
        </p>
      )}
      <form
        key={serializeAuditQuery(query)}
        onSubmit={submit}
        aria-label={t`Filter the audit log`}
        className={css({
          display: 'grid',
          gap: '3',
          gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(5, minmax(0, 1fr)) auto' },
          alignItems: 'end',
        })}
      >
        <div className={field}>
          <label htmlFor={ids.entity} className={label}>{t`Kind`}</label>
          <select id={ids.entity} name="entity" className={selectInput} defaultValue={query.entity}>
            <option value="all">{t`All`}</option>
            {AUDIT_ENTITIES.map((value) => (
              <option key={value} value={value}>
                {i18n._(ENTITY_LABELS[value])}
              </option>
            ))}
          </select>
        </div>
        <div className={field}>
          <label htmlFor={ids.action} className={label}>{t`Action`}</label>
          <select id={ids.action} name="action" className={selectInput} defaultValue={query.action}>
            <option value="all">{t`All`}</option>
            {AUDIT_ACTIONS.map((value) => (
              <option key={value} value={value}>
                {i18n._(ACTION_LABELS[value])}
              </option>
            ))}
          </select>
        </div>
        <div className={field}>
          <label htmlFor={ids.actor} className={label}>{t`Admin e-mail`}</label>
          <input id={ids.actor} name="actor" type="email" className={textInput} defaultValue={query.actor} maxLength={AUDIT_ACTOR_MAX} autoComplete="off" />
        </div>
        <div className={field}>
          <label htmlFor={ids.from} className={label}>{t`From`}</label>
          <input id={ids.from} name="from" type="date" className={textInput} defaultValue={query.from} />
        </div>
        <div className={field}>
          <label htmlFor={ids.to} className={label}>{t`To`}</label>
          <input id={ids.to} name="to" type="date" className={textInput} defaultValue={query.to} />
        </div>
        <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
          <Button type="submit">{t`Apply filters`}</Button>
          {filtered && (
            <ButtonLink href={auditHref(DEFAULT_AUDIT_QUERY)} variant="outline">
              {t`Clear`}
            </ButtonLink>
          )}
        </div>
      </form>
      {body}
    </div>
  );
}
