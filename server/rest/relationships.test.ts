import { describe, expect, it } from 'vitest';
import { embedJoin, isToOne, matches, relationship } from './relationships.ts';
import type { FunctionInfo, Relation, Relationship, SchemaCache } from './schema-cache.ts';
import { QueryBuilder } from './sql.ts';

/** PostgREST's findRel cases (src/PostgREST/Plan.hs), on hand-made relationships. */
const relation = (name: string, kind: Relation['kind'] = 'table'): Relation => ({ oid: name, schema: 's', name, kind, columns: new Map(), primaryKey: ['id'], origins: new Map() });
const projects = relation('projects');
const clients = relation('clients');
const clientsView = relation('clients_view', 'view');
const tree = relation('family_tree');

const m2o = (target: Relation, constraint: string, source: string, ref: string, isSelf = false): Relationship => ({
  constraint,
  cardinality: 'many-to-one',
  target,
  isSelf,
  sourceColumns: [source],
  targetColumns: [ref],
});

describe('matches (which relationship an embed names)', () => {
  it('a table name, a constraint or a single foreign key column names a many-to-one', () => {
    const r = m2o(clients, 'projects_client_id_fkey', 'client_id', 'id');
    for (const name of ['clients', 'projects_client_id_fkey', 'client_id']) expect(matches(r, name, undefined)).toBe(true);
    expect(matches(r, 'id', undefined)).toBe(false);
    expect(matches(r, 'tasks', undefined)).toBe(false);
  });

  it('a constraint or column never names a relationship to a view; its name does', () => {
    const r = m2o(clientsView, 'projects_client_id_fkey', 'client_id', 'id');
    expect(matches(r, 'projects_client_id_fkey', undefined)).toBe(false);
    expect(matches(r, 'client_id', undefined)).toBe(false);
    expect(matches(r, 'clients_view', undefined)).toBe(true);
  });

  it('a hint narrows a table name by constraint, source column or target column', () => {
    const r = m2o(clients, 'projects_client_id_fkey', 'client_id', 'id');
    for (const hint of ['projects_client_id_fkey', 'client_id', 'id']) expect(matches(r, 'clients', hint)).toBe(true);
    expect(matches(r, 'clients', 'space')).toBe(false);
    expect(matches(r, 'client_id', 'projects_client_id_fkey')).toBe(false);
  });

  it('a self reference: the column names the parent, the table (or a hint naming the column) the children', () => {
    const parent = m2o(tree, 'family_tree_parent_fkey', 'parent', 'id', true);
    const children: Relationship = { ...parent, cardinality: 'one-to-many', sourceColumns: ['id'], targetColumns: ['parent'] };
    expect(matches(parent, 'parent', undefined)).toBe(true);
    expect(matches(parent, 'family_tree', undefined)).toBe(false);
    expect(matches(parent, 'family_tree_parent_fkey', undefined)).toBe(false);
    expect(matches(children, 'family_tree', undefined)).toBe(true);
    expect(matches(children, 'family_tree', 'parent')).toBe(true);
    expect(matches(children, 'family_tree', 'family_tree_parent_fkey')).toBe(false);
  });

  it('a many-to-many is named by the far table, narrowed by the junction only', () => {
    const jobs = relation('jobs');
    const r: Relationship = {
      constraint: 'jobs_site_id_fkey',
      cardinality: 'many-to-many',
      target: projects,
      isSelf: false,
      sourceColumns: ['id'],
      targetColumns: ['id'],
      junction: { relation: jobs, sourceConstraint: 'jobs_site_id_fkey', sourceColumns: ['site_id'], targetConstraint: 'jobs_project_id_fkey', targetColumns: ['project_id'] },
    };
    expect(matches(r, 'projects', undefined)).toBe(true);
    expect(matches(r, 'projects', 'jobs')).toBe(true);
    expect(matches(r, 'projects', 'jobs_site_id_fkey')).toBe(false);
    expect(matches(r, 'jobs_site_id_fkey', undefined)).toBe(false);
    expect(isToOne(r)).toBe(false);
    expect(embedJoin(r, projects, 't0', 't1')).toEqual({
      from: '"s"."projects" as "t1", "s"."jobs" as "t1_j"',
      conditions: ['"t1"."id" = "t1_j"."project_id"', '"t1_j"."site_id" = "t0"."id"'],
    });
  });

  it('a computed relationship is named by its function, whatever the hint', () => {
    const fn = { schema: 's', name: 'film' } as FunctionInfo;
    const r: Relationship = {
      constraint: 'film',
      cardinality: 'many-to-one',
      target: projects,
      isSelf: false,
      sourceColumns: [],
      targetColumns: [],
      computed: { fn, toOne: true },
    };
    expect(matches(r, 'film', undefined)).toBe(true);
    expect(matches(r, 'film', 'anything')).toBe(true);
    expect(matches(r, 'projects', undefined)).toBe(false);
    expect(isToOne(r)).toBe(true);
    expect(embedJoin(r, projects, 't0', 't2')).toEqual({ from: '"s"."film"("t0") as "t2"', conditions: ['true'] });
  });
});

describe('relationship (resolution, remembered per schema cache)', () => {
  const fn = { schema: 's', name: 'film' } as FunctionInfo;
  const computed: Relationship = {
    constraint: 'film',
    cardinality: 'one-to-many',
    target: projects,
    isSelf: false,
    sourceColumns: [],
    targetColumns: [],
    computed: { fn, toOne: false },
  };
  const detected = m2o(clients, 'projects_client_id_fkey', 'client_id', 'id');
  /** A schema cache that counts how often relationships are looked up. */
  const counted = () => {
    const cache = {
      calls: 0,
      relationshipsFrom() {
        this.calls += 1;
        return [detected, computed];
      },
    };
    return { cache, b: () => new QueryBuilder(cache as unknown as SchemaCache, new Map()) };
  };
  const embed = (relation: string, hint?: string) => ({ kind: 'embed' as const, relation, hint, select: [] });

  it('resolves an embed once per source, name and hint', () => {
    const { cache, b } = counted();
    expect(relationship(b(), projects, embed('clients')).rel).toBe(detected);
    expect(relationship(b(), projects, embed('clients')).rel).toBe(detected);
    expect(relationship(b(), projects, embed('client_id')).rel).toBe(detected);
    expect(cache.calls).toBe(2);
  });

  it('does not remember the arbitrary hints a computed relationship accepts', () => {
    const { cache, b } = counted();
    relationship(b(), projects, embed('film', 'x1'));
    relationship(b(), projects, embed('film', 'x1'));
    expect(cache.calls).toBe(2);
    relationship(b(), projects, embed('film'));
    relationship(b(), projects, embed('film'));
    expect(cache.calls).toBe(3);
  });
});
