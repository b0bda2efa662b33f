import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { CsvSeparator } from '../domain/csv';
import { errorMessage } from '../domain/errors';
import { type StateOf, topState } from './status';

export type CsvExportEvent = { type: 'export.start' } | { type: 'separator.change'; separator: CsvSeparator };

type Context = { separator: CsvSeparator; failure: string | null };

/**
 * "Export CSV" on an admin list (issue 24, ADR 0037): idle → exporting → idle | failed. The export
 * actor reads every page and hands the file to the browser; a second click while it runs is ignored.
 * The separator is `,` or `;` (German Excel) and stays chosen for the next export.
 */
export const csvExportMachine = setup({
  types: { context: {} as Context, events: {} as CsvExportEvent },
  actors: {
    exportCsv: fromPromise<void, { separator: CsvSeparator }>(async () => {
      throw new Error('provide exportCsv');
    }),
  },
  actions: {
    setSeparator: assign((_, separator: CsvSeparator) => ({ separator })),
    setFailure: assign((_, error: unknown) => ({ failure: errorMessage(error, 'Unknown error') })),
    clearFailure: assign({ failure: null }),
  },
}).createMachine({
  id: 'csvExport',
  context: { separator: ',', failure: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'export.start': 'exporting',
        'separator.change': { actions: { type: 'setSeparator', params: ({ event }) => event.separator } },
      },
    },
    exporting: {
      entry: 'clearFailure',
      invoke: {
        id: 'exportCsv',
        src: 'exportCsv',
        input: ({ context }) => ({ separator: context.separator }),
        onDone: 'idle',
        onError: { target: 'failed', actions: { type: 'setFailure', params: ({ event }: { event: { error: unknown } }) => event.error } },
      },
    },
    failed: {
      on: {
        'export.start': 'exporting',
        'separator.change': { target: 'idle', actions: [{ type: 'setSeparator', params: ({ event }) => event.separator }, 'clearFailure'] },
      },
    },
  },
});

export type CsvExportSnapshot = SnapshotFrom<typeof csvExportMachine>;
export type CsvExportState = StateOf<typeof csvExportMachine>;
export const selectExportState = (snapshot: CsvExportSnapshot): CsvExportState => topState(snapshot);
