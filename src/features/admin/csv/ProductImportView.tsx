import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { type FileProblem, IMPORT_MAX_BYTES, type ImportPreview, type PreviewAction, REQUIRED_PRODUCT_COLUMNS, type RowProblem } from '../../../../domain/catalogueCsv';
import type { ImportFailure, ImportOutcome, ProductImportPreviewState, ProductImportState } from '../../../../machines/productImportMachine';
import { css, cx } from '../../../../styled-system/css';
import { Badge, type BadgeTone } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { ButtonLink } from '../../../ui/ButtonLink';
import { pageHeading } from '../../../ui/Page';
import { Spinner } from '../../../ui/Spinner';
import { fieldLabel } from '../../../ui/TextField';
import { cell, headCell, muted, tableRegion } from '../shared/adminTable';

export type ProductImportViewProps = {
  state: ProductImportState;
  previewState: ProductImportPreviewState | null;
  fileName: string | null;
  fileProblem: FileProblem | null;
  preview: ImportPreview | null;
  report: ImportOutcome | null;
  failure: ImportFailure | null;
  onChoose: (file: File) => void;
  onApply: () => void;
  onRetry: () => void;
  onCancel: () => void;
};

const ACTION_TONES: Record<PreviewAction, BadgeTone> = { create: 'success', update: 'info', unchanged: 'neutral', error: 'danger' };
const head = cx(cell, headCell);

/** How big a limit is, for people: "5 MB". */
const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/**
 * /admin/products/import (issue 24, ADR 0037): choose a CSV → every row previewed (create, update
 * with its fields, unchanged, or the error) → apply, all or nothing → the report. Every state of
 * machines/productImportMachine.ts; cell values are data and shown as text.
 */
export function ProductImportView({ state, previewState, fileName, fileProblem, preview, report, failure, onChoose, onApply, onRetry, onCancel }: ProductImportViewProps) {
  const { t } = useLingui();
  const inputId = useId();
  const busy = state === 'reading' || state === 'previewing' || state === 'applying';

  const actionLabel = (action: PreviewAction) => (action === 'create' ? t`Create` : action === 'update' ? t`Update` : action === 'unchanged' ? t`Unchanged` : t`Error`);

  const fileProblemText = (problem: FileProblem): string => {
    switch (problem.kind) {
      case 'too_large':
        return t`The file is larger than ${megabytes(problem.maxBytes)}. Split it into smaller files.`;
      case 'not_csv':
        return t`This is not a CSV file. Export the sheet as CSV (UTF-8) and choose that file.`;
      case 'empty':
        return t`The file has no product rows.`;
      case 'malformed':
        return t`The file cannot be read as CSV: a quote is not closed or stray near line ${problem.line}.`;
      case 'missing_columns':
        return t`Columns missing: ${problem.columns.join(', ')}.`;
      case 'unknown_columns':
        return t`Unknown columns: ${problem.columns.join(', ')}.`;
      case 'duplicate_columns':
        return t`Columns given twice: ${problem.columns.join(', ')}.`;
      case 'too_many_rows':
        return t`The file has more than ${problem.max} rows. Split it into smaller files.`;
    }
  };

  const rowProblemText = (problem: RowProblem): string => {
    switch (problem.kind) {
      case 'field_count':
        return t`Wrong number of fields: ${problem.got} instead of ${problem.expected}.`;
      case 'duplicate_sku':
        return t`This SKU is already on line ${problem.firstLine}.`;
      case 'not_a_number':
        return problem.column === 'inventory' ? t`Stock is not a whole number.` : t`${problem.column} is not a price in euros (like 12.50 or 12,50).`;
      case 'invalid':
        return t`${problem.column} is not valid.`;
      case 'too_long':
        return t`${problem.column} is too long.`;
      case 'product_differs':
        return t`The product fields differ from line ${problem.firstLine} of the same product.`;
      case 'sku_of_other_product':
        return t`This SKU belongs to another product (${problem.slug}).`;
      case 'other':
        return t`Not accepted (${problem.code}).`;
    }
  };

  const counts = preview?.counts;
  const name = fileName ?? '';

  return (
    <div className={css({ display: 'grid', gap: '6', minW: '0' })}>
      <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: '4' })}>
        <h1 className={pageHeading}>
          <Trans>Import products</Trans>
        </h1>
        <ButtonLink href="/admin/products" variant="outline">
          <Trans>Back to products</Trans>
        </ButtonLink>
      </div>

      <div className={css({ display: 'grid', gap: '2' })}>
        <p className={muted}>
          <Trans>
            One row per variant, keyed by SKU: a new SKU is created, a known one updated. Use the columns of the product export; required: {REQUIRED_PRODUCT_COLUMNS.join(', ')}.
            Prices in euros with a point or a comma. Nothing is saved until you apply, and then all rows or none.
          </Trans>
        </p>
        <label htmlFor={inputId} className={fieldLabel}>
          <Trans>CSV file (at most {megabytes(IMPORT_MAX_BYTES)})</Trans>
        </label>
        <input
          id={inputId}
          type="file"
          accept=".csv,text/csv"
          disabled={state === 'previewing' || state === 'applying'}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) onChoose(file);
            e.target.value = '';
          }}
        />
        {fileProblem && (
          <p role="alert" className={css({ color: 'danger' })}>
            {fileName ? `${fileName}: ` : ''}
            {fileProblemText(fileProblem)}
          </p>
        )}
      </div>

      {busy && <Spinner label={state === 'reading' ? t`Reading the file...` : state === 'previewing' ? t`Checking every row...` : t`Importing...`} />}

      {state === 'failed' && failure && (
        <div role="alert" className={css({ display: 'grid', gap: '3', justifyItems: 'start' })}>
          <p>{failure.stage === 'apply' ? t`Nothing was imported: ${failure.message}` : t`The rows could not be checked: ${failure.message}`}</p>
          <div className={css({ display: 'flex', gap: '3' })}>
            <Button variant="outline" onClick={onRetry}>
              <Trans>Retry</Trans>
            </Button>
            <Button variant="ghost" onClick={onCancel}>
              <Trans>Start over</Trans>
            </Button>
          </div>
        </div>
      )}

      {state === 'done' && report && (
        <div role="status" className={css({ display: 'grid', gap: '3', justifyItems: 'start' })}>
          <p className={css({ fontWeight: 'semibold' })}>
            <Trans>
              Import done: {report.counts.create} created, {report.counts.update} updated, {report.counts.unchanged} unchanged.
            </Trans>
          </p>
          <div className={css({ display: 'flex', gap: '3' })}>
            <ButtonLink href="/admin/products">
              <Trans>Back to products</Trans>
            </ButtonLink>
            <Button variant="outline" onClick={onCancel}>
              <Trans>Import another file</Trans>
            </Button>
          </div>
        </div>
      )}

      {state === 'preview' && preview && counts && (
        <div className={css({ display: 'grid', gap: '4' })}>
          <p role="status" className={css({ fontWeight: 'semibold' })}>
            {plural(preview.rows.length, { one: `# row in ${name}:`, other: `# rows in ${name}:` })}{' '}
            <Trans>
              {counts.create} to create, {counts.update} to update, {counts.unchanged} unchanged, {counts.error} with errors.
            </Trans>
          </p>
          {previewState === 'withErrors' ? (
            <p role="alert" className={css({ color: 'danger' })}>
              <Trans>Fix the rows with errors in the file and choose it again. Nothing is imported while any row has an error.</Trans>
            </p>
          ) : null}
          <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3' })}>
            {previewState === 'ok' && <Button onClick={onApply}>{plural(counts.create + counts.update, { one: 'Apply # change', other: 'Apply # changes' })}</Button>}
            <Button variant="ghost" onClick={onCancel}>
              <Trans>Cancel</Trans>
            </Button>
          </div>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the preview scrolls inside itself on a phone; focusable so a keyboard can scroll it too */}
          <section aria-label={t`Preview of every row`} tabIndex={0} className={cx(tableRegion, css({ maxH: '70vh', overflowY: 'auto' }))}>
            <table className={css({ w: 'full', borderCollapse: 'collapse', fontSize: 'sm' })}>
              <thead>
                <tr>
                  <th scope="col" className={head}>{t`Line`}</th>
                  <th scope="col" className={head}>{t`SKU`}</th>
                  <th scope="col" className={head}>{t`Result`}</th>
                  <th scope="col" className={head}>{t`Details`}</th>
                </tr>
              </thead>
              <tbody>
                {preview.rows.map((row) => (
                  <tr key={row.line} data-action={row.action}>
                    <td className={cell}>{row.line}</td>
                    <td className={cell}>{row.sku}</td>
                    <td className={cell}>
                      <Badge tone={ACTION_TONES[row.action]}>{actionLabel(row.action)}</Badge>
                    </td>
                    <td className={cell}>{row.problem ? rowProblemText(row.problem) : row.action === 'update' ? row.fields.join(', ') : ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        </div>
      )}
    </div>
  );
}
