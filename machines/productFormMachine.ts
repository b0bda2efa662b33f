import { assign, fromPromise, type SnapshotFrom, setup } from 'xstate';
import { errorMessage } from '../domain/errors';
import {
  type AdminProduct,
  emptyProductValues,
  emptyVariant,
  type FieldPath,
  type FormErrors,
  formFingerprint,
  hasErrors,
  type ImageDraft,
  type ProductTextField,
  type ProductValues,
  refreshErrors,
  validateProduct,
  type VariantDraft,
  type VariantField,
  variantPath,
  withTitle,
} from '../domain/productForm';
import { type FileRefusal, type MediaInput, mediaInputs, movedImages, pendingImages, pickImages } from '../domain/productImages';
import {
  earlier,
  isSlugTaken,
  isStale,
  type ProductInput,
  productInput,
  SAVE_STEPS,
  type SaveStep,
  startStep,
  takenSkuKey,
  type VariantInput,
  variantInputs,
  withVariantIds,
} from '../domain/productSave';
import { topState } from './status';

/**
 * The admin product form (create and edit): what the admin typed, its validation, and the save as a
 * sequence of resumable steps (ADR 0016): product → variants → images (one upload per step) → media.
 * Whatever a step returns (product id and version, variant ids, each uploaded URL, media ids) is
 * written back into the form at once, so a retry resumes at the failed step and never creates a
 * second product, inserts a variant twice or uploads an image again. A failure never discards typing.
 */

export type ProductFormStatus = 'loading' | 'loadFailed' | 'notFound' | 'editing' | 'saving' | 'failed' | 'conflict' | 'saved';

export type FormMode = 'create' | 'edit';

export type ProductFormInput = {
  /** null: a new product. */
  productId: string | null;
  /** What the view shows for a picked file before it is uploaded (the container: URL.createObjectURL). */
  previewUrl: (file: File) => string;
};

export type ProductFormEvent =
  | { type: 'form.change'; field: ProductTextField; value: string }
  | { type: 'form.featured'; featured: boolean }
  | { type: 'variant.change'; key: string; field: VariantField; value: string }
  | { type: 'variant.add' }
  | { type: 'variant.remove'; key: string }
  | { type: 'images.add'; files: File[] }
  | { type: 'image.remove'; key: string }
  | { type: 'image.move'; key: string; toIndex: number }
  | { type: 'image.alt'; key: string; alt: string }
  | { type: 'form.submit' }
  | { type: 'save.retry' }
  | { type: 'product.reload' }
  | { type: 'load.retry' };

export type SavedProduct = { id: string; updatedAt: string };

type Context = {
  mode: FormMode;
  productId: string | null;
  /** The product's version as this form last loaded or wrote it (the update's version check). */
  updatedAt: string | null;
  values: ProductValues;
  variants: VariantDraft[];
  images: ImageDraft[];
  errors: FormErrors;
  /** Files refused by the last images.add (not added). */
  fileProblems: FileRefusal[];
  /** The step the last save failed at (shown while failed); null once a save starts again. */
  failedStep: SaveStep | null;
  failure: string | null;
  /** Where the next save starts: the failed step, or earlier when the admin changed what an earlier step writes. */
  resumeStep: SaveStep;
  /** Increments when a submit (or the database) found invalid fields: the view focuses the first. */
  focusRequest: number;
  /** Keys of images uploaded since the form was loaded. */
  uploaded: string[];
  /** The form as loaded (or empty), compared for `dirty`. */
  baseline: string;
  /** The product's title as loaded ('' for a new product): the page's title while the admin retypes it. */
  loadedTitle: string;
  /** Row keys of rows added in this form: `new-1`, `new-2`… (loaded rows keep their ids as keys). */
  keyCount: number;
  previewUrl: (file: File) => string;
};

// ── The machine ─────────────────────────────────────────────────────────────────────────────────

type ProductStepInput = { input: ProductInput };
type UpdateStepInput = { id: string; input: ProductInput; expectedUpdatedAt: string };

const fresh = (product: AdminProduct | null) => {
  const values = product?.values ?? emptyProductValues();
  const variants = product?.variants.length ? product.variants : [emptyVariant('new-1')];
  const images = product?.images ?? [];
  return {
    productId: product?.id ?? null,
    updatedAt: product?.updatedAt ?? null,
    values,
    variants,
    images,
    errors: {},
    fileProblems: [],
    failedStep: null,
    failure: null,
    resumeStep: 'product' as SaveStep,
    uploaded: [],
    baseline: formFingerprint(values, variants, images),
    loadedTitle: values.title,
    keyCount: product?.variants.length ? 0 : 1,
  };
};

/** The upload that just finished belongs to the first image still pending: it keeps its URL (a retry skips it). */
function withUpload(context: Pick<Context, 'images' | 'uploaded'>, url: string) {
  const image = pendingImages(context.images)[0];
  if (!image) return {};
  return { images: context.images.map((i) => (i.key === image.key ? { ...i, url } : i)), uploaded: [...context.uploaded, image.key] };
}

const failedAt = (step: SaveStep, error: unknown) => ({ failedStep: step, failure: errorMessage(error, ''), resumeStep: step });

const productFormSetup = setup({
  types: {
    context: {} as Context,
    events: {} as ProductFormEvent,
    input: {} as ProductFormInput,
  },
  actors: {
    loadProduct: fromPromise<AdminProduct | null, { id: string }>(async () => {
      throw new Error('provide loadProduct');
    }),
    createProduct: fromPromise<SavedProduct, ProductStepInput>(async () => {
      throw new Error('provide createProduct');
    }),
    updateProduct: fromPromise<SavedProduct, UpdateStepInput>(async () => {
      throw new Error('provide updateProduct');
    }),
    saveVariants: fromPromise<{ id: string; sku: string }[], { productId: string; variants: VariantInput[] }>(async () => {
      throw new Error('provide saveVariants');
    }),
    uploadImage: fromPromise<{ url: string }, { productId: string; file: File; index: number }>(async () => {
      throw new Error('provide uploadImage');
    }),
    saveMedia: fromPromise<{ id: string; url: string }[], { productId: string; media: MediaInput[] }>(async () => {
      throw new Error('provide saveMedia');
    }),
  },
  actions: {
    notifySaved: (_, _params: { mode: FormMode }) => {
      throw new Error('provide notifySaved');
    },
    notifyFailed: (_, _params: { step: SaveStep; message: string }) => {
      throw new Error('provide notifyFailed');
    },
    /** Back to /admin/products. */
    leave: () => {
      throw new Error('provide leave');
    },
    changeField: assign(({ context, event }) => {
      if (event.type !== 'form.change') return {};
      const values =
        event.field === 'title' ? withTitle(context.values, event.value, { followSlug: context.mode === 'create' }) : { ...context.values, [event.field]: event.value };
      const changed = (Object.keys(values) as (keyof ProductValues)[]).filter((field) => values[field] !== context.values[field]) as FieldPath[];
      return {
        values,
        errors: refreshErrors(context.errors, values, context.variants, context.images, changed),
        resumeStep: 'product' as const,
      };
    }),
    changeFeatured: assign(({ context, event }) =>
      event.type === 'form.featured' ? { values: { ...context.values, featured: event.featured }, resumeStep: 'product' as const } : {},
    ),
    changeVariant: assign(({ context, event }) => {
      if (event.type !== 'variant.change') return {};
      const variants = context.variants.map((v) => (v.key === event.key ? { ...v, [event.field]: event.value } : v));
      return {
        variants,
        errors: refreshErrors(context.errors, context.values, variants, context.images, [variantPath(event.key, event.field)]),
        resumeStep: earlier(context.resumeStep, 'variants'),
      };
    }),
    addVariant: assign(({ context }) => ({
      variants: [...context.variants, emptyVariant(`new-${context.keyCount + 1}`)],
      keyCount: context.keyCount + 1,
      resumeStep: earlier(context.resumeStep, 'variants'),
    })),
    removeVariant: assign(({ context, event }) => {
      if (event.type !== 'variant.remove') return {};
      const variants = context.variants.filter((v) => v.key !== event.key);
      const errors = Object.fromEntries(Object.entries(context.errors).filter(([path]) => !path.startsWith(`variants.${event.key}.`))) as FormErrors;
      return {
        variants,
        errors: refreshErrors(errors, context.values, variants, context.images, []),
        resumeStep: earlier(context.resumeStep, 'variants'),
      };
    }),
    addImages: assign(({ context, event }) => {
      if (event.type !== 'images.add') return {};
      const { accepted, refused } = pickImages(context.images.length, event.files);
      const added = accepted.map(
        (file, i): ImageDraft => ({
          key: `new-${context.keyCount + 1 + i}`,
          mediaId: null,
          url: null,
          file,
          previewUrl: context.previewUrl(file),
          fileName: file.name,
          alt: '',
          width: null,
          height: null,
        }),
      );
      return {
        images: [...context.images, ...added],
        fileProblems: refused,
        keyCount: context.keyCount + added.length,
        resumeStep: added.length ? earlier(context.resumeStep, 'images') : context.resumeStep,
      };
    }),
    removeImage: assign(({ context, event }) => {
      if (event.type !== 'image.remove') return {};
      const errors = { ...context.errors };
      delete errors[`images.${event.key}.alt`];
      return {
        images: context.images.filter((image) => image.key !== event.key),
        errors,
        resumeStep: earlier(context.resumeStep, 'images'),
      };
    }),
    moveImage: assign(({ context, event }) =>
      event.type === 'image.move' ? { images: movedImages(context.images, event.key, event.toIndex), resumeStep: earlier(context.resumeStep, 'images') } : {},
    ),
    changeAlt: assign(({ context, event }) => {
      if (event.type !== 'image.alt') return {};
      const images = context.images.map((image) => (image.key === event.key ? { ...image, alt: event.alt } : image));
      return {
        images,
        errors: refreshErrors(context.errors, context.values, context.variants, images, [`images.${event.key}.alt`]),
        resumeStep: earlier(context.resumeStep, 'images'),
      };
    }),
    markInvalid: assign(({ context }) => ({
      errors: { ...refreshErrors(context.errors, context.values, context.variants, context.images, []), ...validateProduct(context.values, context.variants, context.images) },
      focusRequest: context.focusRequest + 1,
    })),
    markSlugTaken: assign(({ context }) => ({
      errors: { ...context.errors, slug: { kind: 'slugTaken' } } as FormErrors,
      focusRequest: context.focusRequest + 1,
      resumeStep: 'product' as const,
    })),
    startSave: assign({ errors: {}, fileProblems: [], failedStep: null, failure: null }),
    clearFailure: assign({ failure: null }),
    /** The loaded product (or a new one reloaded after a conflict) is from then on edited. */
    loadForm: assign((_, product: AdminProduct | null) => ({ ...fresh(product), mode: 'edit' as const })),
    setFailure: assign((_, params: { error: unknown }) => ({ failure: errorMessage(params.error, '') })),
    rememberProduct: assign((_, saved: SavedProduct) => ({ productId: saved.id, updatedAt: saved.updatedAt })),
    failAt: assign((_, params: { step: SaveStep; error: unknown }) => failedAt(params.step, params.error)),
    setVariantIds: assign(({ context }, saved: { id: string; sku: string }[]) => ({ variants: withVariantIds(context.variants, saved) })),
    markSkuTaken: assign(({ context }, params: { error: unknown }) => ({
      errors: { [variantPath(takenSkuKey(params.error, context.variants) as string, 'sku')]: { kind: 'skuTaken' } } as FormErrors,
      focusRequest: context.focusRequest + 1,
      resumeStep: 'variants' as const,
    })),
    rememberUpload: assign(({ context }, params: { url: string }) => withUpload(context, params.url)),
    setMediaIds: assign(({ context }, media: { id: string; url: string }[]) => ({
      images: context.images.map((image, i) => ({ ...image, mediaId: media[i]?.id ?? image.mediaId })),
    })),
    forgetFailure: assign({ failedStep: null, failure: null }),
  },
  guards: {
    /** The product to edit does not exist (any more). */
    noProduct: (_, product: AdminProduct | null) => product === null,
    /** The database refused the slug: another product has it. */
    slugTaken: ({ event }) => isSlugTaken((event as { error?: unknown }).error),
    /** Someone else saved the product since it was opened. */
    stale: ({ event }) => isStale((event as { error?: unknown }).error),
    /** The database refused a variant's SKU: another variant has it. */
    skuTaken: ({ context, event }) => takenSkuKey((event as { error?: unknown }).error, context.variants) !== null,
    isEdit: ({ context }) => context.mode === 'edit',
    /** Invalid by the form's rules, or a field the database refused and the admin has not changed. */
    invalid: ({ context }) => hasErrors(validateProduct(context.values, context.variants, context.images)) || hasErrors(context.errors),
    startsAt: ({ context }, params: { step: SaveStep }) => startStep(context.resumeStep, context.images) === params.step,
    hasProductId: ({ context }) => context.productId !== null,
    canRemoveVariant: ({ context, event }) => event.type === 'variant.remove' && context.variants.length > 1 && context.variants.some((v) => v.key === event.key),
    imagesPending: ({ context }) => pendingImages(context.images).length > 0,
    /** More images to upload than the one that just finished. */
    moreImagesPending: ({ context }) => pendingImages(context.images).length > 1,
  },
});

/** What changes the form; in `failed` it also returns to editing (the failure stays in the context for the resume). */
const edits = <T extends string | undefined>(target?: T) => ({
  'form.change': { target, actions: 'changeField' as const },
  'form.featured': { target, actions: 'changeFeatured' as const },
  'variant.change': { target, actions: 'changeVariant' as const },
  'variant.add': { target, actions: 'addVariant' as const },
  'variant.remove': { target, guard: 'canRemoveVariant' as const, actions: 'removeVariant' as const },
  'images.add': { target, actions: 'addImages' as const },
  'image.remove': { target, actions: 'removeImage' as const },
  'image.move': { target, actions: 'moveImage' as const },
  'image.alt': { target, actions: 'changeAlt' as const },
});

/** A valid save starts where the last one stopped (or earlier, when the admin changed what an earlier step writes). */
const saveFrom = [
  { guard: { type: 'startsAt' as const, params: { step: 'variants' as const } }, target: '#productForm.saving.variants', actions: 'startSave' as const },
  { guard: { type: 'startsAt' as const, params: { step: 'images' as const } }, target: '#productForm.saving.images', actions: 'startSave' as const },
  { guard: { type: 'startsAt' as const, params: { step: 'media' as const } }, target: '#productForm.saving.media', actions: 'startSave' as const },
  { guard: 'hasProductId' as const, target: '#productForm.saving.product.updating', actions: 'startSave' as const },
  { target: '#productForm.saving.product.creating', actions: 'startSave' as const },
];

export const productFormMachine = productFormSetup.createMachine({
  id: 'productForm',
  context: ({ input }) => ({
    mode: input.productId ? 'edit' : 'create',
    ...fresh(null),
    productId: input.productId,
    focusRequest: 0,
    previewUrl: input.previewUrl,
  }),
  initial: 'opening',
  states: {
    /** Transient: an edit loads the product, a new product starts with the empty form. */
    opening: {
      always: [{ guard: 'isEdit', target: 'loading' }, { target: 'editing' }],
    },
    loading: {
      entry: 'clearFailure',
      invoke: {
        id: 'loadProduct',
        src: 'loadProduct',
        input: ({ context }) => ({ id: context.productId as string }),
        onDone: [
          { guard: { type: 'noProduct', params: ({ event }) => event.output }, target: 'notFound' },
          // A new product reloaded after a conflict is from then on edited like any other.
          { target: 'editing', actions: { type: 'loadForm', params: ({ event }) => event.output } },
        ],
        onError: { target: 'loadFailed', actions: { type: 'setFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: {
      on: { 'load.retry': { target: 'loading' } },
    },
    notFound: {},
    editing: {
      on: {
        ...edits(),
        'form.submit': [{ guard: 'invalid', actions: 'markInvalid' }, ...saveFrom],
      },
    },
    // Every way in names its step (a save resumes where the last one stopped): the initials are never taken by default.
    saving: {
      initial: 'product',
      states: {
        product: {
          initial: 'creating',
          states: {
            creating: {
              invoke: {
                id: 'createProduct',
                src: 'createProduct',
                input: ({ context }) => ({ input: productInput(context.values) }),
                onDone: { target: '#productForm.saving.variants', actions: { type: 'rememberProduct', params: ({ event }) => event.output } },
                onError: [
                  { guard: 'slugTaken', target: '#productForm.editing', actions: 'markSlugTaken' },
                  { target: '#productForm.failed', actions: { type: 'failAt', params: ({ event }) => ({ step: 'product' as const, error: event.error }) } },
                ],
              },
            },
            updating: {
              invoke: {
                id: 'updateProduct',
                src: 'updateProduct',
                input: ({ context }) => ({ id: context.productId as string, input: productInput(context.values), expectedUpdatedAt: context.updatedAt ?? '' }),
                onDone: { target: '#productForm.saving.variants', actions: { type: 'rememberProduct', params: ({ event }) => event.output } },
                onError: [
                  // Nothing was written: another tab or admin saved since this form loaded.
                  { guard: 'stale', target: '#productForm.conflict' },
                  { guard: 'slugTaken', target: '#productForm.editing', actions: 'markSlugTaken' },
                  { target: '#productForm.failed', actions: { type: 'failAt', params: ({ event }) => ({ step: 'product' as const, error: event.error }) } },
                ],
              },
            },
          },
        },
        variants: {
          invoke: {
            id: 'saveVariants',
            src: 'saveVariants',
            input: ({ context }) => ({ productId: context.productId as string, variants: variantInputs(context.variants) }),
            onDone: [
              { guard: 'imagesPending', target: 'images', actions: { type: 'setVariantIds', params: ({ event }) => event.output } },
              { target: 'media', actions: { type: 'setVariantIds', params: ({ event }) => event.output } },
            ],
            onError: [
              {
                guard: 'skuTaken',
                target: '#productForm.editing',
                actions: { type: 'markSkuTaken', params: ({ event }) => ({ error: event.error }) },
              },
              { target: '#productForm.failed', actions: { type: 'failAt', params: ({ event }) => ({ step: 'variants' as const, error: event.error }) } },
            ],
          },
        },
        /** One upload per visit: the first image still without a URL, in display order. */
        images: {
          invoke: {
            id: 'uploadImage',
            src: 'uploadImage',
            input: ({ context }) => {
              const image = pendingImages(context.images)[0];
              return { productId: context.productId as string, file: image.file as File, index: context.images.indexOf(image) };
            },
            onDone: [
              { guard: 'moreImagesPending', target: 'images', reenter: true, actions: { type: 'rememberUpload', params: ({ event }) => ({ url: event.output.url }) } },
              { target: 'media', actions: { type: 'rememberUpload', params: ({ event }) => ({ url: event.output.url }) } },
            ],
            onError: { target: '#productForm.failed', actions: { type: 'failAt', params: ({ event }) => ({ step: 'images' as const, error: event.error }) } },
          },
        },
        media: {
          invoke: {
            id: 'saveMedia',
            src: 'saveMedia',
            input: ({ context }) => ({ productId: context.productId as string, media: mediaInputs(context.values.title, context.images) }),
            onDone: {
              target: '#productForm.saved',
              actions: { type: 'setMediaIds', params: ({ event }) => event.output },
            },
            onError: { target: '#productForm.failed', actions: { type: 'failAt', params: ({ event }) => ({ step: 'media' as const, error: event.error }) } },
          },
        },
      },
    },
    /** A step failed: everything typed is kept; a retry (or the next submit) resumes at that step. */
    failed: {
      entry: { type: 'notifyFailed', params: ({ context }) => ({ step: context.failedStep as SaveStep, message: context.failure ?? '' }) },
      // Back to editing (or saving again): the failure was said; the resume step remembers where to go on.
      exit: 'forgetFailure',
      on: {
        ...edits('editing'),
        'form.submit': saveFrom,
        'save.retry': saveFrom,
      },
    },
    /** The product was changed elsewhere since it was loaded; this save wrote nothing. */
    conflict: {
      on: {
        ...edits(),
        'product.reload': { target: 'loading' },
      },
    },
    saved: {
      entry: [{ type: 'notifySaved', params: ({ context }) => ({ mode: context.mode }) }, 'leave'],
    },
  },
});

type Snapshot = SnapshotFrom<typeof productFormMachine>;

export function selectFormStatus(snapshot: Snapshot): ProductFormStatus {
  const state = topState(snapshot);
  if (state === 'opening') return snapshot.context.mode === 'edit' ? 'loading' : 'editing';
  return state;
}

/** The step running while saving, the failed step while failed; null otherwise. */
export function selectStep(snapshot: Snapshot): SaveStep | null {
  if (snapshot.matches('failed')) return snapshot.context.failedStep;
  if (!snapshot.matches('saving')) return null;
  return SAVE_STEPS.find((step) => snapshot.matches({ saving: step })) ?? null;
}

/** The form differs from what was loaded (or from the empty form of a new product). */
export const selectDirty = (snapshot: Snapshot) => formFingerprint(snapshot.context.values, snapshot.context.variants, snapshot.context.images) !== snapshot.context.baseline;
