import { restError } from './errors.ts';
import { fuzzyMatches } from './fuzzy.ts';
import type { SelectItem } from './parse.ts';
import type { Relation, Relationship, SchemaCache } from './schema-cache.ts';
import { qualified, quoteIdent, type QueryBuilder } from './sql.ts';

/**
 * Embeds → relationships: which relationship an embed names (PostgREST's resolution rules and its
 * PGRST200/PGRST201 answers), and the FROM and join conditions that reach the related rows.
 */

export type EmbedItem = Extract<SelectItem, { kind: 'embed' }>;

type Resolved = { target: Relation; rel: Relationship };

/** Resolved embeds per schema cache, by source, name and hint: the shop's embeds resolve once. */
const resolvedEmbeds = new WeakMap<SchemaCache, Map<string, Resolved>>();

/**
 * The relationship an embed names — by target table or view, by foreign key column or constraint
 * (not towards a view), by computed relationship function, narrowed by a `!hint` — with
 * PostgREST's errors when there is none (PGRST200) or more than one (PGRST201).
 */
export function relationship(b: QueryBuilder, source: Relation, item: EmbedItem): Resolved {
  let memo = resolvedEmbeds.get(b.cache);
  if (!memo) {
    memo = new Map();
    resolvedEmbeds.set(b.cache, memo);
  }
  const key = `${source.oid}\0${item.relation}\0${item.hint ?? ''}`;
  const known = memo.get(key);
  if (known) return known;
  const all = b.cache.relationshipsFrom(source);
  const candidates = all.filter((r) => matches(r, item.relation, item.hint));
  if (candidates.length === 0) throw noRelationship(b.cache, source, item, all);
  if (candidates.length > 1) throw ambiguous(source, item.relation, candidates);
  const resolved = { target: candidates[0].target, rel: candidates[0] };
  // A computed relationship takes any hint: remembering those would let requests grow the map at will.
  if (!(resolved.rel.computed && item.hint !== undefined)) memo.set(key, resolved);
  return resolved;
}

/** PostgREST's `findRel` filter: does `name!hint` name this relationship? */
export function matches(r: Relationship, name: string, hint: string | undefined): boolean {
  if (r.computed) return r.computed.fn.name === name;
  const byTable = r.target.name === name;
  if (r.isSelf) {
    // One foreign key, two directions: the table's name (or a hint naming the referencing column)
    // means the children; the referencing column's name means the parent.
    if (hint === undefined) return (byTable && r.cardinality === 'one-to-many') || (r.cardinality === 'many-to-one' && singleSourceColumn(r) === name);
    return byTable && r.cardinality === 'one-to-many' && singleTargetColumn(r) === hint;
  }
  if (hint === undefined) {
    const viaKey = r.cardinality !== 'many-to-many' && r.target.kind !== 'view' && (r.constraint === name || singleSourceColumn(r) === name);
    return byTable || viaKey;
  }
  if (!byTable) return false;
  if (r.junction) return r.junction.relation.name === hint;
  return r.constraint === hint || singleSourceColumn(r) === hint || singleTargetColumn(r) === hint;
}

const singleSourceColumn = (r: Relationship) => (r.sourceColumns.length === 1 && !r.junction ? r.sourceColumns[0] : undefined);
const singleTargetColumn = (r: Relationship) => (r.targetColumns.length === 1 && !r.junction ? r.targetColumns[0] : undefined);

/** PGRST200, with PostgREST's "Perhaps you meant …" hint when a similar name has relationships. */
function noRelationship(cache: SchemaCache, source: Relation, item: EmbedItem, all: Relationship[]) {
  return restError(
    400,
    'PGRST200',
    `Could not find a relationship between '${source.name}' and '${item.relation}' in the schema cache`,
    `Searched for a foreign key relationship between '${source.name}' and '${item.relation}'${item.hint !== undefined ? ` using the hint '${item.hint}'` : ''} in the schema '${source.schema}', but no matches were found.`,
    perhaps(cache, source, item.relation, all),
  );
}

/**
 * Suggests a target like the one asked for among the source's related relations or, when the
 * source has no relationships, a source like it among those that have some (PostgREST's noRelBetweenHint).
 */
function perhaps(cache: SchemaCache, source: Relation, name: string, all: Relationship[]): string | null {
  if (all.length > 0) {
    const match = fuzzyMatches(
      all.map((r) => r.target.name),
      name,
    ).find(([score]) => score < 1);
    return match ? `Perhaps you meant '${match[1]}' instead of '${name}'.` : null;
  }
  const related = cache
    .relations(source.schema)
    .filter((r) => cache.relationshipsFrom(r).length > 0)
    .map((r) => r.name);
  const match = fuzzyMatches(related, source.name)[0];
  return match ? `Perhaps you meant '${match[1]}' instead of '${source.name}'.` : null;
}

/** PGRST201: every candidate with its cardinality and PostgREST's description, in PostgREST's order. */
function ambiguous(source: Relation, name: string, candidates: Relationship[]) {
  const sorted = [...candidates].sort(comparePostgrest);
  return restError(
    300,
    'PGRST201',
    `Could not embed because more than one relationship was found for '${source.name}' and '${name}'`,
    sorted.map((r) => describe(source, r)),
    `Try changing '${name}' to one of the following: ${sorted.map(hintFor).join(', ')}. Find the desired relationship in the 'details' key.`,
  );
}

/** `'target!constraint'`, `'target!junction'`; nothing for a computed relationship (as PostgREST). */
function hintFor(r: Relationship): string {
  if (r.computed) return '';
  return `'${r.target.name}!${r.junction ? r.junction.relation.name : r.constraint}'`;
}

function describe(source: Relation, r: Relationship): Record<string, string> {
  if (r.computed) return {};
  const list = (cols: string[]) => `(${cols.join(', ')})`;
  const relationship = r.junction
    ? `${r.junction.relation.name} using ${r.junction.sourceConstraint}${list(r.junction.sourceColumns)} and ${r.junction.targetConstraint}${list(r.junction.targetColumns)}`
    : `${r.constraint} using ${source.name}${list(r.sourceColumns)} and ${r.target.name}${list(r.targetColumns)}`;
  return { cardinality: r.cardinality, embedding: `${source.name} with ${r.target.name}`, relationship };
}

const CARDINALITY_ORDER = ['one-to-many', 'many-to-one', 'one-to-one', 'many-to-many'];

/** PostgREST sorts relationships by their Haskell `Ord`: target, self, cardinality, then key names and columns. */
function comparePostgrest(a: Relationship, b: Relationship): number {
  const key = (r: Relationship) => [
    r.computed ? 1 : 0,
    r.target.schema,
    r.target.name,
    r.isSelf ? 1 : 0,
    CARDINALITY_ORDER.indexOf(r.cardinality),
    ...(r.junction
      ? [
          r.junction.relation.schema,
          r.junction.relation.name,
          r.junction.sourceConstraint,
          r.junction.targetConstraint,
          r.junction.sourceColumns.join('\0'),
          r.junction.targetColumns.join('\0'),
        ]
      : [r.constraint, r.sourceColumns.join('\0'), r.targetColumns.join('\0')]),
  ];
  const x = key(a);
  const y = key(b);
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i] < y[i] ? -1 : 1;
  return 0;
}

/** Whether an embed of this relationship is one object (or null) rather than an array. */
export function isToOne(rel: Relationship): boolean {
  if (rel.computed) return rel.computed.toOne;
  return rel.cardinality === 'many-to-one' || rel.cardinality === 'one-to-one';
}

/**
 * The related rows of one source row: a FROM item naming them `targetAlias` (with the junction
 * beside them, or the computed relationship's function called with the source row), and the
 * conditions that tie them to the source row `sourceAlias`.
 */
export function embedJoin(rel: Relationship, target: Relation, sourceAlias: string, targetAlias: string): { from: string; conditions: string[] } {
  const to = quoteIdent(targetAlias);
  const from = quoteIdent(sourceAlias);
  if (rel.computed) {
    // The function already selects the related rows; nothing to join on.
    return { from: `${qualified(rel.computed.fn)}(${from}) as ${to}`, conditions: ['true'] };
  }
  if (rel.junction) {
    const j = rel.junction;
    const via = quoteIdent(`${targetAlias}_j`);
    return {
      from: `${qualified(target)} as ${to}, ${qualified(j.relation)} as ${via}`,
      conditions: [
        ...rel.targetColumns.map((c, i) => `${to}.${quoteIdent(c)} = ${via}.${quoteIdent(j.targetColumns[i])}`),
        ...rel.sourceColumns.map((c, i) => `${via}.${quoteIdent(j.sourceColumns[i])} = ${from}.${quoteIdent(c)}`),
      ],
    };
  }
  return {
    from: `${qualified(target)} as ${to}`,
    conditions: rel.sourceColumns.map((c, i) => `${to}.${quoteIdent(rel.targetColumns[i])} = ${from}.${quoteIdent(c)}`),
  };
}
