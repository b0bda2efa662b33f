import type { SnapshotFrom } from 'xstate';
import { type ProductFormEvent, type productFormMachine, selectFormStatus, selectStep } from '../../../../machines/productFormMachine';
import type { ProductFormViewProps } from './ProductFormView';

/**
 * The form view of a product form snapshot (shared by the container and the generated stories).
 * Reload and Cancel are the container's: both may ask first (unsaved changes).
 */
export function productFormProps(
  snapshot: SnapshotFrom<typeof productFormMachine>,
  send: (event: ProductFormEvent) => void,
  { onReload, onCancel }: Pick<ProductFormViewProps, 'onReload' | 'onCancel'>,
): ProductFormViewProps {
  const { context } = snapshot;
  const status = selectFormStatus(snapshot);
  return {
    mode: context.mode,
    status,
    step: selectStep(snapshot),
    failure: context.failure,
    values: context.values,
    variants: context.variants,
    images: context.images,
    uploaded: context.uploaded,
    errors: context.errors,
    fileProblems: context.fileProblems,
    focusRequest: context.focusRequest,
    onChange: (field, value) => send({ type: 'form.change', field, value }),
    onFeaturedChange: (featured) => send({ type: 'form.featured', featured }),
    onVariantChange: (key, field, value) => send({ type: 'variant.change', key, field, value }),
    onAddVariant: () => send({ type: 'variant.add' }),
    onRemoveVariant: (key) => send({ type: 'variant.remove', key }),
    onAddFiles: (files) => send({ type: 'images.add', files }),
    onRemoveImage: (key) => send({ type: 'image.remove', key }),
    onMoveImage: (key, toIndex) => send({ type: 'image.move', key, toIndex }),
    onAltChange: (key, alt) => send({ type: 'image.alt', key, alt }),
    onSubmit: () => send({ type: 'form.submit' }),
    onRetry: () => send({ type: status === 'loadFailed' ? 'load.retry' : 'save.retry' }),
    onReload,
    onCancel,
  };
}
