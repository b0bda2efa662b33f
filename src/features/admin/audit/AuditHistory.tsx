import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { DEFAULT_AUDIT_QUERY } from '../../../../domain/auditTrail';
import { auditTrailMachine, selectAuditTrailStatus } from '../../../../machines/auditTrailMachine';
import { fetchAuditLog } from '../../../api/audit';
import { AuditHistoryView } from './AuditHistoryView';

/** How many of the latest entries a History section shows (the rest are in /admin/audit). */
export const HISTORY_SIZE = 10;

const historyMachine = auditTrailMachine.provide({ actors: { fetchAuditLog: fromPromise(({ input }) => fetchAuditLog({ query: input, pageSize: HISTORY_SIZE })) } });

/**
 * The History section of a product's edit page or an order's page. Give it a `key` that changes
 * with the subject's version (its updatedAt), so a save loads the history again.
 */
export function AuditHistory({ subjectId }: { subjectId: string }) {
  const [snapshot, send] = useMachine(historyMachine, { input: { query: { ...DEFAULT_AUDIT_QUERY, id: subjectId } } });
  return (
    <AuditHistoryView
      status={selectAuditTrailStatus(snapshot)}
      subjectId={subjectId}
      entries={snapshot.context.entries}
      total={snapshot.context.total}
      onRetry={() => send({ type: 'audit.retry' })}
    />
  );
}
