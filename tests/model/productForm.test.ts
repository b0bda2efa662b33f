import { type AnyEventObject, createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import {
  type AdminProduct,
  emptyProductValues,
  emptyVariant,
  type FormErrors,
  formFingerprint,
  type ImageDraft,
  refreshErrors,
  validateProduct,
  type VariantDraft,
} from '../../domain/productForm';
import { type MediaInput, mediaInputs, movedImages, pendingImages, pickImages } from '../../domain/productImages';
import {
  isSlugTaken,
  isStale,
  productInput,
  type ProductInput,
  type SaveStep,
  startStep,
  takenSkuKey,
  type VariantInput,
  variantInputs,
  withVariantIds,
} from '../../domain/productSave';
import { IMAGE_MAX_BYTES, IMAGES_MAX } from '../../domain/products';
import { type ProductFormEvent, productFormMachine, selectDirty, selectFormStatus, selectStep } from '../../machines/productFormMachine';
import { ApiError } from '../../src/api/errors';
import { activeIds, declaredTransitions, explore, graphIsFinite, type Step, stateIds, transitionIds, withIgnored } from './graph';

type Snapshot = SnapshotFrom<typeof productFormMachine>;

// ── Fixtures ────────────────────────────────────────────────────────────────────────────────────

const png = (name: string, size = 2048) => new File([new Uint8Array(size)], name, { type: 'image/png' });
const FRONT = png('front.png');
const BACK = png('back.png');
const NOTES = new File(['not an image'], 'notes.txt', { type: 'text/plain' });
const HUGE = png('huge.png', IMAGE_MAX_BYTES + 1);
const previewUrl = (file: File) => `blob:preview/${file.name}`;

const LOADED: AdminProduct = {
  id: 'p-1',
  updatedAt: '2026-11-01T10:00:00Z',
  values: {
    ...emptyProductValues(),
    title: 'Grind Tee',
    description: 'Heavy cotton.',
    category: 'clothing',
    status: 'published',
    slug: 'grind-tee',
    metaTitle: 'Grind Tee',
    tags: 'tee, cotton',
  },
  variants: [{ ...emptyVariant('var-1'), id: 'var-1', sku: 'GT-M', size: 'M', color: 'Black', price: '29.99', inventory: '12' }],
  images: [
    {
      key: 'media-1',
      mediaId: 'media-1',
      url: 'https://cdn.test/p-1/front.png',
      file: null,
      previewUrl: 'https://cdn.test/p-1/front.png',
      fileName: 'front.png',
      alt: 'Front',
      width: 800,
      height: 800,
    },
  ],
};

const CREATED = { id: 'p-new', updatedAt: '2026-11-02T09:00:00Z' };
const UPDATED_AT = '2026-11-02T09:30:00Z';
const offline = new ApiError('network', 'Failed to fetch');
const stale = new ApiError('conflict', 'This product was changed somewhere else since you opened it.', { code: 'stale' });
const slugTaken = new ApiError('conflict', 'duplicate key value violates unique constraint "products_slug_key"', {
  code: '23505',
  status: 409,
  details: 'Key (slug)=(grind-tee) already exists.',
  field: 'slug',
});
const skuTaken = (sku: string) =>
  new ApiError('conflict', 'duplicate key value violates unique constraint "variants_sku_key"', {
    code: '23505',
    status: 409,
    details: `Key (sku)=(${sku}) already exists.`,
    field: { sku },
  });
const tooBig = new ApiError('invalid', 'The object exceeded the maximum allowed size', { status: 413 });

// ── The graph ───────────────────────────────────────────────────────────────────────────────────

const ACTORS = ['loadProduct', 'createProduct', 'updateProduct', 'saveVariants', 'uploadImage', 'saveMedia'] as const;
type ActorId = (typeof ACTORS)[number];
type GraphEvent = ProductFormEvent | { type: `xstate.done.actor.${ActorId}`; output: unknown } | { type: `xstate.error.actor.${ActorId}`; error: unknown };

/** The actor a snapshot is waiting for. */
function running(s: Snapshot): ActorId | null {
  if (s.matches('loading')) return 'loadProduct';
  if (s.matches({ saving: { product: 'creating' } })) return 'createProduct';
  if (s.matches({ saving: { product: 'updating' } })) return 'updateProduct';
  if (s.matches({ saving: 'variants' })) return 'saveVariants';
  if (s.matches({ saving: 'images' })) return 'uploadImage';
  if (s.matches({ saving: 'media' })) return 'saveMedia';
  return null;
}

/** The required fields, filled one after the other (the graph fills them in this order): the product's, then each variant's. */
const FILLS = (variants: VariantDraft[]): ProductFormEvent[] => [
  { type: 'form.change', field: 'title', value: 'Grind Tee' },
  { type: 'form.change', field: 'description', value: 'Heavy cotton.' },
  { type: 'form.change', field: 'category', value: 'clothing' },
  ...variants.flatMap((v, i): ProductFormEvent[] => [
    { type: 'variant.change', key: v.key, field: 'sku', value: `GT-${i + 1}` },
    { type: 'variant.change', key: v.key, field: 'price', value: '29.99' },
  ]),
];
const nextFill = (s: Snapshot) => {
  const errors = validateProduct(s.context.values, s.context.variants, s.context.images);
  return FILLS(s.context.variants).find((e) => (e.type === 'form.change' ? errors[e.field] : e.type === 'variant.change' && errors[`variants.${e.key}.${e.field}`]));
};

/** What the actors answer, given the snapshot that waits for them. */
function actorEvents(s: Snapshot): GraphEvent[] {
  const c = s.context;
  switch (running(s)) {
    case 'loadProduct':
      return [
        { type: 'xstate.done.actor.loadProduct', output: LOADED },
        { type: 'xstate.done.actor.loadProduct', output: null },
        { type: 'xstate.error.actor.loadProduct', error: offline },
      ];
    case 'createProduct':
      return [
        { type: 'xstate.done.actor.createProduct', output: CREATED },
        { type: 'xstate.error.actor.createProduct', error: slugTaken },
        { type: 'xstate.error.actor.createProduct', error: offline },
      ];
    case 'updateProduct':
      return [
        { type: 'xstate.done.actor.updateProduct', output: { id: c.productId, updatedAt: UPDATED_AT } },
        { type: 'xstate.error.actor.updateProduct', error: stale },
        { type: 'xstate.error.actor.updateProduct', error: slugTaken },
        { type: 'xstate.error.actor.updateProduct', error: offline },
      ];
    case 'saveVariants':
      return [
        { type: 'xstate.done.actor.saveVariants', output: c.variants.map((v) => ({ id: v.id ?? `saved-${v.key}`, sku: v.sku })) },
        { type: 'xstate.error.actor.saveVariants', error: skuTaken(c.variants[0].sku) },
        // A SKU the form does not have (changed meanwhile): not a field error.
        { type: 'xstate.error.actor.saveVariants', error: skuTaken('ZZ-404') },
        { type: 'xstate.error.actor.saveVariants', error: offline },
      ];
    case 'uploadImage':
      return [
        { type: 'xstate.done.actor.uploadImage', output: { url: `https://cdn.test/${c.productId}/${pendingImages(c.images)[0]?.fileName}` } },
        { type: 'xstate.error.actor.uploadImage', error: tooBig },
      ];
    case 'saveMedia':
      return [
        { type: 'xstate.done.actor.saveMedia', output: c.images.map((i) => ({ id: i.mediaId ?? `saved-${i.key}`, url: i.url })) },
        { type: 'xstate.error.actor.saveMedia', error: offline },
      ];
    default:
      return [];
  }
}

/**
 * The events offered in a snapshot. The form's contents are bounded (up to two variants and two
 * images; the required fields filled in one order), so the graph is finite; every event type is
 * offered everywhere it could matter, plus the actors' answers where one is running.
 */
function eventsFor(s: Snapshot): GraphEvent[] {
  const c = s.context;
  const fill = nextFill(s);
  const firstVariant = c.variants[0];
  const lastVariant = c.variants.at(-1) as VariantDraft;
  const firstImage = c.images[0];
  const lastImage = c.images.at(-1);
  const list: GraphEvent[] = [
    ...actorEvents(s),
    { type: 'form.submit' },
    { type: 'save.retry' },
    { type: 'product.reload' },
    { type: 'load.retry' },
    { type: 'form.featured', featured: true },
    { type: 'variant.change', key: firstVariant.key, field: 'barcode', value: '4006381333931' },
    { type: 'variant.remove', key: lastVariant.key },
    { type: 'images.add', files: [NOTES, HUGE] },
  ];
  if (fill) list.push(fill);
  // A valid form made invalid again (its title cleared).
  else list.push({ type: 'form.change', field: 'title', value: '' });
  if (c.variants.length < 2) list.push({ type: 'variant.add' });
  if (c.images.length < 2) list.push({ type: 'images.add', files: [c.images.some((i) => i.file === FRONT) ? BACK : FRONT] });
  if (firstImage) list.push({ type: 'image.alt', key: firstImage.key, alt: 'Front view' });
  if (lastImage) list.push({ type: 'image.remove', key: lastImage.key }, { type: 'image.move', key: lastImage.key, toIndex: 0 });
  return list;
}

/** A vertex of the graph: what the form's behaviour depends on (not every letter typed). */
function vertex(s: Snapshot): string {
  const c = s.context;
  const errors = validateProduct(c.values, c.variants, c.images);
  return JSON.stringify({
    value: s.value,
    productId: c.productId,
    updatedAt: c.updatedAt,
    missing: Object.keys(errors).length,
    titleEmpty: c.values.title === '',
    shown: [...new Set(Object.values(c.errors).map((p) => p?.kind))].sort(),
    variants: c.variants.map((v) => v.id !== null),
    images: c.images.map((i) => [i.file?.name ?? null, i.url !== null, i.mediaId !== null]),
    resumeStep: c.resumeStep,
    failedStep: c.failedStep,
    dirty: selectDirty(s),
  });
}

const eventKey = (event: AnyEventObject) =>
  JSON.stringify(event, (key, value) =>
    value instanceof File ? `file:${value.name}` : key === 'error' && value instanceof Error ? `${value.message}|${(value as ApiError).details}` : value,
  );

/** Shortest paths to every vertex plus one per (vertex, transition, event): every declared transition is replayed. */
function exploreForm(productId: string | null) {
  const input = { productId, previewUrl };
  const options = {
    serializeState: vertex,
    serializeEvent: eventKey,
    // One replay per transition and payload from each kind of form (product written or not, where a save resumes, images to upload).
    replayKind: (s: Snapshot) => [s.context.productId !== null, s.context.resumeStep, pendingImages(s.context.images).length > 0],
    everyVertex: false,
  };
  const finite = graphIsFinite(productFormMachine, input, eventsFor as never, 200_000, options);
  const { initial, paths, taken, snapshots } = finite
    ? explore(productFormMachine, input, eventsFor as never, options)
    : { initial: null, paths: [], taken: new Set<string>(), snapshots: 0 };
  return { finite, initial: initial as Snapshot, paths: paths as Step<Snapshot>[][], taken, vertices: snapshots };
}

// ── The harness: fake actors that wait until the test answers for them ──────────────────────────

type Call = { actor: ActorId; input: unknown };
type Pending = { resolve: (value: unknown) => void; reject: (error: unknown) => void };

function harness(productId: string | null) {
  const calls: Call[] = [];
  const notices: { type: string; params?: unknown }[] = [];
  const pending: Partial<Record<ActorId, Pending>> = {};
  const fake = (actor: ActorId) =>
    fromPromise<never, unknown>(({ input }) => {
      calls.push({ actor, input });
      return new Promise((resolve, reject) => {
        pending[actor] = { resolve: resolve as Pending['resolve'], reject };
      });
    });
  const machine = productFormMachine.provide({
    actors: Object.fromEntries(ACTORS.map((id) => [id, fake(id)])) as never,
    actions: {
      notifySaved: (_, params) => notices.push({ type: 'notifySaved', params }),
      notifyFailed: (_, params) => notices.push({ type: 'notifyFailed', params }),
      leave: () => notices.push({ type: 'leave' }),
    },
  });
  const actor = createActor(machine, { input: { productId, previewUrl } }).start();
  async function play(event: GraphEvent) {
    const match = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(event.type);
    if (!match) {
      actor.send(event as ProductFormEvent);
      return;
    }
    const settle = pending[match[2] as ActorId];
    delete pending[match[2] as ActorId];
    if (match[1] === 'done') settle?.resolve((event as { output: unknown }).output);
    else settle?.reject((event as { error: unknown }).error);
    // fromPromise reports a few microtasks later (a macrotask per step would make the replay slow).
    for (let i = 0; i < 4; i++) await Promise.resolve();
  }
  const send = (event: ProductFormEvent) => actor.send(event);
  const answer = (id: ActorId, output: unknown) => play({ type: `xstate.done.actor.${id}`, output });
  const fail = (id: ActorId, error: unknown) => play({ type: `xstate.error.actor.${id}`, error });
  return { actor, calls, notices, play, send, answer, fail, snapshot: () => actor.getSnapshot(), called: (id: ActorId) => calls.filter((c) => c.actor === id) };
}

const STEP_ACTORS: Record<SaveStep, ActorId[]> = {
  product: ['createProduct', 'updateProduct'],
  variants: ['saveVariants'],
  images: ['uploadImage'],
  media: ['saveMedia'],
};

// ── Graph coverage ──────────────────────────────────────────────────────────────────────────────

describe('product form machine: graph coverage', () => {
  const create = exploreForm(null);
  const edit = exploreForm('p-1');
  const all = [
    ...create.paths.map((path) => ({ productId: null, initial: create.initial, path })),
    ...edit.paths.map((path) => ({ productId: 'p-1', initial: edit.initial, path })),
  ];

  it('has a finite graph for these events (create and edit)', () => {
    expect([create.finite, edit.finite]).toEqual([true, true]);
  });

  it('reaches every state and takes every declared transition (create and edit together)', () => {
    const visited = new Set(all.flatMap(({ initial, path }) => [initial, ...path.map((s) => s.state)].flatMap((s) => activeIds(s as never))));
    // `opening` is transient: it picks loading or editing before any snapshot is seen.
    expect([...visited].sort()).toEqual(
      stateIds(productFormMachine)
        .filter((id) => id !== 'productForm.opening')
        .sort(),
    );
    expect([...new Set([...create.taken, ...edit.taken])].sort()).toEqual(declaredTransitions(productFormMachine).sort());
    expect(create.vertices).toBeGreaterThan(100);
    expect(edit.vertices).toBeGreaterThan(100);
  });

  it('replays every path with fake actors and checks what each step promises', async () => {
    for (const { productId, initial, path } of all) {
      const h = harness(productId);
      expect(h.snapshot().context).toEqual(initial.context);
      expect(selectFormStatus(h.snapshot())).toBe(productId ? 'loading' : 'editing');
      expect(h.calls).toEqual(productId ? [{ actor: 'loadProduct', input: { id: productId } }] : []);
      // What this path has written so far: a product is created at most once, an image uploaded at most once.
      let created = 0;
      let loads = 0;
      const uploadedFiles: string[] = [];
      for (const step of withIgnored(productFormMachine, initial, eventsFor(path.at(-1)?.state ?? initial), path)) {
        const event = step.event as GraphEvent;
        const before = h.snapshot();
        const handled = transitionIds(productFormMachine, before, event).length > 0;
        const calls = h.calls.length;
        const notices = h.notices.length;
        await h.play(event);
        const after = h.snapshot();
        expect(after.value).toEqual(step.state.value);
        expect(after.context).toEqual(step.state.context);
        const newCalls = h.calls.slice(calls);
        const newNotices = h.notices.slice(notices);
        const status = selectFormStatus(after);

        if (!handled) {
          expect(after.context).toEqual(before.context);
          expect([...newCalls, ...newNotices]).toEqual([]);
          continue;
        }

        // Always: a step is named exactly while saving or failed; a failure only while failed or loadFailed.
        expect(selectStep(after) !== null).toBe(status === 'saving' || status === 'failed');
        expect(after.context.failure !== null && after.context.failure !== '').toBe(status === 'failed' || status === 'loadFailed');
        // Each image row has a key of its own; a new product's first row is the empty variant.
        expect(new Set(after.context.images.map((i) => i.key)).size).toBe(after.context.images.length);
        expect(new Set(after.context.variants.map((v) => v.key)).size).toBe(after.context.variants.length);
        expect(after.context.variants.length).toBeGreaterThan(0);
        expect(after.context.images.length).toBeLessThanOrEqual(IMAGES_MAX);

        // The actor started by this step: exactly one when a step (re)starts, with what the form holds.
        const runs = running(after);
        const restarted = runs !== null && (runs !== running(before) || (runs === 'uploadImage' && event.type === 'xstate.done.actor.uploadImage'));
        expect(newCalls.map((c) => c.actor)).toEqual(restarted ? [runs] : []);
        const c = after.context;
        switch (restarted ? runs : null) {
          case 'loadProduct':
            expect(newCalls[0].input).toEqual({ id: before.context.productId });
            break;
          case 'createProduct':
            // Never a second product: only while the form has no product id.
            expect(before.context.productId).toBeNull();
            expect(newCalls[0].input).toEqual({ input: productInput(c.values) });
            break;
          case 'updateProduct':
            expect(newCalls[0].input).toEqual({ id: before.context.productId, input: productInput(c.values), expectedUpdatedAt: before.context.updatedAt });
            break;
          case 'saveVariants':
            // Ids a previous variants step returned are sent back: those rows are updated, not inserted again.
            expect(newCalls[0].input).toEqual({ productId: c.productId, variants: variantInputs(c.variants) });
            expect(c.productId).not.toBeNull();
            break;
          case 'uploadImage': {
            const { file, index, productId: into } = newCalls[0].input as { file: File; index: number; productId: string };
            const image = pendingImages(c.images)[0];
            expect(file.name).toBe(image.fileName);
            expect(index).toBe(c.images.indexOf(image));
            expect(into).toBe(c.productId);
            expect(uploadedFiles).not.toContain(`${c.productId}/${file.name}`);
            break;
          }
          case 'saveMedia':
            // Every image is uploaded by now, and sent in display order (first = primary).
            expect(c.images.every((i) => i.url !== null)).toBe(true);
            expect(newCalls[0].input).toEqual({ productId: c.productId, media: mediaInputs(c.values.title, c.images) });
            break;
        }

        // Toasts and leaving: once, when the save ends.
        if (status === 'failed' && selectFormStatus(before) === 'saving') {
          expect(newNotices).toEqual([{ type: 'notifyFailed', params: { step: c.failedStep, message: c.failure } }]);
        } else if (status === 'saved') {
          expect(newNotices).toEqual([{ type: 'notifySaved', params: { mode: productId || loads > 0 ? 'edit' : 'create' } }, { type: 'leave' }]);
        } else expect(newNotices).toEqual([]);

        switch (event.type) {
          case 'form.submit':
          case 'save.retry': {
            const invalid =
              Object.keys(validateProduct(before.context.values, before.context.variants, before.context.images)).length > 0 || Object.keys(before.context.errors).length > 0;
            if (invalid) {
              // Nothing is sent; every invalid field is marked and the view is asked to focus the first.
              expect(event.type).toBe('form.submit');
              expect(status).toBe('editing');
              expect(newCalls).toEqual([]);
              expect(c.focusRequest).toBe(before.context.focusRequest + 1);
              expect(c.errors).toMatchObject(validateProduct(c.values, c.variants, c.images));
            } else {
              // The save starts where the last one stopped: no step before it runs again.
              expect(status).toBe('saving');
              expect(selectStep(after)).toBe(startStep(before.context.resumeStep, before.context.images));
              expect(c.errors).toEqual({});
              expect(c.failure).toBeNull();
            }
            break;
          }
          case 'xstate.done.actor.createProduct':
            created += 1;
            expect(created).toBe(1);
            expect(c.productId).toBe(CREATED.id);
            expect(c.updatedAt).toBe(CREATED.updatedAt);
            expect(selectStep(after)).toBe('variants');
            break;
          case 'xstate.done.actor.updateProduct':
            expect(c.updatedAt).toBe(UPDATED_AT);
            expect(selectStep(after)).toBe('variants');
            break;
          case 'xstate.done.actor.saveVariants':
            expect(c.variants.map((v) => v.id)).toEqual((event.output as { id: string }[]).map((v) => v.id));
            expect(selectStep(after)).toBe(pendingImages(c.images).length ? 'images' : 'media');
            break;
          case 'xstate.done.actor.uploadImage': {
            const image = pendingImages(before.context.images)[0];
            uploadedFiles.push(`${c.productId}/${image.fileName}`);
            expect(c.images.find((i) => i.key === image.key)?.url).toBe((event.output as { url: string }).url);
            expect(c.uploaded).toEqual([...before.context.uploaded, image.key]);
            break;
          }
          case 'xstate.done.actor.saveMedia':
            expect(status).toBe('saved');
            expect(c.images.every((i) => i.mediaId !== null)).toBe(true);
            break;
          case 'xstate.error.actor.createProduct':
          case 'xstate.error.actor.updateProduct':
            if (event.error === stale) {
              expect(status).toBe('conflict');
              // Only an update can find the product changed (a new product's too, once created).
              expect(before.context.productId).not.toBeNull();
            } else if (event.error === slugTaken) {
              expect(status).toBe('editing');
              expect(c.errors).toEqual({ slug: { kind: 'slugTaken' } });
              expect(c.focusRequest).toBe(before.context.focusRequest + 1);
            } else {
              expect(status).toBe('failed');
              expect(selectStep(after)).toBe('product');
            }
            break;
          case 'xstate.error.actor.saveVariants':
            if ((event.error as ApiError).details?.includes(before.context.variants[0].sku)) {
              expect(status).toBe('editing');
              expect(c.errors).toEqual({ [`variants.${c.variants[0].key}.sku`]: { kind: 'skuTaken' } });
              expect(c.focusRequest).toBe(before.context.focusRequest + 1);
            } else {
              expect(status).toBe('failed');
              expect(selectStep(after)).toBe('variants');
            }
            break;
          case 'xstate.error.actor.uploadImage':
          case 'xstate.error.actor.saveMedia':
            expect(status).toBe('failed');
            expect(selectStep(after)).toBe(event.type === 'xstate.error.actor.uploadImage' ? 'images' : 'media');
            expect(c.failure).toBe((event.error as Error).message);
            // What was typed and what earlier steps returned stays.
            expect(c.values).toEqual(before.context.values);
            expect(c.variants).toEqual(before.context.variants);
            break;
          case 'xstate.done.actor.loadProduct':
            loads += 1;
            if (event.output === null) expect(status).toBe('notFound');
            else {
              expect(c.mode).toBe('edit');
              expect(status).toBe('editing');
              expect(c.values).toEqual(LOADED.values);
              expect(c.variants).toEqual(LOADED.variants);
              expect(c.images).toEqual(LOADED.images);
              expect(c.updatedAt).toBe(LOADED.updatedAt);
              expect(selectDirty(after)).toBe(false);
            }
            break;
          case 'xstate.error.actor.loadProduct':
            expect(status).toBe('loadFailed');
            break;
          case 'product.reload':
            expect(selectFormStatus(before)).toBe('conflict');
            expect(status).toBe('loading');
            break;
          case 'load.retry':
            expect(status).toBe('loading');
            break;
          case 'variant.remove':
            expect(before.context.variants.length).toBeGreaterThan(1);
            expect(c.variants).toEqual(before.context.variants.filter((v) => v.key !== event.key));
            break;
          case 'variant.add':
            expect(c.variants.slice(0, -1)).toEqual(before.context.variants);
            expect({ ...c.variants.at(-1), key: '' }).toEqual(emptyVariant(''));
            break;
          case 'images.add': {
            const accepted = event.files.filter((f) => f !== NOTES && f !== HUGE);
            expect(c.images.map((i) => i.file)).toEqual([...before.context.images.map((i) => i.file), ...accepted]);
            expect(c.fileProblems.map((p) => p.fileName)).toEqual(event.files.filter((f) => !accepted.includes(f)).map((f) => f.name));
            break;
          }
          case 'image.move':
            expect(c.images[0].key).toBe(event.key);
            break;
        }
        // An edit (in failed too) is kept, and moves the next save back to the step that writes it.
        if (event.type.startsWith('form.') && event.type !== 'form.submit') expect(c.resumeStep).toBe('product');
        if (['editing', 'failed', 'conflict'].includes(selectFormStatus(before)) && /^(variant|image)s?\./.test(event.type) && event.type !== 'images.add') {
          expect(status).toBe(selectFormStatus(before) === 'conflict' ? 'conflict' : 'editing');
        }
      }
      h.actor.stop();
    }
  });
});

// ── The rules, one scenario each ────────────────────────────────────────────────────────────────

/** Fills a new product's required fields and its first variant. */
function fillNewProduct(h: ReturnType<typeof harness>) {
  const key = h.snapshot().context.variants[0].key;
  h.send({ type: 'form.change', field: 'title', value: 'Grind Tee' });
  h.send({ type: 'form.change', field: 'description', value: 'Heavy cotton.' });
  h.send({ type: 'form.change', field: 'category', value: 'clothing' });
  h.send({ type: 'variant.change', key, field: 'sku', value: 'GT-M' });
  h.send({ type: 'variant.change', key, field: 'price', value: '29.99' });
}

/** A new product with two variants and two images, ready to save. */
function readyToCreate() {
  const h = harness(null);
  fillNewProduct(h);
  h.send({ type: 'variant.add' });
  const second = h.snapshot().context.variants[1].key;
  h.send({ type: 'variant.change', key: second, field: 'sku', value: 'GT-L' });
  h.send({ type: 'variant.change', key: second, field: 'price', value: '29.99' });
  h.send({ type: 'images.add', files: [FRONT, BACK] });
  return h;
}

const VARIANT_IDS = [
  { id: 'var-m', sku: 'GT-M' },
  { id: 'var-l', sku: 'GT-L' },
];

async function saveUntil(h: ReturnType<typeof harness>, step: SaveStep) {
  h.send({ type: 'form.submit' });
  if (step === 'product') return;
  await h.answer('createProduct', CREATED);
  if (step === 'variants') return;
  await h.answer('saveVariants', VARIANT_IDS);
  if (step === 'images') return;
  await h.answer('uploadImage', { url: 'https://cdn.test/p-new/front.png' });
  await h.answer('uploadImage', { url: 'https://cdn.test/p-new/back.png' });
}

describe('product form machine: saving a new product', () => {
  it('writes product → variants → each image → media, then toasts and leaves', async () => {
    const h = readyToCreate();
    await saveUntil(h, 'media');
    expect(h.calls.map((c) => c.actor)).toEqual(['createProduct', 'saveVariants', 'uploadImage', 'uploadImage', 'saveMedia']);
    expect(h.calls[1].input).toEqual({
      productId: 'p-new',
      variants: [
        { id: null, sku: 'GT-M', size: null, color: null, price: 2999, compareAtPrice: null, inventory: 0, barcode: null },
        { id: null, sku: 'GT-L', size: null, color: null, price: 2999, compareAtPrice: null, inventory: 0, barcode: null },
      ],
    });
    expect(h.called('uploadImage').map((c) => (c.input as { index: number; file: File }).index)).toEqual([0, 1]);
    expect(h.called('uploadImage').map((c) => (c.input as { file: File }).file.name)).toEqual(['front.png', 'back.png']);
    expect(h.calls[4].input).toEqual({
      productId: 'p-new',
      media: [
        { id: null, url: 'https://cdn.test/p-new/front.png', alt: 'Grind Tee image 1', width: null, height: null },
        { id: null, url: 'https://cdn.test/p-new/back.png', alt: 'Grind Tee image 2', width: null, height: null },
      ],
    });
    expect(selectStep(h.snapshot())).toBe('media');
    await h.answer('saveMedia', [
      { id: 'm-1', url: 'https://cdn.test/p-new/front.png' },
      { id: 'm-2', url: 'https://cdn.test/p-new/back.png' },
    ]);
    expect(selectFormStatus(h.snapshot())).toBe('saved');
    expect(h.notices).toEqual([{ type: 'notifySaved', params: { mode: 'create' } }, { type: 'leave' }]);
  });

  it.each(['product', 'variants', 'images', 'media'] as const)('a failure at the %s step keeps the form; Retry resumes there and repeats nothing', async (step) => {
    const h = readyToCreate();
    await saveUntil(h, step);
    const typed = structuredClone({ values: h.snapshot().context.values, variants: h.snapshot().context.variants.map((v) => v.sku) });
    const failing = STEP_ACTORS[step].find((id) => h.called(id).length > 0) as ActorId;
    await h.fail(failing, offline);
    expect(selectFormStatus(h.snapshot())).toBe('failed');
    expect(selectStep(h.snapshot())).toBe(step);
    expect(h.snapshot().context.failure).toBe('Failed to fetch');
    expect(h.notices).toEqual([{ type: 'notifyFailed', params: { step, message: 'Failed to fetch' } }]);
    expect({ values: h.snapshot().context.values, variants: h.snapshot().context.variants.map((v) => v.sku) }).toEqual(typed);

    const before = h.calls.length;
    h.send({ type: 'save.retry' });
    expect(selectStep(h.snapshot())).toBe(step);
    expect(h.calls.slice(before).map((c) => c.actor)).toEqual([failing]);
    // Finish the save from there.
    if (step === 'product') await h.answer('createProduct', CREATED);
    if (step === 'product' || step === 'variants') await h.answer('saveVariants', VARIANT_IDS);
    while (selectStep(h.snapshot()) === 'images') {
      await h.answer('uploadImage', { url: `https://cdn.test/p-new/${pendingImages(h.snapshot().context.images)[0].fileName}` });
    }
    await h.answer('saveMedia', [{ id: 'm-1' }, { id: 'm-2' }]);
    expect(selectFormStatus(h.snapshot())).toBe('saved');
    // One product, one variants write per attempt, each image uploaded once.
    expect(h.called('createProduct')).toHaveLength(step === 'product' ? 2 : 1);
    expect(h.called('updateProduct')).toHaveLength(0);
    expect(h.called('uploadImage').map((c) => (c.input as { file: File }).file.name)).toEqual(
      step === 'images' ? ['front.png', 'front.png', 'back.png'] : ['front.png', 'back.png'],
    );
    expect(h.called('saveVariants')).toHaveLength(step === 'variants' ? 2 : 1);
  });

  it('an upload failing on the second image: Retry uploads only that one', async () => {
    const h = readyToCreate();
    await saveUntil(h, 'images');
    await h.answer('uploadImage', { url: 'https://cdn.test/p-new/front.png' });
    await h.fail('uploadImage', tooBig);
    expect(h.snapshot().context.uploaded).toEqual([h.snapshot().context.images[0].key]);
    expect(h.snapshot().context.failure).toBe('The object exceeded the maximum allowed size');
    h.send({ type: 'save.retry' });
    const uploads = h.called('uploadImage').map((c) => (c.input as { file: File; index: number }).file.name);
    expect(uploads).toEqual(['front.png', 'back.png', 'back.png']);
    expect(h.called('uploadImage').at(-1)?.input).toMatchObject({ productId: 'p-new', index: 1 });
    expect(h.called('createProduct')).toHaveLength(1);
    expect(h.called('saveVariants')).toHaveLength(1);
  });

  it('after a later step failed, a changed title is written by updating the product created before (never a second one)', async () => {
    const h = readyToCreate();
    await saveUntil(h, 'images');
    await h.fail('uploadImage', offline);
    h.send({ type: 'form.change', field: 'title', value: 'Grind Tee 2' });
    expect(selectFormStatus(h.snapshot())).toBe('editing');
    h.send({ type: 'form.submit' });
    expect(h.called('createProduct')).toHaveLength(1);
    expect(h.called('updateProduct').map((c) => c.input)).toEqual([{ id: 'p-new', input: productInput(h.snapshot().context.values), expectedUpdatedAt: CREATED.updatedAt }]);
    await h.answer('updateProduct', { id: 'p-new', updatedAt: UPDATED_AT });
    // The variants carry the ids the first save returned: updated, not inserted again.
    expect(((h.called('saveVariants').at(-1) as Call).input as { variants: VariantInput[] }).variants.map((v) => v.id)).toEqual(['var-m', 'var-l']);
  });

  it('after a failure, editing only an image resumes at the images step', async () => {
    const h = readyToCreate();
    await saveUntil(h, 'images');
    await h.fail('uploadImage', offline);
    h.send({ type: 'image.alt', key: h.snapshot().context.images[0].key, alt: 'Front' });
    h.send({ type: 'form.submit' });
    expect(selectStep(h.snapshot())).toBe('images');
    expect(h.called('createProduct')).toHaveLength(1);
    expect(h.called('saveVariants')).toHaveLength(1);
  });

  it('slug taken: the slug field says so and is focused; nothing else is marked', async () => {
    const h = readyToCreate();
    h.send({ type: 'form.submit' });
    await h.fail('createProduct', slugTaken);
    const { errors, focusRequest } = h.snapshot().context;
    expect(selectFormStatus(h.snapshot())).toBe('editing');
    expect(errors).toEqual({ slug: { kind: 'slugTaken' } });
    expect(focusRequest).toBe(1);
    expect(h.notices).toEqual([]);
    // Submitting the same slug again asks nothing of the server.
    h.send({ type: 'form.submit' });
    expect(h.called('createProduct')).toHaveLength(1);
    expect(h.snapshot().context.focusRequest).toBe(2);
    h.send({ type: 'form.change', field: 'slug', value: 'grind-tee-2' });
    expect(h.snapshot().context.errors).toEqual({});
    h.send({ type: 'form.submit' });
    expect(h.called('createProduct').at(-1)?.input).toMatchObject({ input: { slug: 'grind-tee-2' } });
  });

  it('SKU taken: that variant’s SKU is marked; the next save resumes at the variants step', async () => {
    const h = readyToCreate();
    h.send({ type: 'form.submit' });
    await h.answer('createProduct', CREATED);
    await h.fail('saveVariants', skuTaken('GT-L'));
    const [, second] = h.snapshot().context.variants;
    expect(h.snapshot().context.errors).toEqual({ [`variants.${second.key}.sku`]: { kind: 'skuTaken' } });
    expect(h.snapshot().context.focusRequest).toBe(1);
    h.send({ type: 'variant.change', key: second.key, field: 'sku', value: 'GT-XL' });
    h.send({ type: 'form.submit' });
    expect(h.calls.map((c) => c.actor)).toEqual(['createProduct', 'saveVariants', 'saveVariants']);
    // A lower-case unique index reports the SKU as the database stored it.
    expect(takenSkuKey(skuTaken('gt-xl'), h.snapshot().context.variants)).toBe(second.key);
  });

  it('an invalid submit sends nothing, marks every invalid field and asks for focus each time', () => {
    const h = harness(null);
    h.send({ type: 'form.submit' });
    const key = h.snapshot().context.variants[0].key;
    expect(h.snapshot().context.errors).toEqual({
      title: { kind: 'required' },
      description: { kind: 'required' },
      category: { kind: 'required' },
      slug: { kind: 'required' },
      [`variants.${key}.sku`]: { kind: 'required' },
      [`variants.${key}.price`]: { kind: 'required' },
    });
    expect(h.snapshot().context.focusRequest).toBe(1);
    h.send({ type: 'form.submit' });
    expect(h.snapshot().context.focusRequest).toBe(2);
    expect(h.calls).toEqual([]);
    // Fixing a field removes its mark at once (the title also fills the slug); no new marks appear while typing.
    h.send({ type: 'form.change', field: 'title', value: 'Grind Tee' });
    expect(h.snapshot().context.errors.title).toBeUndefined();
    expect(h.snapshot().context.errors.slug).toBeUndefined();
    h.send({ type: 'variant.change', key, field: 'price', value: '0' });
    expect(h.snapshot().context.errors[`variants.${key}.price`]).toEqual({ kind: 'pricePositive' });
  });
});

describe('product form machine: editing a product', () => {
  async function loaded() {
    const h = harness('p-1');
    await h.answer('loadProduct', LOADED);
    return h;
  }

  it('loads the product into the form, not dirty; saving updates it with the loaded version', async () => {
    const h = await loaded();
    expect(selectFormStatus(h.snapshot())).toBe('editing');
    expect(h.snapshot().context.values).toEqual(LOADED.values);
    expect(selectDirty(h.snapshot())).toBe(false);
    h.send({ type: 'form.change', field: 'subtitle', value: 'Oversized' });
    expect(selectDirty(h.snapshot())).toBe(true);
    h.send({ type: 'form.submit' });
    expect(h.called('updateProduct')[0].input).toEqual({ id: 'p-1', input: productInput({ ...LOADED.values, subtitle: 'Oversized' }), expectedUpdatedAt: LOADED.updatedAt });
    expect(h.called('createProduct')).toEqual([]);
    await h.answer('updateProduct', { id: 'p-1', updatedAt: UPDATED_AT });
    expect((h.called('saveVariants')[0].input as { variants: VariantInput[] }).variants.map((v) => v.id)).toEqual(['var-1']);
    await h.answer('saveVariants', [{ id: 'var-1', sku: 'GT-M' }]);
    // No new image: straight to the media step, which keeps the saved image.
    expect(selectStep(h.snapshot())).toBe('media');
    expect(h.called('uploadImage')).toEqual([]);
    expect((h.called('saveMedia')[0].input as { media: MediaInput[] }).media).toEqual([{ id: 'media-1', url: LOADED.images[0].url, alt: 'Front', width: 800, height: 800 }]);
    await h.answer('saveMedia', [{ id: 'media-1', url: LOADED.images[0].url }]);
    expect(h.notices).toEqual([{ type: 'notifySaved', params: { mode: 'edit' } }, { type: 'leave' }]);
  });

  it('renaming a saved product keeps its slug (its address); the meta title still follows', async () => {
    const h = await loaded();
    const before = h.snapshot().context.values;
    h.send({ type: 'form.change', field: 'title', value: `${before.title} Pro` });
    expect(h.snapshot().context.values.slug).toBe(before.slug);
    const created = harness(null);
    created.send({ type: 'form.change', field: 'title', value: 'Grind Tee Pro' });
    expect(created.snapshot().context.values.slug).toBe('grind-tee-pro');
  });

  it('changed elsewhere (stale): conflict, nothing else is written; Reload discards the changes and loads again', async () => {
    const h = await loaded();
    h.send({ type: 'form.change', field: 'title', value: 'Mine' });
    h.send({ type: 'form.submit' });
    await h.fail('updateProduct', stale);
    expect(selectFormStatus(h.snapshot())).toBe('conflict');
    expect(h.calls.map((c) => c.actor)).toEqual(['loadProduct', 'updateProduct']);
    expect(h.notices).toEqual([]);
    // Submitting again is not offered: only a reload resolves it.
    h.send({ type: 'form.submit' });
    h.send({ type: 'save.retry' });
    expect(h.calls).toHaveLength(2);
    h.send({ type: 'product.reload' });
    expect(selectFormStatus(h.snapshot())).toBe('loading');
    await h.answer('loadProduct', { ...LOADED, updatedAt: UPDATED_AT, values: { ...LOADED.values, title: 'Theirs' } });
    expect(h.snapshot().context.values.title).toBe('Theirs');
    expect(h.snapshot().context.updatedAt).toBe(UPDATED_AT);
    expect(selectDirty(h.snapshot())).toBe(false);
  });

  it('not found and load failures', async () => {
    const missing = harness('nope');
    await missing.answer('loadProduct', null);
    expect(selectFormStatus(missing.snapshot())).toBe('notFound');
    const offlineLoad = harness('p-1');
    await offlineLoad.fail('loadProduct', offline);
    expect(selectFormStatus(offlineLoad.snapshot())).toBe('loadFailed');
    expect(offlineLoad.snapshot().context.failure).toBe('Failed to fetch');
    offlineLoad.send({ type: 'load.retry' });
    await offlineLoad.answer('loadProduct', LOADED);
    expect(selectFormStatus(offlineLoad.snapshot())).toBe('editing');
    expect(offlineLoad.called('loadProduct')).toHaveLength(2);
  });

  it('a product without variants gets one empty row to fill', async () => {
    const h = harness('p-1');
    await h.answer('loadProduct', { ...LOADED, variants: [] });
    expect(h.snapshot().context.variants).toEqual([emptyVariant('new-1')]);
    expect(selectDirty(h.snapshot())).toBe(false);
  });
});

describe('product form machine: variants and images', () => {
  it('removes a variant only while more than one exists', () => {
    const h = harness(null);
    const [first] = h.snapshot().context.variants;
    h.send({ type: 'variant.remove', key: first.key });
    expect(h.snapshot().context.variants).toEqual([first]);
    h.send({ type: 'variant.add' });
    const second = h.snapshot().context.variants[1];
    expect(second.key).not.toBe(first.key);
    h.send({ type: 'variant.remove', key: first.key });
    expect(h.snapshot().context.variants).toEqual([second]);
    h.send({ type: 'variant.remove', key: second.key });
    expect(h.snapshot().context.variants).toEqual([second]);
  });

  it('takes images in the order picked and refuses other files and files over the limit', () => {
    const h = harness(null);
    h.send({ type: 'images.add', files: [BACK, NOTES, FRONT, HUGE] });
    const { images, fileProblems } = h.snapshot().context;
    expect(images.map((i) => [i.fileName, i.previewUrl, i.url])).toEqual([
      ['back.png', 'blob:preview/back.png', null],
      ['front.png', 'blob:preview/front.png', null],
    ]);
    expect(fileProblems).toEqual([
      { fileName: 'notes.txt', problem: { kind: 'type' } },
      { fileName: 'huge.png', problem: { kind: 'size', maxBytes: IMAGE_MAX_BYTES } },
    ]);
    // The next pick replaces the refusals shown.
    h.send({ type: 'images.add', files: [png('side.png')] });
    expect(h.snapshot().context.fileProblems).toEqual([]);
    expect(h.snapshot().context.images.map((i) => i.fileName)).toEqual(['back.png', 'front.png', 'side.png']);
  });

  it('moving an image changes the primary (the first); removing one keeps the rest in order', () => {
    const h = harness(null);
    h.send({ type: 'images.add', files: [FRONT, BACK, png('side.png')] });
    const [front, back, side] = h.snapshot().context.images.map((i) => i.key);
    h.send({ type: 'image.move', key: side, toIndex: 0 });
    expect(h.snapshot().context.images.map((i) => i.key)).toEqual([side, front, back]);
    h.send({ type: 'image.move', key: side, toIndex: 99 });
    expect(h.snapshot().context.images.map((i) => i.key)).toEqual([front, back, side]);
    h.send({ type: 'image.remove', key: back });
    expect(h.snapshot().context.images.map((i) => i.key)).toEqual([front, side]);
  });

  it('dirty: any change to values, variants or images; undoing it makes the form clean again', () => {
    const h = harness(null);
    expect(selectDirty(h.snapshot())).toBe(false);
    h.send({ type: 'form.featured', featured: true });
    expect(selectDirty(h.snapshot())).toBe(true);
    h.send({ type: 'form.featured', featured: false });
    expect(selectDirty(h.snapshot())).toBe(false);
    h.send({ type: 'variant.add' });
    expect(selectDirty(h.snapshot())).toBe(true);
    h.send({ type: 'variant.remove', key: h.snapshot().context.variants[1].key });
    expect(selectDirty(h.snapshot())).toBe(false);
    h.send({ type: 'images.add', files: [FRONT] });
    expect(selectDirty(h.snapshot())).toBe(true);
    h.send({ type: 'image.remove', key: h.snapshot().context.images[0].key });
    expect(selectDirty(h.snapshot())).toBe(false);
    h.send({ type: 'images.add', files: [NOTES] });
    expect(selectDirty(h.snapshot())).toBe(false);
  });
});

// ── Pure rules ──────────────────────────────────────────────────────────────────────────────────

const draft = (key: string, extra: Partial<ImageDraft> = {}): ImageDraft => ({
  key,
  mediaId: null,
  url: null,
  file: FRONT,
  previewUrl: 'blob:x',
  fileName: `${key}.png`,
  alt: '',
  width: null,
  height: null,
  ...extra,
});

describe('product form rules', () => {
  it('pickImages: type and size first, then at most IMAGES_MAX images in all', () => {
    expect(pickImages(0, [FRONT, NOTES]).accepted).toEqual([FRONT]);
    const full = pickImages(IMAGES_MAX - 1, [FRONT, BACK, NOTES]);
    expect(full.accepted).toEqual([FRONT]);
    expect(full.refused).toEqual([
      { fileName: 'back.png', problem: { kind: 'tooMany', max: IMAGES_MAX } },
      { fileName: 'notes.txt', problem: { kind: 'type' } },
    ]);
    // A file named like an image but of another type is refused too.
    expect(pickImages(0, [new File(['x'], 'x.png', { type: 'text/html' })]).refused[0].problem).toEqual({ kind: 'type' });
  });

  it('movedImages clamps the target and ignores unknown keys', () => {
    const images = [draft('a'), draft('b'), draft('c')];
    expect(movedImages(images, 'c', -5).map((i) => i.key)).toEqual(['c', 'a', 'b']);
    expect(movedImages(images, 'a', 1).map((i) => i.key)).toEqual(['b', 'a', 'c']);
    expect(movedImages(images, 'x', 0)).toBe(images);
    expect(movedImages(images, 'b', 1)).toBe(images);
  });

  it('startStep: the images step with nothing left to upload is the media step', () => {
    expect(startStep('images', [draft('a', { url: 'u' })])).toBe('media');
    expect(startStep('images', [draft('a')])).toBe('images');
    expect(startStep('variants', [])).toBe('variants');
  });

  it('mediaInputs: display order, saved ids, blank alt → "{title} image {n}"', () => {
    expect(mediaInputs(' Grind Tee ', [draft('a', { url: 'u1', mediaId: 'm1', alt: ' ' }), draft('b', { url: 'u2', alt: 'Back', width: 10, height: 20 })])).toEqual([
      { id: 'm1', url: 'u1', alt: 'Grind Tee image 1', width: null, height: null },
      { id: null, url: 'u2', alt: 'Back', width: 10, height: 20 },
    ]);
  });

  it('withVariantIds writes the saved ids back by position', () => {
    expect(withVariantIds([emptyVariant('a'), { ...emptyVariant('b'), id: 'old' }], [{ id: 'x' }, { id: 'old' }]).map((v) => v.id)).toEqual(['x', 'old']);
  });

  it('refreshErrors: shown errors follow the form, none appear while typing; a database refusal stays until its field changes', () => {
    const values = { ...LOADED.values, title: '' };
    const variants = [emptyVariant('a')];
    const shown: FormErrors = { title: { kind: 'required' }, slug: { kind: 'slugTaken' } };
    // The variant's missing SKU is not shown before a submit.
    expect(refreshErrors(shown, values, variants, [], ['title'])).toEqual(shown);
    expect(refreshErrors(shown, LOADED.values, variants, [], ['title'])).toEqual({ slug: { kind: 'slugTaken' } });
    expect(refreshErrors(shown, LOADED.values, variants, [], ['slug'])).toEqual({});
  });

  it('recognises the database’s refusals', () => {
    expect(isStale(stale)).toBe(true);
    expect(isStale(offline)).toBe(false);
    expect(isSlugTaken(slugTaken)).toBe(true);
    expect(isSlugTaken(skuTaken('GT-M'))).toBe(false);
    // The field comes from src/api/admin.ts: the form reads no constraint names itself.
    expect(isSlugTaken({ code: '23505', message: 'duplicate key value violates unique constraint "products_slug_key"', details: 'Key (slug)=(x) already exists.' })).toBe(false);
    expect(takenSkuKey({ code: '23505', details: 'Key (sku)=(GT-M) already exists.' }, [{ ...emptyVariant('a'), sku: 'GT-M' }])).toBeNull();
    expect(isSlugTaken(null)).toBe(false);
    const variants = [{ ...emptyVariant('a'), sku: 'GT-M' }];
    expect(takenSkuKey(skuTaken('gt-m'), variants)).toBe('a');
    expect(takenSkuKey(skuTaken('GT-X'), variants)).toBeNull();
    expect(takenSkuKey(slugTaken, variants)).toBeNull();
    expect(takenSkuKey(offline, variants)).toBeNull();
  });

  it('formFingerprint ignores row keys and saved ids of variants, but not the order of images', () => {
    const values = emptyProductValues();
    expect(formFingerprint(values, [emptyVariant('a')], [])).toBe(formFingerprint(values, [{ ...emptyVariant('b'), id: 'x' }], []));
    expect(formFingerprint(values, [], [draft('a'), draft('b')])).not.toBe(formFingerprint(values, [], [draft('b'), draft('a')]));
  });

  it('productInput is what the product step sends (types kept for the fakes above)', () => {
    const input: ProductInput = productInput(LOADED.values);
    expect(input.tags).toEqual(['tee', 'cotton']);
  });
});
