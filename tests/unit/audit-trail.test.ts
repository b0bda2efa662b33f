import { describe, expect, it } from 'vitest';
import {
  AUDIT_ACTIONS,
  AUDIT_ENTITIES,
  auditHref,
  auditRequest,
  calendarDay,
  DEFAULT_AUDIT_QUERY,
  fieldChanges,
  parseAuditQuery,
  serializeAuditQuery,
  withAuditFilters,
} from '../../domain/auditTrail';

const ID = '3f2c8a4e-1b2d-4c5e-8f90-a1b2c3d4e5f6';

describe('audit log URL: reading', () => {
  it('the plain URL is the whole trail, page 1', () => {
    expect(parseAuditQuery('')).toEqual(DEFAULT_AUDIT_QUERY);
    expect(parseAuditQuery('?')).toEqual(DEFAULT_AUDIT_QUERY);
  });

  it('reads every filter, with or without the leading ?', () => {
    const search = `entity=variant&id=${ID}&actor=admin%40shop.test&action=update&from=2026-11-01&to=2026-11-30&page=3`;
    const expected = { entity: 'variant', id: ID, actor: 'admin@shop.test', action: 'update', from: '2026-11-01', to: '2026-11-30', page: 3 };
    expect(parseAuditQuery(search)).toEqual(expected);
    expect(parseAuditQuery(`?${search}`)).toEqual(expected);
  });

  it.each(AUDIT_ENTITIES)('entity %s is a filter (any case, spaces around)', (entity) => {
    expect(parseAuditQuery(`entity=%20${entity.toUpperCase()}%20`).entity).toBe(entity);
  });

  it.each(AUDIT_ACTIONS)('action %s is a filter', (action) => {
    expect(parseAuditQuery(`action=${action}`).action).toBe(action);
  });

  it.each(['customer', 'products', "product' or 1=1", '__proto__', ''])('entity %j means all', (entity) => {
    expect(parseAuditQuery(`entity=${encodeURIComponent(entity)}`).entity).toBe('all');
  });

  it.each(['truncate', 'UPDATE;', 'constructor'])('action %j means all', (action) => {
    expect(parseAuditQuery(`action=${encodeURIComponent(action)}`).action).toBe('all');
  });

  it.each(['42', 'not-a-uuid', `${ID}x`, `'; drop table audit_log; --`])('id %j is no filter', (id) => {
    expect(parseAuditQuery(`id=${encodeURIComponent(id)}`).id).toBe('');
  });

  it('an id in capitals is read in lower case', () => {
    expect(parseAuditQuery(`id=${ID.toUpperCase()}`).id).toBe(ID);
  });

  it.each(['2026-02-30', '2026-13-01', '2026-1-5', '01.11.2026', 'yesterday', '2026-11-01T00:00'])('date %j is no filter', (day) => {
    expect(parseAuditQuery(`from=${encodeURIComponent(day)}&to=${encodeURIComponent(day)}`)).toMatchObject({ from: '', to: '' });
  });

  it('a leap day is a day', () => {
    expect(calendarDay('2028-02-29')).toBe('2028-02-29');
    expect(calendarDay('2026-02-29')).toBe('');
  });

  it.each(['0', '-1', '1.5', 'two', '', '100001', '99999999999999999999'])('page %j is page 1', (page) => {
    expect(parseAuditQuery(`page=${encodeURIComponent(page)}`).page).toBe(1);
  });

  it('an over-long actor is no filter', () => {
    expect(parseAuditQuery(`actor=${'a'.repeat(255)}`).actor).toBe('');
  });
});

describe('audit log URL: writing', () => {
  it('leaves defaults out, and reads back what it wrote', () => {
    expect(serializeAuditQuery(DEFAULT_AUDIT_QUERY)).toBe('');
    expect(auditHref(DEFAULT_AUDIT_QUERY)).toBe('/admin/audit');
    const query = { entity: 'order', id: ID, actor: 'a+b@shop.test', action: 'delete', from: '2026-11-01', to: '', page: 2 } as const;
    expect(parseAuditQuery(serializeAuditQuery(query))).toEqual(query);
    expect(auditHref({ ...DEFAULT_AUDIT_QUERY, id: ID })).toBe(`/admin/audit?id=${ID}`);
  });

  it('new filters go back to page 1', () => {
    expect(withAuditFilters({ ...DEFAULT_AUDIT_QUERY, page: 4 }, { entity: 'refund' })).toEqual({ ...DEFAULT_AUDIT_QUERY, entity: 'refund', page: 1 });
  });
});

describe('what the database is asked', () => {
  it('days become the admin’s local midnights, the last day inclusive', () => {
    const request = auditRequest({ ...DEFAULT_AUDIT_QUERY, from: '2026-11-01', to: '2026-11-30', page: 2 }, 25);
    expect(request).toEqual({
      entity: null,
      entityId: null,
      actorEmail: null,
      action: null,
      since: new Date(2026, 10, 1).toISOString(),
      until: new Date(2026, 11, 1).toISOString(),
      page: 2,
      pageSize: 25,
    });
  });

  it('filters pass through; "all" is none', () => {
    expect(auditRequest({ ...DEFAULT_AUDIT_QUERY, entity: 'review', action: 'insert', id: ID, actor: 'x@y.test' }, 10)).toMatchObject({
      entity: 'review',
      action: 'insert',
      entityId: ID,
      actorEmail: 'x@y.test',
    });
  });
});

describe('an entry’s changed fields', () => {
  it('an update: each field with its before and after', () => {
    expect(fieldChanges({ before: { price: 2500, inventory: 50 }, after: { price: 2990, inventory: 42 } })).toEqual([
      { field: 'price', before: 2500, after: 2990 },
      { field: 'inventory', before: 50, after: 42 },
    ]);
  });

  it('an insert has only after, a delete only before', () => {
    expect(fieldChanges({ before: null, after: { status: 'pending' } })).toEqual([{ field: 'status', before: undefined, after: 'pending' }]);
    expect(fieldChanges({ before: { sku: 'A' }, after: null })).toEqual([{ field: 'sku', before: 'A', after: undefined }]);
  });
});
