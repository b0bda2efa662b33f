import { type AdminProduct, validateProduct } from '../../domain/productForm';
import { type ProductFormEvent, productFormMachine } from '../../machines/productFormMachine';
import { pendingImages } from '../../domain/productImages';
import { ApiError } from '../../src/api/errors';
import { productFormProps } from '../../src/features/admin/productForm/productFormProps';
import { LOADED_IMAGES, LOADED_VALUES, LOADED_VARIANTS } from '../fixtures/admin-product-form';
import { swatch } from '../fixtures/products';
import { type Control, defineFlow } from './flow';

type Snapshot = ReturnType<typeof productFormMachine.getInitialSnapshot>;
type AnswerEvent = { type: string; output?: unknown; error?: unknown };

const FRONT = new File([new Uint8Array(2048)], 'front.png', { type: 'image/png' });
const LOADED: AdminProduct = { id: 'p-1', updatedAt: '2026-11-01T10:00:00Z', values: LOADED_VALUES, variants: LOADED_VARIANTS.slice(0, 1), images: LOADED_IMAGES.slice(0, 1) };
const offline = new ApiError('network', 'Failed to fetch');
const stale = new ApiError('conflict', 'This product was changed somewhere else since you opened it.', { code: 'stale' });
const tooBig = new ApiError('invalid', 'The object exceeded the maximum allowed size', { status: 413 });

/** The required fields, filled one after the other: the product's, then the first variant's. */
function nextFill(s: Snapshot): ProductFormEvent | undefined {
  const { values, variants, images } = s.context;
  const errors = validateProduct(values, variants, images);
  const key = variants[0].key;
  const fills: ProductFormEvent[] = [
    { type: 'form.change', field: 'title', value: 'Grind Tee' },
    { type: 'form.change', field: 'description', value: 'Heavy cotton.' },
    { type: 'form.change', field: 'category', value: 'clothing' },
    { type: 'variant.change', key, field: 'sku', value: 'GT-M' },
    { type: 'variant.change', key, field: 'price', value: '29.99' },
  ];
  return fills.find((e) => (e.type === 'form.change' ? errors[e.field] : e.type === 'variant.change' && errors[`variants.${e.key}.${e.field}`]));
}

/** What the running actor answers. */
function answers(s: Snapshot): AnswerEvent[] {
  const c = s.context;
  if (s.matches('loading'))
    return [
      { type: 'xstate.done.actor.loadProduct', output: LOADED },
      { type: 'xstate.done.actor.loadProduct', output: null },
      { type: 'xstate.error.actor.loadProduct', error: offline },
    ];
  if (s.matches({ saving: { product: 'creating' } }))
    return [
      { type: 'xstate.done.actor.createProduct', output: { id: 'p-new', updatedAt: '2026-11-02T09:00:00Z' } },
      { type: 'xstate.error.actor.createProduct', error: offline },
    ];
  if (s.matches({ saving: { product: 'updating' } }))
    return [
      { type: 'xstate.done.actor.updateProduct', output: { id: c.productId, updatedAt: '2026-11-02T09:30:00Z' } },
      { type: 'xstate.error.actor.updateProduct', error: stale },
    ];
  if (s.matches({ saving: 'variants' }))
    return [
      { type: 'xstate.done.actor.saveVariants', output: c.variants.map((v) => ({ id: v.id ?? `saved-${v.key}`, sku: v.sku })) },
      { type: 'xstate.error.actor.saveVariants', error: offline },
    ];
  if (s.matches({ saving: 'images' }))
    return [
      { type: 'xstate.done.actor.uploadImage', output: { url: `https://cdn.test/${c.productId}/${pendingImages(c.images)[0]?.fileName}` } },
      { type: 'xstate.error.actor.uploadImage', error: tooBig },
    ];
  if (s.matches({ saving: 'media' })) return [{ type: 'xstate.done.actor.saveMedia', output: c.images.map((i) => ({ id: i.mediaId ?? `saved-${i.key}`, url: i.url })) }];
  return [];
}

const CONTROLS: Record<string, Control> = {
  title: { label: /^Title( \*)?$/ },
  description: { label: /^Description( \*)?$/ },
  category: { label: /^Category( \*)?$/ },
  sku: { label: 'SKU, variant 1' },
  price: { label: 'Price (€), variant 1' },
};

/** The admin's product form: a new product (create) and an existing one (edit), saved in four steps. */
export const productFormFlow = defineFlow({
  name: 'ProductForm',
  source: 'machines/productFormMachine.ts',
  machine: productFormMachine,
  inputs: {
    create: { productId: null, previewUrl: (file: File) => swatch('#ff4d1a', file.name) },
    edit: { productId: 'p-1', previewUrl: (file: File) => swatch('#ff4d1a', file.name) },
  },
  events: (s) => {
    const fill = nextFill(s);
    return [
      ...answers(s),
      ...(fill ? [fill] : []),
      { type: 'form.submit' },
      { type: 'save.retry' },
      { type: 'product.reload' },
      { type: 'load.retry' },
      ...(s.context.images.some((i) => i.file) ? [] : [{ type: 'images.add', files: [FRONT] }]),
    ];
  },
  explore: {
    // What the view's state depends on here (not every letter typed), so the graph is finite.
    serializeState: (s) => {
      const c = s.context;
      return JSON.stringify({
        value: s.value,
        productId: c.productId,
        missing: Object.keys(validateProduct(c.values, c.variants, c.images)).length,
        shown: Object.keys(c.errors).length,
        images: c.images.map((i) => [i.file !== null, i.url !== null]),
        resumeStep: c.resumeStep,
        failedStep: c.failedStep,
      });
    },
    limit: 20_000,
  },
  path: '/admin/products/new',
  props: (snapshot, send) => productFormProps(snapshot, send, { onReload: () => send({ type: 'product.reload' }), onCancel: () => {} }),
  control: (event, snapshot) => {
    switch (event.type) {
      case 'form.change':
        return CONTROLS[event.field] ?? null;
      case 'variant.change':
        return CONTROLS[event.field] ?? null;
      case 'images.add':
        return { label: 'Choose files' };
      case 'form.submit':
        return { role: 'button', name: snapshot.context.mode === 'create' ? 'Create Product' : 'Update Product' };
      case 'save.retry':
        return { role: 'button', name: 'Retry' };
      case 'load.retry':
        return { role: 'button', name: 'Try again' };
      case 'product.reload':
        return { role: 'button', name: 'Reload product' };
      default:
        return null;
    }
  },
});
