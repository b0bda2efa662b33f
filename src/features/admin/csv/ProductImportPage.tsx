import { useLingui } from '@lingui/react/macro';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { productImportMachine, selectImportState, selectPreviewState } from '../../../../machines/productImportMachine';
import { importProducts } from '../../../api/catalogueCsv';
import { useDocumentTitle } from '../../../ui/useDocumentTitle';
import { ProductImportView } from './ProductImportView';

/** /admin/products/import: the import machine with the file reader and public.import_products. */
export function ProductImportPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Import products · Admin`);
  const [snapshot, send] = useMachine(
    productImportMachine.provide({
      actors: {
        readFile: fromPromise(async ({ input }) => {
          if (!input.file) throw new Error('No file');
          return input.file.text();
        }),
        preview: fromPromise(async ({ input }) => (input.rows.length === 0 ? [] : (await importProducts({ rows: input.rows, apply: false })).rows)),
        apply: fromPromise(async ({ input }) => ({ counts: (await importProducts({ rows: input.rows, apply: true })).counts })),
      },
    }),
  );
  const { fileName, fileProblem, preview, report, failure } = snapshot.context;
  return (
    <ProductImportView
      state={selectImportState(snapshot)}
      previewState={selectPreviewState(snapshot)}
      fileName={fileName}
      fileProblem={fileProblem}
      preview={preview}
      report={report}
      failure={failure}
      onChoose={(file) => send({ type: 'file.choose', file: { name: file.name, size: file.size, type: file.type, file } })}
      onApply={() => send({ type: 'import.apply' })}
      onRetry={() => send({ type: 'import.retry' })}
      onCancel={() => send({ type: 'import.cancel' })}
    />
  );
}
