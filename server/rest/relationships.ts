import { restError } from './errors.ts';
import type { SelectItem } from './parse.ts';
import type { Relation, Relationship } from './schema-cache.ts';
import { quoteIdent, type QueryBuilder } from './sql.ts';

/**
 * Embeds → relationships: which relationship an embed names (PostgREST's resolution rules and its
 * PGRST200/PGRST201 answers), and the FROM and join conditions that reach the related rows.
 */

export type EmbedItem = Extract<SelectItem, { kind: 'embed' }>;

/** The relationship an embed names, with PostgREST's errors when there is none or more than one. */
export function relationship(b: QueryBuilder, source: Relation, item: Extract<SelectItem, { kind: 'embed' }>): { target: Relation; rel: Relationship } {
  const target = b.cache.relation(source.schema, item.relation);
  const notFound = () =>
    restError(
      400,
      'PGRST200',
      `Could not find a relationship between '${source.name}' and '${item.relation}' in the schema cache`,
      `Searched for a foreign key relationship between '${source.name}' and '${item.relation}'${item.hint ? ` using the hint '${item.hint}'` : ''} in the schema '${source.schema}', but no matches were found.`,
    );
  if (!target) throw notFound();
  let candidates = b.cache.relationships(source, target);
  if (item.hint !== undefined) {
    const hint = item.hint;
    candidates = candidates.filter((r) => r.constraint === hint || r.sourceColumns.includes(hint) || r.targetColumns.includes(hint));
  }
  if (candidates.length === 0) throw notFound();
  if (candidates.length > 1) {
    throw restError(
      300,
      'PGRST201',
      `Could not embed because more than one relationship was found for '${source.name}' and '${item.relation}'`,
      candidates.map((r) => ({
        cardinality: r.cardinality,
        embedding: `${source.name} with ${target.name}`,
        relationship: `${r.constraint} using ${source.name}(${r.sourceColumns.join(', ')}) and ${target.name}(${r.targetColumns.join(', ')})`,
      })),
      `Try changing '${item.relation}' to one of the following: ${candidates.map((r) => `'${item.relation}!${r.constraint}'`).join(', ')}. Find the desired relationship in the 'details' key.`,
    );
  }
  return { target, rel: candidates[0] };
}

/** Whether an embed of this relationship is one object (or null) rather than an array. */
export function isToOne(rel: Relationship): boolean {
  return rel.cardinality === 'many-to-one';
}

/**
 * The related rows of one source row: a FROM item naming them `targetAlias`, and the conditions
 * that tie them to the source row `sourceAlias`.
 */
export function embedJoin(rel: Relationship, target: Relation, sourceAlias: string, targetAlias: string): { from: string; conditions: string[] } {
  return {
    from: `${qualifiedName(target)} as ${quoteIdent(targetAlias)}`,
    conditions: rel.sourceColumns.map((c, i) => `${quoteIdent(targetAlias)}.${quoteIdent(rel.targetColumns[i])} = ${quoteIdent(sourceAlias)}.${quoteIdent(c)}`),
  };
}

const qualifiedName = (r: { schema: string; name: string }) => `${quoteIdent(r.schema)}.${quoteIdent(r.name)}`;
