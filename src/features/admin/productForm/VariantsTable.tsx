import { useLingui } from '@lingui/react/macro';
import { css, cx } from '../../../../styled-system/css';
import type { FormErrors, VariantDraft } from '../../../../domain/productForm';
import { Button } from '../../../ui/Button';
import { fieldInput, fieldMessage } from '../../../ui/TextField';
import { fieldId, VARIANT_FIELD_LABELS, VARIANT_FIELDS, type VariantField } from './formFields';
import { fieldProblemText } from './problemText';

export type VariantsTableProps = {
  variants: VariantDraft[];
  errors: FormErrors;
  /** While saving: every input and button waits (the region still scrolls). */
  disabled: boolean;
  onVariantChange: (key: string, field: VariantField, value: string) => void;
  onAddVariant: () => void;
  onRemoveVariant: (key: string) => void;
};

const REQUIRED: ReadonlySet<VariantField> = new Set(['sku', 'price', 'inventory']);
const INPUT_MODE: Partial<Record<VariantField, 'decimal' | 'numeric'>> = { price: 'decimal', compareAtPrice: 'decimal', inventory: 'numeric' };
/** Column widths (rem) so a row keeps its shape while it scrolls on a phone. */
const MIN_WIDTH: Record<VariantField, string> = { sku: '10rem', size: '6rem', color: '8rem', price: '8rem', compareAtPrice: '8.5rem', inventory: '7.5rem', barcode: '9rem' };

const cell = css({ p: '2', verticalAlign: 'top', textAlign: 'left' });
const headCell = css({ p: '2', textAlign: 'left', fontSize: 'sm', fontWeight: 'semibold', whiteSpace: 'nowrap', borderBottomWidth: '1px', borderColor: 'border' });

/**
 * The variants as a table of inputs (SKU, size, colour, prices, stock, barcode). On narrow screens
 * the table scrolls sideways inside a focusable, labelled region; each input is named by its
 * column and row ("SKU, variant 2").
 */
export function VariantsTable({ variants, errors, disabled, onVariantChange, onAddVariant, onRemoveVariant }: VariantsTableProps) {
  const { t, i18n } = useLingui();
  const canRemove = variants.length > 1;
  const listProblem = errors.variants;
  return (
    <div className={css({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: '3' })}>
      <p className={css({ display: { base: 'block', xl: 'none' }, fontSize: 'sm', color: 'fg.muted' })}>{t`Scroll sideways to see every column.`}</p>
      <section
        aria-label={t`Variants table`}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways must be reachable by keyboard.
        tabIndex={0}
        className={css({ position: 'relative', overflowX: 'auto', borderWidth: '1px', borderColor: 'border', borderRadius: 'md', bg: 'bg' })}
      >
        {/* The fieldset sits inside the region: a disabled fieldset around it would take the region's own focus too. */}
        <fieldset disabled={disabled} className={css({ minW: '0', border: 'none', p: '0', m: '0', '& input:disabled': { opacity: 0.7 } })}>
          <table className={css({ w: 'full', borderCollapse: 'collapse' })}>
            <caption className={css({ srOnly: true })}>{t`Variants`}</caption>
            <thead>
              <tr>
                <th scope="col" className={headCell}>
                  <span aria-hidden="true">#</span>
                  <span className={css({ srOnly: true })}>{t`Variant`}</span>
                </th>
                {VARIANT_FIELDS.map((field) => (
                  <th key={field} scope="col" className={headCell} style={{ minWidth: MIN_WIDTH[field] }}>
                    {i18n._(VARIANT_FIELD_LABELS[field])}
                    {REQUIRED.has(field) && <span aria-hidden="true"> *</span>}
                  </th>
                ))}
                {canRemove && (
                  <th scope="col" className={headCell}>
                    <span className={css({ srOnly: true })}>{t`Remove`}</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {variants.map((variant, index) => {
                const n = index + 1;
                return (
                  <tr key={variant.key} className={css({ borderBottomWidth: '1px', borderColor: 'border', _last: { borderBottomWidth: '0' } })}>
                    <th scope="row" className={cx(cell, css({ pt: '4', fontWeight: 'semibold', color: 'fg.muted', whiteSpace: 'nowrap' }))}>
                      <span aria-hidden="true">{n}</span>
                      <span className={css({ srOnly: true })}>{t`Variant ${n}`}</span>
                    </th>
                    {VARIANT_FIELDS.map((field) => {
                      const path = `variants.${variant.key}.${field}` as const;
                      const id = fieldId(path);
                      const problem = errors[path];
                      const column = i18n._(VARIANT_FIELD_LABELS[field]);
                      return (
                        <td key={field} className={cell}>
                          <label htmlFor={id} className={css({ srOnly: true })}>
                            {t`${column}, variant ${n}`}
                          </label>
                          <input
                            id={id}
                            className={fieldInput}
                            type="text"
                            inputMode={INPUT_MODE[field]}
                            autoComplete="off"
                            spellCheck={false}
                            required={REQUIRED.has(field)}
                            value={variant[field]}
                            aria-invalid={problem ? true : undefined}
                            aria-describedby={problem ? `${id}-error` : undefined}
                            onChange={(event) => onVariantChange(variant.key, field, event.target.value)}
                          />
                          {problem && (
                            <p id={`${id}-error`} className={cx(fieldMessage, css({ color: 'danger' }))}>
                              {fieldProblemText(i18n, path, problem)}
                            </p>
                          )}
                        </td>
                      );
                    })}
                    {canRemove && (
                      <td className={cell}>
                        <Button variant="ghost" size="sm" className={css({ minH: '11' })} onClick={() => onRemoveVariant(variant.key)} aria-label={t`Remove variant ${n}`}>
                          {t`Remove`}
                        </Button>
                      </td>
                    )}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </fieldset>
      </section>
      {listProblem && (
        <p id={`${fieldId('variants')}-error`} className={cx(fieldMessage, css({ color: 'danger' }))}>
          {fieldProblemText(i18n, 'variants', listProblem)}
        </p>
      )}
      <div>
        <Button id={fieldId('variants')} variant="outline" disabled={disabled} onClick={onAddVariant} aria-describedby={listProblem ? `${fieldId('variants')}-error` : undefined}>
          {t`Add variant`}
        </Button>
      </div>
    </div>
  );
}
