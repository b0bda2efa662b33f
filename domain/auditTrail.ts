/**
 * The audit trail as the admin reads it (issue 24 item 5, ADR 0039): one entry per admin write the
 * database recorded, the /admin/audit query string ⇄ AuditQuery, and what a query asks of the
 * database. Reading a query string never fails: a value that makes no sense is left out, so a
 * hand-edited or old link still opens the list.
 */

export const AUDIT_ENTITIES = ['product', 'variant', 'review', 'order', 'refund'] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];
export const AUDIT_ACTIONS = ['insert', 'update', 'delete'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const isAuditEntity = (value: string): value is AuditEntity => (AUDIT_ENTITIES as readonly string[]).includes(value);
export const isAuditAction = (value: string): value is AuditAction => (AUDIT_ACTIONS as readonly string[]).includes(value);

export type AuditEntry = {
  id: number;
  at: string;
  /** The admin's e-mail when they made the change; null when no admin is known (e.g. an import run by a script). */
  actorEmail: string | null;
  /** 'authenticated' (the admin's own session) or 'service_role' (a server function acting for them). */
  via: string;
  /** Why, when the writer said so: 'import' for the CSV import. */
  context: string | null;
  entity: AuditEntity;
  entityId: string;
  /** The product (of a product, variant, review) or order (of an order, refund) the entry belongs to. */
  subjectId: string;
  /** The entity as an admin recognises it: SKU, title, order number. */
  label: string | null;
  subjectLabel: string | null;
  /** The currency of money fields (cents); null when none. */
  currency: string | null;
  action: AuditAction;
  /** Only the changed fields; null for an insert (before) or a delete (after). */
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};

/** One changed field of an entry: its value before and after (undefined: none on that side). */
export type FieldChange = { field: string; before: unknown; after: unknown };

/** The entry's changed fields in the order the database listed them. */
export function fieldChanges(entry: Pick<AuditEntry, 'before' | 'after'>): FieldChange[] {
  const fields = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  return fields.map((field) => ({ field, before: entry.before?.[field], after: entry.after?.[field] }));
}

/** Fields that hold money in cents. */
export const MONEY_FIELDS: ReadonlySet<string> = new Set(['price', 'compare_at_price', 'amount', 'refunded_total']);

export type AuditQuery = {
  entity: AuditEntity | 'all';
  /** A product's or order's id (its own entries and those of its variants, reviews, refunds), or ''. */
  id: string;
  /** An admin's e-mail, or ''. */
  actor: string;
  action: AuditAction | 'all';
  /** First and last day shown (YYYY-MM-DD, the admin's time zone), or ''. */
  from: string;
  to: string;
  page: number;
};

export const DEFAULT_AUDIT_QUERY: AuditQuery = { entity: 'all', id: '', actor: '', action: 'all', from: '', to: '', page: 1 };
export const AUDIT_ACTOR_MAX = 254;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A calendar day as YYYY-MM-DD, or '' when the text is not a real day. */
export function calendarDay(text: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  if (!match) return '';
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? match[0] : '';
}

export function parseAuditQuery(search: string): AuditQuery {
  const params = new URLSearchParams(search);
  const get = (name: string) => params.get(name)?.trim() ?? '';
  const entity = get('entity').toLowerCase();
  const action = get('action').toLowerCase();
  const id = get('id');
  const actor = get('actor');
  const page = get('page');
  const pageNumber = /^\d+$/.test(page) ? Number(page) : Number.NaN;
  return {
    entity: isAuditEntity(entity) ? entity : 'all',
    id: UUID.test(id) ? id.toLowerCase() : '',
    actor: actor.length <= AUDIT_ACTOR_MAX ? actor : '',
    action: isAuditAction(action) ? action : 'all',
    from: calendarDay(get('from')),
    to: calendarDay(get('to')),
    page: Number.isSafeInteger(pageNumber) && pageNumber >= 1 && pageNumber <= 100_000 ? pageNumber : 1,
  };
}

/** The canonical query string without the leading `?` ('' for the whole trail); defaults are left out. */
export function serializeAuditQuery(query: AuditQuery): string {
  const params = new URLSearchParams();
  if (query.entity !== 'all') params.set('entity', query.entity);
  if (query.id) params.set('id', query.id);
  if (query.actor) params.set('actor', query.actor);
  if (query.action !== 'all') params.set('action', query.action);
  if (query.from) params.set('from', query.from);
  if (query.to) params.set('to', query.to);
  if (query.page > 1) params.set('page', String(query.page));
  return params.toString();
}

export const auditHref = (query: AuditQuery) => {
  const search = serializeAuditQuery(query);
  return search ? `/admin/audit?${search}` : '/admin/audit';
};

/** New filters start again at page 1. */
export const withAuditFilters = (query: AuditQuery, filters: Partial<Omit<AuditQuery, 'page'>>): AuditQuery => ({ ...query, ...filters, page: 1 });

/** What the database is asked (public.admin_audit_log): days become instants in the admin's time zone, `to` inclusive. */
export type AuditRequest = {
  entity: AuditEntity | null;
  entityId: string | null;
  actorEmail: string | null;
  action: AuditAction | null;
  since: string | null;
  until: string | null;
  page: number;
  pageSize: number;
};

const localMidnight = (day: string, plusDays = 0) => {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year, month - 1, date + plusDays).toISOString();
};

export function auditRequest(query: AuditQuery, pageSize: number): AuditRequest {
  return {
    entity: query.entity === 'all' ? null : query.entity,
    entityId: query.id || null,
    actorEmail: query.actor || null,
    action: query.action === 'all' ? null : query.action,
    since: query.from ? localMidnight(query.from) : null,
    until: query.to ? localMidnight(query.to, 1) : null,
    page: query.page,
    pageSize,
  };
}

export const sameAuditQuery = (a: AuditQuery, b: AuditQuery) =>
  a.entity === b.entity && a.id === b.id && a.actor === b.actor && a.action === b.action && a.from === b.from && a.to === b.to && a.page === b.page;
