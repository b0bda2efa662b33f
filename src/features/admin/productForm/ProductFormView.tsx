import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { css, cx } from '../../../../styled-system/css';
import { CATEGORIES, META_DESCRIPTION_MAX } from '../../../../domain/catalogue';
import type { FieldPath, FieldProblem, FormErrors, ImageDraft, ProductTextField, ProductValues, VariantDraft } from '../../../../domain/productForm';
import type { FileProblem } from '../../../../domain/productImages';
import { SAVE_STEPS, type SaveStep } from '../../../../domain/productSave';
import { META_TITLE_MAX, PRODUCT_STATUSES, parseTags, type ProductStatus } from '../../../../domain/products';
import { BackLink } from '../../../ui/BackLink';
import { Button } from '../../../ui/Button';
import { card } from '../../../ui/Card';
import { categoryLabel } from '../../../ui/catalogueLabels';
import { Checkbox } from '../../../ui/Checkbox';
import { Page } from '../../../ui/Page';
import { RetryAlert } from '../../../ui/RetryAlert';
import { SelectField } from '../../../ui/SelectField';
import { Spinner } from '../../../ui/Spinner';
import { TextArea } from '../../../ui/TextArea';
import { TextField } from '../../../ui/TextField';
import { fieldId, fieldName, orderedErrorPaths } from './formFields';
import { ImagesField, type UploadState } from './ImagesField';
import { fieldProblemText } from './problemText';
import { VariantsTable } from './VariantsTable';

export type { SaveStep };
export type ProductFormStatus =
  | 'loading' // edit: the product is being read
  | 'loadFailed' // edit: reading failed (failure = message) → Retry (onRetry)
  | 'notFound' // edit: no such product → "Product not found" + Back to Products
  | 'editing' // the form (also after a validation failure: errors non-empty)
  | 'saving' // step says which step runs; every input disabled; submit shows 'Saving...'
  | 'failed' // a step failed: step = the failed step, failure = message; the form keeps every value; Retry resumes at that step
  | 'conflict' // the product was changed elsewhere since it was loaded (stale): "Reload product" (onReload)
  | 'saved'; // done: the container toasts and navigates

export type ProductFormViewProps = {
  mode: 'create' | 'edit';
  status: ProductFormStatus;
  step: SaveStep | null;
  failure: string | null;
  values: ProductValues;
  variants: VariantDraft[];
  images: ImageDraft[];
  /** Per-image upload state while saving/failed: uploaded images show a check; the failing one its error. */
  uploaded: string[]; // keys of images already uploaded in this save
  errors: FormErrors; // shown under each field (aria-invalid + aria-describedby) and summarised at the top
  fileProblems: { fileName: string; problem: FileProblem }[]; // files refused when picked/dropped (not added)
  /** Increments each time a submit found errors: the view focuses the first invalid field (in form order). */
  focusRequest: number;
  onChange: (field: ProductTextField, value: string) => void; // title changes also move slug/meta title (machine uses withTitle)
  onFeaturedChange: (featured: boolean) => void;
  onVariantChange: (key: string, field: 'sku' | 'size' | 'color' | 'price' | 'compareAtPrice' | 'inventory' | 'barcode', value: string) => void;
  onAddVariant: () => void;
  onRemoveVariant: (key: string) => void; // the view offers remove only while variants.length > 1
  onAddFiles: (files: File[]) => void; // from the drop zone AND the file picker (accept=".jpg,.jpeg,.png,.webp")
  onRemoveImage: (key: string) => void;
  onMoveImage: (key: string, toIndex: number) => void; // first image = primary; buttons "Move left/right" (keyboard)
  onAltChange: (key: string, alt: string) => void;
  onSubmit: () => void;
  onRetry: () => void;
  onReload: () => void;
  onCancel: () => void; // the container navigates to /admin/products (the guard asks when dirty)
};

const STEP_NAMES: Record<SaveStep, MessageDescriptor> = {
  product: msg`product details`,
  variants: msg`variants`,
  images: msg`uploading images`,
  media: msg`image order and alt texts`,
};
const STATUS_LABELS: Record<ProductStatus, MessageDescriptor> = {
  draft: msg`Draft`,
  published: msg`Published`,
  archived: msg`Archived`,
};

const PRODUCTS_HREF = '/admin/products';

const sectionHeading = css({ textStyle: 'heading', fontSize: { base: 'lg', md: 'xl' }, lineHeight: '1.2' });
const sectionBody = css({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: '5', mt: '5' });
const twoColumns = css({ display: 'grid', gap: '5', gridTemplateColumns: { base: '1fr', md: 'repeat(2, minmax(0, 1fr))' } });
const alertBox = css({ display: 'grid', gap: '3', justifyItems: 'start', p: '4', borderWidth: '1px', borderRadius: 'md', bg: 'surface' });

/** Each image's place in a save: uploaded, the one uploading (or that failed), the ones waiting. */
function uploadStates(status: ProductFormStatus, step: SaveStep | null, images: ImageDraft[], uploaded: string[]): Record<string, UploadState> {
  const states: Record<string, UploadState> = {};
  let current = true;
  for (const image of images) {
    if (uploaded.includes(image.key)) states[image.key] = 'uploaded';
    else if (image.url || !image.file) states[image.key] = 'saved';
    else if ((status === 'saving' || status === 'failed') && step === 'images') {
      states[image.key] = current ? (status === 'saving' ? 'uploading' : 'failed') : 'waiting';
      current = false;
    } else if (status === 'saving' && (step === 'product' || step === 'variants')) states[image.key] = 'waiting';
    else states[image.key] = 'new';
  }
  return states;
}

function Section({ title, lead, children }: { title: string; lead?: ReactNode; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={card}>
      <h2 id={headingId} className={sectionHeading}>
        {title}
      </h2>
      {lead && <p className={css({ mt: '2', color: 'fg.muted', fontSize: 'sm' })}>{lead}</p>}
      <div className={sectionBody}>{children}</div>
    </section>
  );
}

/** "12/60" under a field with a limit; over the limit it turns red. */
function Counter({ count, max, label }: { count: number; max: number; label: string }) {
  return (
    <span className={css({ display: 'flex', justifyContent: 'space-between', gap: '3' })}>
      <span>{label}</span>
      <span className={cx(css({ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }), count > max ? css({ color: 'danger', fontWeight: 'semibold' }) : undefined)}>
        {count}/{max}
      </span>
    </span>
  );
}

const required = (label: string) => (
  <>
    {label}
    <span aria-hidden="true"> *</span>
  </>
);

/**
 * The admin's product form, create and edit (SPEC §2 Admin product form, §5): Basic Information,
 * German, SEO & URL, Product Images, Pricing & Variants. Invalid fields say why and the first is
 * focused; a save that stops at a step says which and resumes there.
 */
export function ProductFormView(props: ProductFormViewProps) {
  const { mode, status, step, failure, values, variants, images, uploaded, errors, fileProblems, focusRequest } = props;
  const { onChange, onFeaturedChange, onSubmit, onRetry, onReload, onCancel } = props;
  const { t, i18n } = useLingui();
  const heading = mode === 'create' ? t`Create Product` : t`Edit Product`;
  const back = <BackLink href={PRODUCTS_HREF} label={t`Back to Products`} />;

  const invalidPaths = orderedErrorPaths(errors, variants, images);
  const firstInvalid = useRef<FieldPath | undefined>(undefined);
  firstInvalid.current = invalidPaths[0];
  useEffect(() => {
    if (focusRequest > 0 && firstInvalid.current) document.getElementById(fieldId(firstInvalid.current))?.focus();
  }, [focusRequest]);

  if (status === 'loading') {
    return (
      <Page title={heading} back={back}>
        <Spinner label={t`Loading product...`} />
      </Page>
    );
  }
  if (status === 'loadFailed') {
    return (
      <Page title={heading} back={back}>
        <RetryAlert onRetry={onRetry}>
          <p>{t`We couldn't load this product.`}</p>
          {failure && <p className={css({ color: 'fg.muted' })}>{failure}</p>}
        </RetryAlert>
      </Page>
    );
  }
  if (status === 'notFound') {
    return (
      <Page title={t`Product not found`} back={back}>
        <p className={css({ color: 'fg.muted' })}>{t`There is no product at this address. It may have been deleted, or the link is incomplete.`}</p>
      </Page>
    );
  }

  const busy = status === 'saving' || status === 'saved';
  const problem = (path: FieldPath) => {
    const found: FieldProblem | undefined = errors[path];
    return found ? fieldProblemText(i18n, path, found) : undefined;
  };
  const textProps = (field: ProductTextField) => ({
    id: fieldId(field),
    value: values[field],
    error: problem(field),
    onChange: (event: { target: { value: string } }) => onChange(field, event.target.value),
  });
  const stepNumber = step ? SAVE_STEPS.indexOf(step) + 1 : 0;
  const stepName = step ? i18n._(STEP_NAMES[step]) : '';
  const tags = parseTags(values.tags);
  const slugPreview = `/shop/${values.slug}`;
  const showSummary = invalidPaths.length > 0 && !busy;
  const count = invalidPaths.length;

  const focusField = (path: FieldPath) => {
    const element = document.getElementById(fieldId(path));
    element?.scrollIntoView({ block: 'center' });
    element?.focus({ preventScroll: true });
  };

  return (
    <Page title={heading} back={back}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!busy) onSubmit();
        }}
        className={css({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: '6' })}
      >
        {status === 'conflict' && (
          <div role="alert" className={cx(alertBox, css({ borderColor: 'warning' }))}>
            <p className={css({ fontWeight: 'bold' })}>{t`This product was changed somewhere else since you opened it.`}</p>
            <p>{t`Nothing was saved. Reload the product to see its current version; the changes in this form will be discarded.`}</p>
            <Button variant="outline" onClick={onReload}>
              {t`Reload product`}
            </Button>
          </div>
        )}
        {status === 'failed' && step && (
          <div role="alert" className={cx(alertBox, css({ borderColor: 'danger' }))}>
            <p className={css({ fontWeight: 'bold' })}>{t`Saving stopped at step ${stepNumber} of 4: ${stepName}.`}</p>
            {failure && <p>{failure}</p>}
            <p className={css({ color: 'fg.muted' })}>{t`Nothing you typed was lost. Retry continues from step ${stepNumber}.`}</p>
            <Button variant="outline" onClick={onRetry}>
              {t`Retry`}
            </Button>
          </div>
        )}
        {showSummary && (
          <div className={cx(alertBox, css({ borderColor: 'danger' }))}>
            <p role="alert" className={css({ fontWeight: 'bold' })}>
              {plural(count, { one: 'Please correct # field', other: 'Please correct # fields' })}
            </p>
            <ul className={css({ display: 'grid', gap: '1', listStyle: 'disc', pl: '5' })}>
              {invalidPaths.map((path) => (
                <li key={path}>
                  <a
                    href={`#${fieldId(path)}`}
                    onClick={(event) => {
                      event.preventDefault();
                      focusField(path);
                    }}
                    className={css({ color: 'danger', textDecoration: 'underline', overflowWrap: 'anywhere' })}
                  >
                    {fieldName(i18n, path, variants, images)}: {problem(path)}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        )}

        <fieldset
          disabled={busy}
          className={css({
            display: 'grid',
            gridTemplateColumns: 'minmax(0, 1fr)',
            gap: '6',
            minW: '0',
            border: 'none',
            p: '0',
            m: '0',
            '& :is(input, textarea, select):disabled': { opacity: 0.7 },
          })}
        >
          <Section title={t`Basic Information`}>
            <TextField label={required(t`Title`)} required autoComplete="off" {...textProps('title')} />
            <TextField label={t`Subtitle`} autoComplete="off" {...textProps('subtitle')} />
            <TextArea label={required(t`Description`)} required rows={6} {...textProps('description')} />
            <div className={twoColumns}>
              <SelectField
                label={required(t`Category`)}
                required
                {...textProps('category')}
                options={[{ value: '', label: t`Choose a category` }, ...CATEGORIES.map((category) => ({ value: category, label: categoryLabel(i18n, category) }))]}
              />
              <SelectField
                label={t`Status`}
                {...textProps('status')}
                hint={t`Only published products are shown in the shop.`}
                options={PRODUCT_STATUSES.map((value) => ({ value, label: i18n._(STATUS_LABELS[value]) }))}
              />
            </div>
            <Checkbox id="product-featured" label={t`Featured (shown on the home page)`} checked={values.featured} onChange={(event) => onFeaturedChange(event.target.checked)} />
          </Section>

          <Section title={t`German`} lead={t`The shop is bilingual. German pages show these texts; where one is blank, they show the English text.`}>
            <TextField lang="de" label={t`Title (German)`} autoComplete="off" {...textProps('titleDe')} />
            <TextField lang="de" label={t`Subtitle (German)`} autoComplete="off" {...textProps('subtitleDe')} />
            <TextArea lang="de" label={t`Description (German)`} rows={6} {...textProps('descriptionDe')} />
          </Section>

          <Section title={t`SEO & URL`}>
            <TextField
              label={required(t`Slug`)}
              required
              autoComplete="off"
              spellCheck={false}
              {...textProps('slug')}
              hint={
                <>
                  {mode === 'create' ? t`Follows the title until you change it.` : t`Changing it changes the product's address; links to the old one stop working.`}{' '}
                  <span className={css({ overflowWrap: 'anywhere' })}>
                    {t`Address:`} <code className={css({ color: 'fg' })}>{slugPreview}</code>
                  </span>
                </>
              }
            />
            <TextField
              label={t`Meta title`}
              autoComplete="off"
              {...textProps('metaTitle')}
              hint={<Counter count={values.metaTitle.length} max={META_TITLE_MAX} label={t`Follows the title until you change it.`} />}
            />
            <TextArea
              label={t`Meta description`}
              rows={3}
              {...textProps('metaDescription')}
              hint={<Counter count={values.metaDescription.length} max={META_DESCRIPTION_MAX} label={t`Shown by search engines under the title.`} />}
            />
            <div>
              <TextField label={t`Tags`} autoComplete="off" {...textProps('tags')} hint={t`Comma separated, e.g. gym, cotton, summer`} />
              {tags.length > 0 && (
                <ul aria-label={t`Tags as saved`} className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', mt: '2' })}>
                  {tags.map((tag) => (
                    <li
                      key={tag}
                      className={css({
                        px: '2.5',
                        py: '0.5',
                        borderRadius: 'full',
                        bg: 'surface.raised',
                        borderWidth: '1px',
                        borderColor: 'border.strong',
                        fontSize: 'sm',
                        overflowWrap: 'anywhere',
                      })}
                    >
                      {tag}
                    </li>
                  ))}
                </ul>
              )}
            </div>
          </Section>

          <Section title={t`Product Images`}>
            <ImagesField
              images={images}
              errors={errors}
              uploadStates={uploadStates(status, step, images, uploaded)}
              fileProblems={fileProblems}
              title={values.title}
              disabled={busy}
              onAddFiles={props.onAddFiles}
              onRemoveImage={props.onRemoveImage}
              onMoveImage={props.onMoveImage}
              onAltChange={props.onAltChange}
            />
          </Section>
        </fieldset>

        {/* Outside the fieldset above: the table's scrolling region stays focusable while its inputs wait. */}
        <Section title={t`Pricing & Variants`} lead={t`Prices in euros, e.g. 29.99. Each variant needs its own SKU.`}>
          <VariantsTable
            variants={variants}
            errors={errors}
            disabled={busy}
            onVariantChange={props.onVariantChange}
            onAddVariant={props.onAddVariant}
            onRemoveVariant={props.onRemoveVariant}
          />
        </Section>

        <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '3' })}>
          <p role="status" className={css({ flexBasis: 'full', color: 'fg.muted', _empty: { srOnly: true } })}>
            {status === 'saving' && step ? t`Saving step ${stepNumber} of 4: ${stepName}...` : ''}
          </p>
          <Button type="submit" disabled={busy}>
            {status === 'saving' ? t`Saving...` : mode === 'create' ? t`Create Product` : t`Update Product`}
          </Button>
          <Button variant="outline" disabled={busy} onClick={onCancel}>
            {t`Cancel`}
          </Button>
        </div>
      </form>
    </Page>
  );
}
