import { describe, expect, it } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import { IMPORT_MAX_BYTES, type ImportPayload, readProductsCsv } from '../../domain/catalogueCsv';
import {
  type ChosenFile,
  type ImportOutcome,
  type PlannedRow,
  type ProductImportEvent,
  productImportMachine,
  selectImportState,
  selectPreviewState,
} from '../../machines/productImportMachine';
import { ApiError } from '../../src/api/errors';
import { activeIds, declaredTransitions, explore, stateIds, transitionIds, withIgnored } from './graph';
import { type Deferred, deferredActor, playLatest } from './support';

type Snapshot = SnapshotFrom<typeof productImportMachine>;

const GOOD_FILE: ChosenFile = { name: 'catalogue.csv', size: 120, type: 'text/csv' };
const BIG_FILE: ChosenFile = { name: 'catalogue.csv', size: IMPORT_MAX_BYTES + 1, type: 'text/csv' };
const IMAGE: ChosenFile = { name: 'photo.png', size: 120, type: 'image/png' };

const HEADER = 'sku,slug,title,category,price,inventory';
const GOOD_TEXT = `${HEADER}\nA,tee,Tee,clothing,"12,50",3\nB,tee,Tee,clothing,12.50,4\n`;
const BAD_ROW_TEXT = `${HEADER}\nA,tee,Tee,clothing,zwölf,3\nB,tee,Tee,clothing,12.50,4\n`;
const WRONG_COLUMNS = 'sku;name\nA;x\n';

const PLAN: PlannedRow[] = [
  { line: 2, sku: 'A', action: 'update', fields: ['price'], error: null },
  { line: 3, sku: 'B', action: 'unchanged', fields: [], error: null },
];
const PLAN_WITH_DB_ERROR: PlannedRow[] = [
  { line: 2, sku: 'A', action: 'error', fields: [], error: 'sku_of_other_product:cap' },
  { line: 3, sku: 'B', action: 'create', fields: [], error: null },
];
const REPORT: ImportOutcome = { counts: { create: 0, update: 1, unchanged: 1, error: 0 } };
const offline = new ApiError('network', 'Failed to fetch');
const refused = new ApiError('invalid', 'The file has 1 bad rows; nothing was imported', { code: 'import_refused', details: '{"line":2}' });

type GraphEvent =
  | ProductImportEvent
  | { type: 'xstate.done.actor.readFile'; output: string }
  | { type: 'xstate.error.actor.readFile'; error: unknown }
  | { type: 'xstate.done.actor.preview'; output: PlannedRow[] }
  | { type: 'xstate.error.actor.preview'; error: unknown }
  | { type: 'xstate.done.actor.apply'; output: ImportOutcome }
  | { type: 'xstate.error.actor.apply'; error: unknown };

const events: GraphEvent[] = [
  { type: 'file.choose', file: GOOD_FILE },
  { type: 'file.choose', file: BIG_FILE },
  { type: 'file.choose', file: IMAGE },
  { type: 'xstate.done.actor.readFile', output: GOOD_TEXT },
  { type: 'xstate.done.actor.readFile', output: BAD_ROW_TEXT },
  { type: 'xstate.done.actor.readFile', output: WRONG_COLUMNS },
  { type: 'xstate.error.actor.readFile', error: new Error('NotReadableError') },
  { type: 'xstate.done.actor.preview', output: PLAN },
  { type: 'xstate.done.actor.preview', output: PLAN_WITH_DB_ERROR },
  { type: 'xstate.error.actor.preview', error: offline },
  { type: 'xstate.done.actor.apply', output: REPORT },
  { type: 'xstate.error.actor.apply', error: refused },
  { type: 'xstate.error.actor.apply', error: offline },
  { type: 'import.apply' },
  { type: 'import.retry' },
  { type: 'import.cancel' },
];

function harness() {
  const reads: Deferred<ChosenFile, string>[] = [];
  const previews: Deferred<{ rows: ImportPayload[] }, PlannedRow[]>[] = [];
  const applies: Deferred<{ rows: ImportPayload[] }, ImportOutcome>[] = [];
  const machine = productImportMachine.provide({ actors: { readFile: deferredActor(reads), preview: deferredActor(previews), apply: deferredActor(applies) } });
  const actor = createActor(machine).start();
  const play = (event: GraphEvent) => playLatest(actor, { readFile: reads, preview: previews, apply: applies }, event);
  return { actor, reads, previews, applies, play };
}

const goodPayload = (text: string) => {
  const read = readProductsCsv(text);
  return read.ok ? read.rows.flatMap((r) => (r.payload ? [r.payload] : [])) : [];
};

describe('product import machine: graph coverage', () => {
  const { paths, taken } = explore(productImportMachine, undefined as never, events);
  const initial = createActor(productImportMachine).getSnapshot();

  it('reaches every state and takes every declared transition', () => {
    const visited = new Set([...activeIds(initial as never), ...paths.flatMap((path) => path.flatMap((step) => activeIds(step.state as never)))]);
    expect([...visited].sort()).toEqual(stateIds(productImportMachine).sort());
    expect([...taken].sort()).toEqual(declaredTransitions(productImportMachine).sort());
  });

  it('replays every path: one read per accepted file, the good rows previewed and applied, never a file with errors applied', async () => {
    for (const path of [[], ...paths]) {
      const h = harness();
      let from = initial as Snapshot;
      for (const step of withIgnored(productImportMachine, initial, events, path)) {
        const event = step.event as GraphEvent;
        const handled = transitionIds(productImportMachine, from, event).length > 0;
        from = step.state as Snapshot;
        const before = h.actor.getSnapshot();
        const calls = [h.reads.length, h.previews.length, h.applies.length];
        await h.play(event);
        const snapshot = h.actor.getSnapshot();
        expect(snapshot.value).toEqual(step.state.value);
        expect(snapshot.context).toEqual(step.state.context);
        const state = selectImportState(snapshot);
        if (!handled) {
          expect(snapshot.context).toEqual(before.context);
          expect([h.reads.length, h.previews.length, h.applies.length]).toEqual(calls);
          continue;
        }
        const wasIn = selectImportState(before);
        // A request only on entering its state, with what the state is about.
        expect(h.reads.length).toBe(calls[0] + (state === 'reading' ? 1 : 0));
        if (state === 'reading') expect(h.reads.at(-1)?.input).toEqual(GOOD_FILE);
        expect(h.previews.length).toBe(calls[1] + (state === 'previewing' && wasIn !== 'previewing' ? 1 : 0));
        expect(h.applies.length).toBe(calls[2] + (state === 'applying' && wasIn !== 'applying' ? 1 : 0));
        if (state === 'previewing') expect(h.previews.at(-1)?.input.rows).toEqual(snapshot.context.rows.flatMap((r) => (r.payload ? [r.payload] : [])));
        if (state === 'applying' && wasIn !== 'applying') {
          expect(selectPreviewState(before) === 'ok' || wasIn === 'failed').toBe(true);
          expect(snapshot.context.preview?.counts.error).toBe(0);
          expect(h.applies.at(-1)?.input.rows).toEqual(goodPayload(GOOD_TEXT));
        }
        if (event.type === 'file.choose' && state === 'idle') expect(snapshot.context.fileProblem).not.toBeNull();
        if (state === 'preview') {
          const errors = snapshot.context.preview?.counts.error ?? 0;
          expect(selectPreviewState(snapshot)).toBe(errors > 0 ? 'withErrors' : 'ok');
          expect(snapshot.context.preview?.rows.map((r) => r.line)).toEqual(snapshot.context.rows.map((r) => r.line));
        }
        if (state === 'done') expect(snapshot.context.report).toEqual(REPORT);
        if (state === 'failed') expect(snapshot.context.failure?.message).toBe((event as { error: Error }).error.message);
      }
      h.actor.stop();
    }
  });
});

describe('product import machine: rules', () => {
  it('a 20 MB file or an image is refused without reading it, with the reason', () => {
    const h = harness();
    h.actor.send({ type: 'file.choose', file: { ...BIG_FILE, size: 20 * 1024 * 1024 } });
    expect([selectImportState(h.actor.getSnapshot()), h.actor.getSnapshot().context.fileProblem]).toEqual(['idle', { kind: 'too_large', maxBytes: IMPORT_MAX_BYTES }]);
    h.actor.send({ type: 'file.choose', file: IMAGE });
    expect(h.actor.getSnapshot().context.fileProblem).toEqual({ kind: 'not_csv' });
    expect(h.reads).toEqual([]);
  });

  it('wrong columns: back in idle with the columns named, nothing sent to the database', async () => {
    const h = harness();
    h.actor.send({ type: 'file.choose', file: GOOD_FILE });
    await h.play({ type: 'xstate.done.actor.readFile', output: 'sku,slug,title\nA,a,x\n' });
    expect(h.actor.getSnapshot().context.fileProblem).toEqual({ kind: 'missing_columns', columns: ['category', 'price', 'inventory'] });
    expect(h.previews).toEqual([]);
  });

  it('a row with an error: every row shown, the good ones previewed, apply ignored', async () => {
    const h = harness();
    h.actor.send({ type: 'file.choose', file: GOOD_FILE });
    await h.play({ type: 'xstate.done.actor.readFile', output: BAD_ROW_TEXT });
    expect(h.previews.map((p) => p.input.rows.map((r) => r.sku))).toEqual([['B']]);
    await h.play({ type: 'xstate.done.actor.preview', output: [{ line: 3, sku: 'B', action: 'create', fields: [], error: null }] });
    expect(selectPreviewState(h.actor.getSnapshot())).toBe('withErrors');
    expect(h.actor.getSnapshot().context.preview?.rows.map((r) => [r.line, r.action, r.problem])).toEqual([
      [2, 'error', { kind: 'not_a_number', column: 'price' }],
      [3, 'create', null],
    ]);
    h.actor.send({ type: 'import.apply' });
    expect(h.applies).toEqual([]);
  });

  it('apply refused by the database: failed with its reason; retry applies again; a double click applies once', async () => {
    const h = harness();
    h.actor.send({ type: 'file.choose', file: GOOD_FILE });
    await h.play({ type: 'xstate.done.actor.readFile', output: GOOD_TEXT });
    await h.play({ type: 'xstate.done.actor.preview', output: PLAN });
    h.actor.send({ type: 'import.apply' });
    h.actor.send({ type: 'import.apply' });
    h.actor.send({ type: 'file.choose', file: GOOD_FILE });
    expect(h.applies).toHaveLength(1);
    await h.play({ type: 'xstate.error.actor.apply', error: refused });
    expect(h.actor.getSnapshot().context.failure).toEqual({ stage: 'apply', code: 'import_refused', message: refused.message, details: '{"line":2}' });
    h.actor.send({ type: 'import.retry' });
    expect(h.applies).toHaveLength(2);
    await h.play({ type: 'xstate.done.actor.apply', output: REPORT });
    expect([selectImportState(h.actor.getSnapshot()), h.actor.getSnapshot().context.report]).toEqual(['done', REPORT]);
  });
});
