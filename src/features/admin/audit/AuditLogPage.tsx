import { useMachine } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import { fromPromise } from 'xstate';
import { ADMIN_PAGE_SIZE } from '../../../../domain/adminLists';
import { auditHref, parseAuditQuery, withAuditFilters } from '../../../../domain/auditTrail';
import { auditTrailMachine, selectAuditTrailStatus } from '../../../../machines/auditTrailMachine';
import { fetchAuditLog } from '../../../api/audit';
import { AuditLogView } from './AuditLogView';

const logMachine = auditTrailMachine.provide({ actors: { fetchAuditLog: fromPromise(({ input }) => fetchAuditLog({ query: input, pageSize: ADMIN_PAGE_SIZE })) } });

/** /admin/audit: the URL holds the filters and page; the machine loads what it says. */
export function AuditLogPage() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const query = useMemo(() => parseAuditQuery(search), [search]);
  const [snapshot, send] = useMachine(logMachine, { input: { query } });
  useEffect(() => send({ type: 'audit.query', query }), [query, send]);
  return (
    <AuditLogView
      status={selectAuditTrailStatus(snapshot)}
      query={snapshot.context.query}
      entries={snapshot.context.entries}
      total={snapshot.context.total}
      onFiltersChange={(filters) => navigate(auditHref(withAuditFilters(snapshot.context.query, filters)))}
      onRetry={() => send({ type: 'audit.retry' })}
    />
  );
}
