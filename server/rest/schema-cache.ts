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
  /** Its columns are also the table's primary key or a unique constraint (PostgREST: one-to-one). */
  oneToOne: boolean;
}

export type Cardinality = 'many-to-one' | 'one-to-many' | 'one-to-one' | 'many-to-many';

/** The table between the two ends of a many-to-many relationship. */
export interface Junction {
  relation: Relation;
  /** Its foreign key to the source, and its columns that hold the source's `sourceColumns`. */
  sourceConstraint: string;
  sourceColumns: string[];
  /** Its foreign key to the target, and its columns that hold the target's `targetColumns`. */
  targetConstraint: string;
  targetColumns: string[];
}

/**
 * A relationship from one relation to another, as PostgREST's schema cache holds it: detected from
 * a foreign key (both directions, through views too, through junction tables) or computed by a
 * function `name(source) returns [setof] target`.
 */
export interface Relationship {
  /** The foreign key's name (many-to-many: the junction's key to the source; computed: the function's name). */
  constraint: string;
  cardinality: Cardinality;
  target: Relation;
  /** Source and target are the same relation (a self-referencing foreign key). */
  isSelf: boolean;
  /** Join condition: source[i] = target[i] (many-to-many: through `junction`; computed: none). */
  sourceColumns: string[];
  targetColumns: string[];
  junction?: Junction;
  /** A computed relationship: the function that returns the related rows, and whether it returns at most one. */
  computed?: { fn: FunctionInfo; toOne: boolean };
}

/** A computed field: a function `name(relation) returns <scalar>`, selectable like a column. */
export interface ComputedField {
  fn: FunctionInfo;
  /** Its return type, schema-qualified and quoted: a safe cast target for compared values. */
  sqlType: string;
  typname: string;
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
  /** Its return type as a safe SQL type reference, and that type's name. */
  returnSqlType: string;
  returnTypname: string;
  /** Oid of the relation whose row is its one and only argument (computed fields and relationships). */
  rowArgument?: string;
  /** The planner's row estimate (prorows): 1 makes a set-returning computed relationship to-one. */
  rows: number;
}

export interface SchemaCache {
  relation(schema: string, name: string): Relation | undefined;
  relationByOid(oid: string): Relation | undefined;
  /** The tables and views of an exposed schema. */
  relations(schema: string): Relation[];
  functions(schema: string, name: string): FunctionInfo[];
  /** The names of an exposed schema's functions (PGRST202's "Perhaps you meant" hint). */
  functionNames(schema: string): string[];
  /** Every relationship from `source` to a relation of its schema (cached per source). */
  relationshipsFrom(source: Relation): Relationship[];
  /** The computed field `name` of a relation, when a function defines one. */
  computedField(relation: Relation, name: string): ComputedField | undefined;
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

// Keys of every schema, not only the exposed ones: a view may show a private table whose foreign
// keys and primary key make relationships between exposed relations (as in PostgREST).
const CONSTRAINTS_SQL = `
select con.conname as name, con.contype::text as type, con.conrelid::text as rel, con.conkey as cols,
       con.confrelid::text as frel, con.confkey as fcols
  from pg_constraint con
  join pg_namespace n on n.oid = con.connamespace
 where con.contype in ('p', 'u', 'f') and n.nspname not in ('pg_catalog', 'information_schema')`;

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
       format_type(p.prorettype, null) as return_type, rt.typtype::text as return_typtype, rt.typrelid::text as return_relid,
       quote_ident(rtn.nspname) || '.' || quote_ident(rt.typname) as return_sql_type, rt.typname as return_typname,
       coalesce(at.typrelid, 0)::text as row_argument, p.prorows::float8 as rows
  from pg_proc p
  join pg_namespace n on n.oid = p.pronamespace
  join pg_type rt on rt.oid = p.prorettype
  join pg_namespace rtn on rtn.oid = rt.typnamespace
  left join pg_type at on p.pronargs = 1 and at.oid = p.proargtypes[0]
 where p.prokind = 'f' and n.nspname = any($1::text[])`;

const TYPES_SQL = `
select n.nspname as schema, t.typname as name
  from pg_type t join pg_namespace n on n.oid = t.typnamespace
 where (n.nspname = 'pg_catalog' or n.nspname = any($1::text[])) and t.typname !~ '^_' and t.typisdefined`;

const quoteIdent = (s: string) => `"${s.replace(/"/g, '""')}"`;

export async function loadSchemaCache(db: Queryable, schemas: string[]): Promise<SchemaCache> {
  const [relRows, conRows, viewRows, fnRows, typeRows] = [
    (await db.query<RelationRow>(RELATIONS_SQL, [schemas])).rows,
    (await db.query<{ name: string; type: string; rel: string; cols: number[]; frel: string; fcols: number[] | null }>(CONSTRAINTS_SQL)).rows,
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
        return_sql_type: string;
        return_typname: string;
        row_argument: string;
        rows: number;
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
  /** Table oid → its primary key, and its primary key and unique constraints, as attnums. */
  const primaryKeys = new Map<string, number[]>();
  const uniqueKeys = new Map<string, number[][]>();
  for (const con of conRows) {
    if (con.type === 'f') continue;
    uniqueKeys.set(con.rel, [...(uniqueKeys.get(con.rel) ?? []), con.cols]);
    if (con.type !== 'p') continue;
    primaryKeys.set(con.rel, con.cols);
    const rel = byOid.get(con.rel);
    if (rel) rel.primaryKey = con.cols.map((n) => attName.get(`${con.rel}:${n}`) ?? '').filter(Boolean);
  }
  for (const con of conRows) {
    if (con.type !== 'f') continue;
    // PostgREST compares the key's columns in key order with each unique key's columns in table order.
    const oneToOne = (uniqueKeys.get(con.rel) ?? []).some((k) =>
      sameNumbers(
        [...k].sort((a, b) => a - b),
        con.cols,
      ),
    );
    fks.push({ name: con.name, table: con.rel, columns: con.cols, refTable: con.frel, refColumns: con.fcols ?? [], oneToOne });
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
      returnSqlType: f.return_sql_type,
      returnTypname: f.return_typname,
      rowArgument: f.row_argument === '0' ? undefined : f.row_argument,
      rows: Number(f.rows),
    };
    const key = `${f.schema}.${f.name}`;
    functions.set(key, [...(functions.get(key) ?? []), info]);
  }

  const types = new Map<string, string>();
  for (const t of typeRows) {
    const ref = `${quoteIdent(t.schema)}.${quoteIdent(t.name)}`;
    if (t.schema === 'pg_catalog' || !types.has(t.name)) types.set(t.name, ref);
  }

  const relationsBySchema = new Map<string, Relation[]>();
  for (const r of byName.values()) relationsBySchema.set(r.schema, [...(relationsBySchema.get(r.schema) ?? []), r]);

  const computedFields = new Map<string, ComputedField>();
  const computedRelationships = new Map<string, { fn: FunctionInfo; target: Relation; toOne: boolean }[]>();
  for (const list of functions.values()) {
    for (const fn of list) {
      const source = fn.rowArgument === undefined ? undefined : byOid.get(fn.rowArgument);
      if (!source || source.schema !== fn.schema) continue;
      const target = fn.returnRelation;
      if (target && target.kind !== 'composite' && schemas.includes(target.schema)) {
        const found = computedRelationships.get(source.oid) ?? [];
        found.push({ fn, target, toOne: !fn.returnsSet || fn.rows === 1 });
        computedRelationships.set(source.oid, found);
      } else if (fn.returnKind === 'scalar' && !fn.returnsSet) {
        computedFields.set(`${source.oid}.${fn.name}`, { fn, sqlType: fn.returnSqlType, typname: fn.returnTypname });
      }
    }
  }

  /**
   * The columns of a relation that show base-table columns (`${tableOid}:${attnum}`), one list per
   * way of choosing them: a view may show a column more than once, and PostgREST then has one
   * relationship per choice. Empty when some column is not shown.
   */
  const shownBy = new Map<string, Map<string, string[]>>();
  const showings = (rel: Relation, table: string, nums: number[]): string[][] => {
    let reverse = shownBy.get(rel.oid);
    if (!reverse) {
      reverse = new Map();
      for (const [name, origin] of rel.origins) reverse.set(origin, [...(reverse.get(origin) ?? []), name]);
      shownBy.set(rel.oid, reverse);
    }
    let choices: string[][] = [[]];
    for (const n of nums) {
      const names = reverse.get(`${table}:${n}`);
      if (!names) return [];
      choices = choices.flatMap((chosen) => names.map((name) => [...chosen, name]));
    }
    return choices;
  };
  /** PostgREST's primary key of a junction: a table's own; a view's, the first columns showing a base table's whole primary key. */
  const junctionKey = (rel: Relation): Set<string> => {
    if (rel.kind === 'table') return new Set(rel.primaryKey);
    const key = new Set<string>();
    for (const [table, columns] of primaryKeys) for (const name of showings(rel, table, columns)[0] ?? []) key.add(name);
    return key;
  };

  const relationshipsBySource = new Map<string, Relationship[]>();
  const detect = (source: Relation): Relationship[] => {
    const targets = relationsBySchema.get(source.schema) ?? [];
    const found: Relationship[] = [];
    for (const fk of fks) {
      const manySides = showings(source, fk.table, fk.columns);
      const oneSides = showings(source, fk.refTable, fk.refColumns);
      if (!manySides.length && !oneSides.length) continue;
      for (const target of targets) {
        const isSelf = target === source;
        for (const sourceColumns of manySides) {
          for (const targetColumns of showings(target, fk.refTable, fk.refColumns)) {
            found.push({ constraint: fk.name, cardinality: fk.oneToOne ? 'one-to-one' : 'many-to-one', target, isSelf, sourceColumns, targetColumns });
          }
        }
        for (const sourceColumns of oneSides) {
          for (const targetColumns of showings(target, fk.table, fk.columns)) {
            found.push({ constraint: fk.name, cardinality: fk.oneToOne ? 'one-to-one' : 'one-to-many', target, isSelf, sourceColumns, targetColumns });
          }
        }
      }
    }
    found.push(...manyToMany(source, targets));
    return found;
  };
  /**
   * Candidate junctions, found once: exposed relations showing two or more non-unique foreign
   * keys, with the columns showing each and their primary key.
   */
  let junctions: { relation: Relation; keys: { fk: ForeignKey; columns: string[] }[]; primaryKey: Set<string> }[] | undefined;
  const candidateJunctions = () => {
    junctions ??= [...byName.values()].flatMap((relation) => {
      const shown = fks.flatMap((fk) => (fk.oneToOne ? [] : showings(relation, fk.table, fk.columns).map((columns) => ({ fk, columns }))));
      return shown.length < 2 ? [] : [{ relation, keys: shown, primaryKey: junctionKey(relation) }];
    });
    return junctions;
  };
  /**
   * Many-to-many as PostgREST detects it: an exposed junction with a (non-unique) foreign key to
   * each end, both keys' columns part of the junction's primary key.
   */
  const manyToMany = (source: Relation, targets: Relation[]): Relationship[] => {
    const found: Relationship[] = [];
    for (const junction of candidateJunctions()) {
      for (const toSource of junction.keys) {
        const sourceSides = showings(source, toSource.fk.refTable, toSource.fk.refColumns);
        if (!sourceSides.length) continue;
        for (const toTarget of junction.keys) {
          if (toTarget.fk === toSource.fk || ![...toSource.columns, ...toTarget.columns].every((c) => junction.primaryKey.has(c))) continue;
          for (const target of targets) {
            for (const sourceColumns of sourceSides) {
              for (const targetColumns of showings(target, toTarget.fk.refTable, toTarget.fk.refColumns)) {
                found.push({
                  constraint: toSource.fk.name,
                  cardinality: 'many-to-many',
                  target,
                  isSelf: target === source,
                  sourceColumns,
                  targetColumns,
                  junction: {
                    relation: junction.relation,
                    sourceConstraint: toSource.fk.name,
                    sourceColumns: toSource.columns,
                    targetConstraint: toTarget.fk.name,
                    targetColumns: toTarget.columns,
                  },
                });
              }
            }
          }
        }
      }
    }
    return found;
  };

  return {
    relation: (schema, name) => byName.get(`${schema}.${name}`),
    relationByOid: (oid) => byOid.get(oid),
    relations: (schema) => relationsBySchema.get(schema) ?? [],
    functions: (schema, name) => functions.get(`${schema}.${name}`) ?? [],
    functionNames: (schema) => [...functions.values()].filter((list) => list[0].schema === schema).map((list) => list[0].name),
    computedField: (relation, name) => computedFields.get(`${relation.oid}.${name}`),
    castType(name) {
      const array = name.endsWith('[]');
      const base = array ? name.slice(0, -2) : name;
      const ref = types.get(Object.hasOwn(TYPE_ALIASES, base) ? TYPE_ALIASES[base] : base);
      return ref && (array ? `${ref}[]` : ref);
    },
    relationshipsFrom(source) {
      let found = relationshipsBySource.get(source.oid);
      if (found) return found;
      const computed = computedRelationships.get(source.oid) ?? [];
      // A computed relationship named like a relation replaces the detected ones to it (PostgREST's override).
      const overridden = new Set(computed.map((c) => `${c.fn.schema}.${c.fn.name}`));
      found = [
        ...detect(source).filter((r) => !overridden.has(`${r.target.schema}.${r.target.name}`)),
        ...computed.map(
          ({ fn, target, toOne }): Relationship => ({
            constraint: fn.name,
            cardinality: toOne ? 'many-to-one' : 'one-to-many',
            target,
            isSelf: target === source,
            sourceColumns: [],
            targetColumns: [],
            computed: { fn, toOne },
          }),
        ),
      ];
      relationshipsBySource.set(source.oid, found);
      return found;
    },
  };
}

const sameNumbers = (a: number[], b: number[]) => a.length === b.length && a.every((n, i) => n === b[i]);

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
