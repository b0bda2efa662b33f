import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import type { CsvSeparator } from '../../../../domain/csv';
import type { CsvExportState } from '../../../../machines/csvExportMachine';
import { css } from '../../../../styled-system/css';
import { Button } from '../../../ui/Button';

export type CsvExportViewProps = {
  state: CsvExportState;
  separator: CsvSeparator;
  failure: string | null;
  /** What is exported, for the button's accessible name ("Export products as CSV"). */
  label: string;
  onSeparatorChange: (separator: CsvSeparator) => void;
  onExport: () => void;
};

const select = css({ minH: '10', px: '2', bg: 'surface.raised', color: 'fg', borderWidth: '1px', borderColor: 'border.strong', borderRadius: 'md', fontSize: 'sm' });

/** "Export CSV" with its separator (`,` or `;` for German Excel); busy while the pages are read, the reason when it failed. */
export function CsvExportView({ state, separator, failure, label, onSeparatorChange, onExport }: CsvExportViewProps) {
  const { t } = useLingui();
  const id = useId();
  const busy = state === 'exporting';
  return (
    <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2' })}>
      <label htmlFor={id} className={css({ srOnly: true })}>
        <Trans>CSV separator</Trans>
      </label>
      <select id={id} className={select} value={separator} disabled={busy} onChange={(e) => onSeparatorChange(e.target.value === ';' ? ';' : ',')}>
        <option value=",">{t`Comma (,)`}</option>
        <option value=";">{t`Semicolon (;) for Excel in German`}</option>
      </select>
      <Button variant="outline" aria-label={label} aria-disabled={busy || undefined} onClick={() => (busy ? undefined : onExport())}>
        {busy ? <Trans>Exporting…</Trans> : <Trans>Export CSV</Trans>}
      </Button>
      {state === 'failed' && (
        <p role="alert" className={css({ color: 'danger', fontSize: 'sm', w: 'full' })}>
          <Trans>The export failed: {failure}</Trans>
        </p>
      )}
    </div>
  );
}
