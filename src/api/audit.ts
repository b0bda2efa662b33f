import type { Page } from '../../domain/adminLists';
import { type AuditEntry, type AuditQuery, auditRequest, isAuditAction, isAuditEntity } from '../../domain/auditTrail';
import { supabase } from './client';
import { toApiError } from './errors';

type AuditLogAnswer = { total: number; rows: (Omit<AuditEntry, 'entity' | 'action'> & { entity: string; action: string })[] };

/**
 * A page of the audit trail, newest first, filtered in the database (public.admin_audit_log, admins
 * at aal2 only). Entries of an entity or action this client does not know are left out.
 */
export async function fetchAuditLog({ query, pageSize }: { query: AuditQuery; pageSize: number }): Promise<Page<AuditEntry>> {
  const request = auditRequest(query, pageSize);
  const { data, error } = await supabase().rpc('admin_audit_log', {
    entity: request.entity,
    entity_id: request.entityId,
    actor_email: request.actorEmail,
    action: request.action,
    since: request.since,
    until: request.until,
    page: request.page,
    page_size: request.pageSize,
  });
  if (error) throw toApiError(error);
  const answer = data as AuditLogAnswer;
  const rows = answer.rows.flatMap((row) => (isAuditEntity(row.entity) && isAuditAction(row.action) ? [{ ...row, entity: row.entity, action: row.action }] : []));
  return { rows, total: answer.total };
}
