import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import {
  checkFile,
  type FileProblem,
  type ImportPayload,
  type ImportPreview,
  type ImportRow,
  mergePreview,
  type PreviewAction,
  type PreviewCounts,
  readProductsCsv,
} from '../domain/catalogueCsv';
import { errorMessage } from '../domain/errors';
import { type ChildStateOf, childState, type StateOf, topState } from './status';

/** The file as the page hands it over: what checkFile reads, and the handle the reader actor opens. */
export type ChosenFile = { name: string; size: number; type: string; file?: Blob };
/** The database's plan per good row (public.import_products with apply = false). */
export type PlannedRow = { line: number; sku: string; action: PreviewAction; fields: string[]; error: string | null };
export type ImportOutcome = { counts: PreviewCounts };
export type ImportFailure = { stage: 'preview' | 'apply'; code: string | null; message: string; details: string | null };

type Context = {
  fileName: string | null;
  /** Why the chosen file was not read (too large, not a CSV, wrong columns, …); shown in idle. */
  fileProblem: FileProblem | null;
  rows: ImportRow[];
  preview: ImportPreview | null;
  report: ImportOutcome | null;
  failure: ImportFailure | null;
};

export type ProductImportEvent = { type: 'file.choose'; file: ChosenFile } | { type: 'import.apply' } | { type: 'import.retry' } | { type: 'import.cancel' };

const payloadOf = (rows: readonly ImportRow[]): ImportPayload[] => rows.flatMap((row) => (row.payload ? [row.payload] : []));
const field = (error: unknown, key: 'code' | 'details') => {
  const value = typeof error === 'object' && error !== null ? (error as Record<string, unknown>)[key] : undefined;
  return typeof value === 'string' ? value : null;
};
const failureOf = (stage: ImportFailure['stage'], error: unknown): ImportFailure => ({
  stage,
  code: field(error, 'code'),
  message: errorMessage(error, 'Unknown error'),
  details: field(error, 'details'),
});

/**
 * The catalogue import (issue 24, ADR 0037): idle → reading → previewing → preview (ok, or
 * withErrors: no apply) → applying → done (the report) | failed (retry the stage that failed).
 * A file too large or not a CSV is refused before it is read; a file whose columns are wrong is
 * refused after; both back in idle with the reason. Every row is shown in the preview; apply sends
 * the same rows again, and the database applies all of them or none.
 */
export const productImportMachine = setup({
  types: { context: {} as Context, events: {} as ProductImportEvent },
  actors: {
    readFile: fromPromise<string, ChosenFile>(async () => {
      throw new Error('provide readFile');
    }),
    preview: fromPromise<PlannedRow[], { rows: ImportPayload[] }>(async () => {
      throw new Error('provide preview');
    }),
    apply: fromPromise<ImportOutcome, { rows: ImportPayload[] }>(async () => {
      throw new Error('provide apply');
    }),
  },
  actions: {
    start: assign((_, file: ChosenFile) => ({ fileName: file.name, fileProblem: null, rows: [], preview: null, report: null, failure: null })),
    refuseFile: assign((_, file: ChosenFile) => ({ fileName: file.name, fileProblem: checkFile(file), rows: [], preview: null, report: null, failure: null })),
    takeRows: assign((_, text: string) => {
      const read = readProductsCsv(text);
      return read.ok ? { rows: read.rows } : { fileProblem: read.problem };
    }),
    unreadable: assign({ fileProblem: { kind: 'not_csv' } as FileProblem }),
    setPreview: assign(({ context }, planned: PlannedRow[]) => ({ preview: mergePreview(context.rows, planned) })),
    setReport: assign((_, report: ImportOutcome) => ({ report })),
    setFailure: assign((_, failure: ImportFailure) => ({ failure })),
    clearFailure: assign({ failure: null }),
    reset: assign({ fileName: null, fileProblem: null, rows: [], preview: null, report: null, failure: null }),
  },
  guards: {
    fileOk: (_, file: ChosenFile) => checkFile(file) === null,
    readOk: (_, text: string) => readProductsCsv(text).ok,
    hasErrors: ({ context }) => (context.preview?.counts.error ?? 0) > 0,
    failedInApply: ({ context }) => context.failure?.stage === 'apply',
  },
}).createMachine({
  id: 'productImport',
  context: { fileName: null, fileProblem: null, rows: [], preview: null, report: null, failure: null },
  initial: 'idle',
  on: {
    // A new file starts over from any state but while a request runs (its answer would be lost).
    'file.choose': [
      { guard: { type: 'fileOk', params: ({ event }) => event.file }, target: '.reading', actions: { type: 'start', params: ({ event }) => event.file } },
      { target: '.idle', actions: { type: 'refuseFile', params: ({ event }) => event.file } },
    ],
  },
  states: {
    idle: {},
    reading: {
      invoke: {
        id: 'readFile',
        src: 'readFile',
        input: ({ event }) => (event.type === 'file.choose' ? event.file : { name: '', size: 0, type: '' }),
        onDone: [
          { guard: { type: 'readOk', params: ({ event }) => event.output }, target: 'previewing', actions: { type: 'takeRows', params: ({ event }) => event.output } },
          { target: 'idle', actions: { type: 'takeRows', params: ({ event }) => event.output } },
        ],
        onError: { target: 'idle', actions: 'unreadable' },
      },
    },
    previewing: {
      on: { 'file.choose': {} },
      invoke: {
        id: 'preview',
        src: 'preview',
        input: ({ context }) => ({ rows: payloadOf(context.rows) }),
        onDone: { target: 'preview', actions: { type: 'setPreview', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'setFailure', params: ({ event }) => failureOf('preview', event.error) } },
      },
    },
    preview: {
      initial: 'ok',
      states: {
        ok: {
          always: { guard: 'hasErrors', target: 'withErrors' },
          on: { 'import.apply': '#productImport.applying' },
        },
        // A file with a bad row is never applied: the admin fixes the file and chooses it again.
        withErrors: {},
      },
      on: { 'import.cancel': { target: 'idle', actions: 'reset' } },
    },
    applying: {
      on: { 'file.choose': {} },
      entry: 'clearFailure',
      invoke: {
        id: 'apply',
        src: 'apply',
        input: ({ context }) => ({ rows: payloadOf(context.rows) }),
        onDone: { target: 'done', actions: { type: 'setReport', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'setFailure', params: ({ event }) => failureOf('apply', event.error) } },
      },
    },
    done: {
      on: { 'import.cancel': { target: 'idle', actions: 'reset' } },
    },
    failed: {
      on: {
        'import.retry': [
          { guard: 'failedInApply', target: 'applying' },
          { target: 'previewing', actions: 'clearFailure' },
        ],
        'import.cancel': { target: 'idle', actions: 'reset' },
      },
    },
  },
});

export type ProductImportSnapshot = SnapshotFrom<typeof productImportMachine>;
export type ProductImportState = StateOf<typeof productImportMachine>;
export type ProductImportPreviewState = ChildStateOf<typeof productImportMachine, 'preview'>;
export const selectImportState = (snapshot: ProductImportSnapshot): ProductImportState => topState(snapshot);
export const selectPreviewState = (snapshot: ProductImportSnapshot) => childState(snapshot, 'preview');
