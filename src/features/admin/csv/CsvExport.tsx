import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { CsvSeparator } from '../../../../domain/csv';
import { csvExportMachine, selectExportState } from '../../../../machines/csvExportMachine';
import { CsvExportView } from './CsvExportView';
import { downloadText } from './download';

export type CsvExportProps = {
  label: string;
  fileName: () => string;
  /** Reads every page and writes the file's text. */
  build: (separator: CsvSeparator) => Promise<string>;
};

/** The export control of an admin list: its machine, and the download when the file is written. */
export function CsvExport({ label, fileName, build }: CsvExportProps) {
  const [snapshot, send] = useMachine(
    csvExportMachine.provide({
      actors: {
        exportCsv: fromPromise(async ({ input }) => downloadText(fileName(), await build(input.separator))),
      },
    }),
  );
  return (
    <CsvExportView
      state={selectExportState(snapshot)}
      separator={snapshot.context.separator}
      failure={snapshot.context.failure}
      label={label}
      onSeparatorChange={(separator) => send({ type: 'separator.change', separator })}
      onExport={() => send({ type: 'export.start' })}
    />
  );
}
