import type { Queryable } from '../db/types.ts';
import { viewColumnOrigins } from './view-origins.ts';

/**
 * PostgREST's schema cache: the tables, views, columns, keys, foreign keys and functions of the
 * exposed schemas, read from pg_catalog. Requests look identifiers up here, never in SQL text.
 */

export interface Column {
  name: string;
  num: number;
  /** format_type(): usable in SQL as is (it comes from the catalog, not the request). */
  type: string;
  typname: string;
  typcategory: string;
  /** The type without modifiers, schema-qualified and quoted: a safe cast target for bound values. */
  sqlType: string;
  /** Default expression (pg_get_expr), when there is one. */
  defaultSql: string | null;
}

export type RelationKind = 'table' | 'view' | 'composite';

export interface Relation {
  oid: string;
  schema: string;
  name: string;
  kind: RelationKind;
  columns: Map<string, Column>;
  primaryKey: string[];
  /** Column name → `${tableOid}:${attnum}` of the base-table column it shows (itself for tables). */
  origins: Map<string, string>;
}

export interface ForeignKey {
  name: string;
  table: string;
  columns: number[];
  refTable: string;
  refColumns: number[];
}

export interface Relationship {
  constraint: string;
  cardinality: 'many-to-one' | 'one-to-many';
  /** Join condition: source[i] = target[i]. */
  sourceColumns: string[];
  targetColumns: string[];
}

export interface FunctionParam {
  name: string;
  type: string;
  mode: 'i' | 'o' | 'b' | 'v' | 't';
  hasDefault: boolean;
}

export interface FunctionInfo {
  oid: string;
  schema: string;
  name: string;
  params: FunctionParam[];
  returnsSet: boolean;
  volatility: 'i' | 's' | 'v';
  returnType: string;
  /** 'void', a scalar, or rows with columns (a table/composite type or OUT/TABLE parameters). */
  returnKind: 'void' | 'scalar' | 'rows';
  /** Columns of the returned rows; for a table's row type, that table (so embeds work). */
  returnRelation?: Relation;
}

export interface SchemaCache {
  relation(schema: string, name: string): Relation | undefined;
  relationByOid(oid: string): Relation | undefined;
  functions(schema: string, name: string): FunctionInfo[];
  relationships(source: Relation, target: Relation): Relationship[];
  /** `::cast` name → a safe SQL type reference, or undefined when no such type exists. */
  castType(name: string): string | undefined;
}

const TYPE_ALIASES: Record<string, string> = {
  int: 'int4',
  integer: 'int4',
  smallint: 'int2',
  bigint: 'int8',
  boolean: 'bool',
  real: 'float4',
  float: 'float8',
  'double precision': 'float8',
  decimal: 'numeric',
  'character varying': 'varchar',
  character: 'bpchar',
  char: 'bpchar',
  'timestamp with time zone': 'timestamptz',
  'timestamp without time zone': 'timestamp',
  'time with time zone': 'timetz',
  'time without time zone': 'time',
};

interface RelationRow {
  oid: string;
  schema: string;
  name: string;
  kind: string;
  columns: (Omit<Column, 'defaultSql'> & { default: string | null })[];
}

const RELATIONS_SQL = `
select c.oid::text as oid, n.nspname as schema, c.relname as name, c.relkind::text as kind,
       coalesce(json_agg(json_build_object(
         'name', a.attname, 'num', a.attnum, 'type', format_type(a.atttypid, a.atttypmod),
         'typname', t.typname, 'typcategory', t.typcategory, 'default', pg_get_expr(d.adbin, d.adrelid),
         'sqlType', quote_ident(tn.nspname) || '.' || quote_ident(t.typname)
       ) order by a.attnum) filter (where a.attnum is not null), '[]') as columns
  from pg_class c
  join pg_namespace n on n.oid = c.relnamespace
  left join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
  left join pg_type t on t.oid = a.atttypid
  left join pg_namespace tn on tn.oid = t.typnamespace
  left join pg_attrdef d on d.adrelid = c.oid and d.adnum = a.attnum
 where c.relkind in ('r', 'p', 'v', 'm', 'f', 'c')
   and (n.nspname = any($1::text[]) or c.oid in (select t2.typrelid from pg_proc p join pg_type t2 on t2.oid = p.prorettype
                                                   join pg_namespace pn on pn.oid = p.pronamespace where pn.nspname = any($1::text[])))
 group by c.oid, n.nspname, c.relname, c.relkind`;

const CONSTRAINTS_SQL = `
select con.conname as name, con.contype::text as type, con.conrelid::text as rel, con.conkey as cols,
       con.confrelid::text as frel, con.confkey as fcols
  from pg_constraint con
 where con.contype in ('p', 'f')
   and con.conrelid in (select c.oid from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = any($1::text[]))`;

const VIEWS_SQL = `
select r.ev_class::text as view, r.ev_action::text as action
  from pg_rewrite r
  join pg_class c on c.oid = r.ev_class
  join pg_namespace n on n.oid = c.relnamespace
 where r.rulename = '_RETURN' and c.relkind in ('v', 'm') and n.nspname = any($1::text[])`;

const FUNCTIONS_SQL = `
select p.oid::text as oid, n.nspname as schema, p.proname as name, p.proretset as returns_set,
       p.provolatile::text as volatility, p.pronargs as nargs, p.pronargdefaults as ndefaults,
       coalesce((select json_agg(json_build_object(
                  'name', coalesce(p.proargnames[x.i], ''), 'mode', coalesce(p.proargmodes[x.i]::text, 'i'),
                  'type', format_type(x.t, null)) order by x.i)
                  from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality as x(t, i)), '[]') as params,
       format_type(p.prorettype, null) as return_type, rt.typtype::text as return_typtype, rt.typrelid::text as return_relid
  from pg_proc p
  join pg_namespace n on n.oid = p.pronamespace
  join pg_type rt on rt.oid = p.prorettype
 where p.prokind = 'f' and n.nspname = any($1::text[])`;

const TYPES_SQL = `
select n.nspname as schema, t.typname as name
  from pg_type t join pg_namespace n on n.oid = t.typnamespace
 where (n.nspname = 'pg_catalog' or n.nspname = any($1::text[])) and t.typname !~ '^_' and t.typisdefined`;

const quoteIdent = (s: string) => `"${s.replace(/"/g, '""')}"`;

export async function loadSchemaCache(db: Queryable, schemas: string[]): Promise<SchemaCache> {
  const [relRows, conRows, viewRows, fnRows, typeRows] = [
    (await db.query<RelationRow>(RELATIONS_SQL, [schemas])).rows,
    (await db.query<{ name: string; type: string; rel: string; cols: number[]; frel: string; fcols: number[] | null }>(CONSTRAINTS_SQL, [schemas])).rows,
    (await db.query<{ view: string; action: string }>(VIEWS_SQL, [schemas])).rows,
    (
      await db.query<{
        oid: string;
        schema: string;
        name: string;
        returns_set: boolean;
        volatility: 'i' | 's' | 'v';
        nargs: number;
        ndefaults: number;
        params: { name: string; mode: FunctionParam['mode']; type: string }[];
        return_type: string;
        return_typtype: string;
        return_relid: string;
      }>(FUNCTIONS_SQL, [schemas])
    ).rows,
    (await db.query<{ schema: string; name: string }>(TYPES_SQL, [schemas])).rows,
  ];

  const byOid = new Map<string, Relation>();
  const byName = new Map<string, Relation>();
  const attName = new Map<string, string>();
  for (const row of relRows) {
    const kind: RelationKind = row.kind === 'v' || row.kind === 'm' ? 'view' : row.kind === 'c' ? 'composite' : 'table';
    const columns = new Map<string, Column>();
    const origins = new Map<string, string>();
    for (const c of row.columns) {
      columns.set(c.name, { name: c.name, num: c.num, type: c.type, typname: c.typname, typcategory: c.typcategory, sqlType: c.sqlType, defaultSql: c.default });
      attName.set(`${row.oid}:${c.num}`, c.name);
      if (kind === 'table') origins.set(c.name, `${row.oid}:${c.num}`);
    }
    const relation: Relation = { oid: row.oid, schema: row.schema, name: row.name, kind, columns, primaryKey: [], origins };
    byOid.set(row.oid, relation);
    if (schemas.includes(row.schema) && kind !== 'composite') byName.set(`${row.schema}.${row.name}`, relation);
  }

  const fks: ForeignKey[] = [];
  for (const con of conRows) {
    const rel = byOid.get(con.rel);
    if (!rel) continue;
    if (con.type === 'p') rel.primaryKey = con.cols.map((n) => attName.get(`${con.rel}:${n}`) ?? '').filter(Boolean);
    else fks.push({ name: con.name, table: con.rel, columns: con.cols, refTable: con.frel, refColumns: con.fcols ?? [] });
  }

  // View columns inherit their base columns' identity, through views of views too.
  const viewOrigins = new Map(viewRows.map((v) => [v.view, viewColumnOrigins(v.action)]));
  const resolveOrigin = (table: string, column: number, depth: number): string | undefined => {
    if (depth > 8 || table === '0' || column === 0) return undefined;
    const inner = viewOrigins.get(table);
    if (!inner) return `${table}:${column}`;
    const o = inner.find((x) => x.resno === column);
    return o ? resolveOrigin(o.table, o.column, depth + 1) : undefined;
  };
  for (const [viewOid, origins] of viewOrigins) {
    const view = byOid.get(viewOid);
    if (!view) continue;
    for (const o of origins) {
      const origin = resolveOrigin(o.table, o.column, 0);
      if (origin && view.columns.has(o.name)) view.origins.set(o.name, origin);
    }
  }

  const functions = new Map<string, FunctionInfo[]>();
  for (const f of fnRows) {
    const inputs = f.params.filter((p) => p.mode === 'i' || p.mode === 'b' || p.mode === 'v');
    const params: FunctionParam[] = f.params.map((p) => ({
      ...p,
      hasDefault: inputs.indexOf(p) >= inputs.length - f.ndefaults && inputs.includes(p),
    }));
    const outputs = f.params.filter((p) => p.mode === 'o' || p.mode === 'b' || p.mode === 't');
    let returnRelation: Relation | undefined;
    let returnKind: FunctionInfo['returnKind'] = 'scalar';
    if (f.return_type === 'void') returnKind = 'void';
    else if (f.return_relid !== '0' && byOid.has(f.return_relid)) {
      returnKind = 'rows';
      returnRelation = byOid.get(f.return_relid);
    } else if (outputs.length > 0 && f.return_type === 'record') {
      returnKind = 'rows';
      returnRelation = {
        oid: `fn:${f.oid}`,
        schema: f.schema,
        name: f.name,
        kind: 'composite',
        columns: new Map(outputs.map((p, i) => [p.name, { name: p.name, num: i + 1, type: p.type, typname: p.type, typcategory: '', sqlType: p.type, defaultSql: null }])),
        primaryKey: [],
        origins: new Map(),
      };
    }
    const info: FunctionInfo = {
      oid: f.oid,
      schema: f.schema,
      name: f.name,
      params,
      returnsSet: f.returns_set,
      volatility: f.volatility,
      returnType: f.return_type,
      returnKind,
      returnRelation,
    };
    const key = `${f.schema}.${f.name}`;
    functions.set(key, [...(functions.get(key) ?? []), info]);
  }

  const types = new Map<string, string>();
  for (const t of typeRows) {
    const ref = `${quoteIdent(t.schema)}.${quoteIdent(t.name)}`;
    if (t.schema === 'pg_catalog' || !types.has(t.name)) types.set(t.name, ref);
  }

  const relationshipCache = new Map<string, Relationship[]>();
  const columnsShowing = (rel: Relation, table: string, nums: number[]): string[] | undefined => {
    const names: string[] = [];
    for (const n of nums) {
      const origin = `${table}:${n}`;
      const found = [...rel.origins].find(([, o]) => o === origin);
      if (!found) return undefined;
      names.push(found[0]);
    }
    return names;
  };

  return {
    relation: (schema, name) => byName.get(`${schema}.${name}`),
    relationByOid: (oid) => byOid.get(oid),
    functions: (schema, name) => functions.get(`${schema}.${name}`) ?? [],
    castType(name) {
      const array = name.endsWith('[]');
      const base = array ? name.slice(0, -2) : name;
      const ref = types.get(Object.hasOwn(TYPE_ALIASES, base) ? TYPE_ALIASES[base] : base);
      return ref && (array ? `${ref}[]` : ref);
    },
    relationships(source, target) {
      const key = `${source.oid}>${target.oid}`;
      let found = relationshipCache.get(key);
      if (found) return found;
      found = [];
      for (const fk of fks) {
        const m2oSource = columnsShowing(source, fk.table, fk.columns);
        const m2oTarget = columnsShowing(target, fk.refTable, fk.refColumns);
        if (m2oSource && m2oTarget) {
          found.push({ constraint: fk.name, cardinality: 'many-to-one', sourceColumns: m2oSource, targetColumns: m2oTarget });
        }
        const o2mSource = columnsShowing(source, fk.refTable, fk.refColumns);
        const o2mTarget = columnsShowing(target, fk.table, fk.columns);
        if (o2mSource && o2mTarget) {
          found.push({ constraint: fk.name, cardinality: 'one-to-many', sourceColumns: o2mSource, targetColumns: o2mTarget });
        }
      }
      relationshipCache.set(key, found);
      return found;
    },
  };
}

/**
 * Holds the current cache and reloads it when a request names something it does not know — at
 * most once per second, one load at a time — so new tables appear without a restart.
 */
export class SchemaCacheHolder {
  private current: Promise<SchemaCache> | undefined;
  private loadedAt = 0;

  constructor(
    private readonly db: Queryable,
    private readonly schemas: string[],
    private readonly minReloadMs = 1000,
  ) {}

  get(): Promise<SchemaCache> {
    if (!this.current) this.reload();
    return this.current!;
  }

  /** Reloads unless the last load is younger than the minimum interval; answers the (new) cache. */
  async refresh(): Promise<SchemaCache> {
    if (Date.now() - this.loadedAt >= this.minReloadMs) this.reload();
    return this.get();
  }

  private reload(): void {
    this.loadedAt = Date.now();
    const loading = loadSchemaCache(this.db, this.schemas);
    this.current = loading;
    loading.catch(() => {
      if (this.current === loading) this.current = undefined;
    });
  }
}
