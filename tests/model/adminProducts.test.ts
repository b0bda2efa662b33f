import { createActor, fromPromise, SimulatedClock, type SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import { type AdminProductQuery, type AdminProductRow, DEFAULT_ADMIN_PRODUCT_QUERY, type Page } from '../../domain/adminLists';
import { type ProductStatus, toggledStatus } from '../../domain/products';
import {
  ADMIN_SEARCH_DEBOUNCE_MS,
  type AdminProductsEvent,
  type AdminProductsNavigation,
  type AdminProductsNotice,
  adminProductsMachine,
  selectListStatus,
  selectSearchText,
  selectWrites,
  writeId,
} from '../../machines/adminProductsMachine';
import { ApiError } from '../../src/api/errors';
import { GRIND_TEE, IRON_SHAKER, LIFTING_BELT } from '../../stories/fixtures/admin-products';
import { activeIds, declaredTransitions, explore, graphIsFinite, stateIds, transitionIds, withIgnored } from './graph';
import { type Deferred, deferredActor, tick } from './support';

type Snapshot = SnapshotFrom<typeof adminProductsMachine>;

const AFTER_DEBOUNCE = 'xstate.after.debounce.adminProducts.debouncing';
/** A spawned toggle write ends: the graph stands for `xstate.done.actor.<write id>` with the wildcard the chart declares. */
const WRITE_DONE = 'xstate.done.actor.*';
const WRITE_FAILED = 'xstate.error.actor.*';

const Q0: AdminProductQuery = DEFAULT_ADMIN_PRODUCT_QUERY;
const Q_TEXT: AdminProductQuery = { ...Q0, q: 'iron' };
const Q_STATUS: AdminProductQuery = { ...Q0, status: 'draft' };
/** An old link: page 9 of a list that now has 3 (60 products, 25 a page). */
const Q_PAGE_9: AdminProductQuery = { ...Q0, page: 9 };
const INPUT = { query: Q0 };

/** IRON_SHAKER is a draft, not featured: the toggles' subject in the graph. */
const P1 = IRON_SHAKER;
const PAGE: Page<AdminProductRow> = { rows: [GRIND_TEE, P1], total: 60 };
const EMPTY: Page<AdminProductRow> = { rows: [], total: 0 };
/** What a page past the last one answers: no rows, but the count of all. */
const PAST_THE_END: Page<AdminProductRow> = { rows: [], total: 60 };
const WRITTEN_AT = '2026-11-19T08:00:00Z';
const refused = new ApiError('unauthorized', 'new row violates row-level security policy for table "products"');
const offline = new ApiError('network', 'Failed to fetch');

type GraphEvent =
  | AdminProductsEvent
  | { type: typeof AFTER_DEBOUNCE }
  | { type: 'xstate.done.actor.fetchProducts'; output: Page<AdminProductRow> }
  | { type: 'xstate.error.actor.fetchProducts'; error: unknown }
  | { type: typeof WRITE_DONE; actorId: string; output: { updatedAt: string } }
  | { type: typeof WRITE_FAILED; actorId: string; error: unknown };

/** The list's queries, loads and toggles (typing only clears the field here: the search graph below types). */
const toggleEvents: GraphEvent[] = [
  { type: 'search.text', text: '' },
  { type: 'list.query', query: Q0 },
  { type: 'list.query', query: Q_TEXT },
  { type: 'list.query', query: Q_STATUS },
  { type: 'list.retry' },
  { type: 'xstate.done.actor.fetchProducts', output: PAGE },
  { type: 'xstate.done.actor.fetchProducts', output: EMPTY },
  { type: 'xstate.error.actor.fetchProducts', error: offline },
  { type: 'product.toggleFeatured', id: P1.id },
  { type: 'product.toggleStatus', id: P1.id },
  // A row that is not on the page (a stale click): nothing to write.
  { type: 'product.toggleFeatured', id: 'not-listed' },
  { type: WRITE_DONE, actorId: writeId('featured', P1.id), output: { updatedAt: WRITTEN_AT } },
  { type: WRITE_FAILED, actorId: writeId('featured', P1.id), error: refused },
  { type: WRITE_DONE, actorId: writeId('status', P1.id), output: { updatedAt: WRITTEN_AT } },
  { type: WRITE_FAILED, actorId: writeId('status', P1.id), error: refused },
];

/**
 * Typing and paging, without toggles (with them the graph grows past what a replay can walk in
 * time): the field's text against the URL's search, and a page past the last one.
 */
const searchEvents: GraphEvent[] = [
  { type: 'list.query', query: Q0 },
  { type: 'list.query', query: Q_TEXT },
  { type: 'list.query', query: Q_PAGE_9 },
  // Typing a search with spaces around it (its term is Q_TEXT's), and clearing the field.
  { type: 'search.text', text: ' iron ' },
  { type: 'search.text', text: '' },
  { type: 'list.retry' },
  { type: 'xstate.done.actor.fetchProducts', output: PAGE },
  { type: 'xstate.done.actor.fetchProducts', output: PAST_THE_END },
  { type: 'xstate.error.actor.fetchProducts', error: offline },
];

function harness(input = INPUT) {
  const fetches: Deferred<AdminProductQuery, Page<AdminProductRow>>[] = [];
  /** Every write asked for, in order, with the id of the actor making it. */
  const writes: (Deferred<{ id: string; featured?: boolean; status?: ProductStatus }, { updatedAt: string }> & { actorId: string; settled: boolean })[] = [];
  const notices: AdminProductsNotice[] = [];
  const navigations: AdminProductsNavigation[] = [];
  const clock = new SimulatedClock();
  const write =
    (kind: 'featured' | 'status') =>
    ({ input }: { input: { id: string; featured?: boolean; status?: ProductStatus } }) =>
      new Promise<{ updatedAt: string }>((resolve, reject) => {
        writes.push({ input, resolve, reject, actorId: writeId(kind, input.id), settled: false });
      });
  const machine = adminProductsMachine.provide({
    actors: {
      fetchProducts: deferredActor(fetches),
      setFeatured: fromPromise<{ updatedAt: string }, { id: string; featured: boolean }>(write('featured')),
      setStatus: fromPromise<{ updatedAt: string }, { id: string; status: ProductStatus }>(write('status')),
    },
    actions: { notify: (_, notice) => notices.push(notice), navigate: (_, navigation) => navigations.push(navigation) },
  });
  const actor = createActor(machine, { input, clock }).start();
  const openWrite = (actorId: string) => writes.find((w) => w.actorId === actorId && !w.settled);
  async function play(event: GraphEvent) {
    switch (event.type) {
      case AFTER_DEBOUNCE: {
        // Nothing is asked a millisecond before the wait is over; exactly one request right after it.
        const before = fetches.length;
        clock.increment(ADMIN_SEARCH_DEBOUNCE_MS - 1);
        expect(fetches.length).toBe(before);
        expect(actor.getSnapshot().value).toBe('debouncing');
        clock.increment(1);
        expect(fetches.length).toBe(before + 1);
        return;
      }
      case 'xstate.done.actor.fetchProducts':
        fetches.at(-1)?.resolve(event.output);
        return tick();
      case 'xstate.error.actor.fetchProducts':
        fetches.at(-1)?.reject(event.error);
        return tick();
      case WRITE_DONE:
      case WRITE_FAILED: {
        const w = openWrite(event.actorId);
        if (!w) return;
        w.settled = true;
        if (event.type === WRITE_DONE) w.resolve(event.output);
        else w.reject(event.error);
        return tick();
      }
      default:
        actor.send(event);
    }
  }
  return { actor, clock, fetches, writes, notices, navigations, play, tick };
}

const rowOf = (snapshot: Snapshot, id: string) => snapshot.context.rows.find((row) => row.id === id);

describe('admin products machine: graph coverage', () => {
  const graphs = [toggleEvents, searchEvents].map((events) => {
    const finite = graphIsFinite(adminProductsMachine, INPUT, events, 50_000);
    return { events, finite, ...(finite ? explore(adminProductsMachine, INPUT, events) : { paths: [], taken: new Set<string>() }) };
  });
  const initial = createActor(adminProductsMachine, { input: INPUT }).getSnapshot();

  it('has a finite graph for these events', () => {
    expect(graphs.map((graph) => graph.finite)).toEqual([true, true]);
  });

  it('reaches every state and takes every declared transition (the two graphs together)', () => {
    const paths = graphs.flatMap((graph) => graph.paths);
    const visited = new Set([...activeIds(initial as never), ...paths.flatMap((path) => path.flatMap((step) => activeIds(step.state as never)))]);
    expect([...visited].sort()).toEqual(stateIds(adminProductsMachine).sort());
    expect([...new Set(graphs.flatMap((graph) => [...graph.taken]))].sort()).toEqual(declaredTransitions(adminProductsMachine).sort());
  });

  // Some 700 paths in the first graph: given more than the default time.
  it.each([0, 1])(
    'replays every path of graph %i with fake API calls and checks the list, the writes, the toasts and the URLs asked for after each step',
    async (which) => {
      const { events, paths } = graphs[which];
      expect(paths.length).toBeGreaterThan(50);
      for (const path of [[], ...paths]) {
        const h = harness();
        expect(h.fetches.map((f) => f.input)).toEqual([Q0]);
        let from = initial as Snapshot;
        for (const step of withIgnored(adminProductsMachine, initial, events, path)) {
          const event = step.event as GraphEvent;
          const handled = transitionIds(adminProductsMachine, from, event).length > 0;
          from = step.state as Snapshot;
          const before = h.actor.getSnapshot();
          const fetchCount = h.fetches.length;
          const writeCount = h.writes.length;
          const noticeCount = h.notices.length;
          const navigationCount = h.navigations.length;
          await h.play(event);
          const snapshot = h.actor.getSnapshot();
          expect(snapshot.value).toEqual(step.state.value);
          expect(snapshot.context).toEqual(step.state.context);
          const { context } = snapshot;

          if (!handled) {
            expect(snapshot.value).toEqual(before.value);
            expect(context).toEqual(before.context);
            expect(h.fetches.length).toBe(fetchCount);
            expect(h.writes.length).toBe(writeCount);
            expect(h.notices.length).toBe(noticeCount);
            expect(h.navigations.length).toBe(navigationCount);
            continue;
          }
          const newNavigations = h.navigations.slice(navigationCount);
          // Only typing and a page past the end ask for another URL.
          if (event.type !== 'search.text' && event.type !== 'xstate.done.actor.fetchProducts') expect(newNavigations).toEqual([]);

          // Always: one write per toggle in flight, each row's toggles busy exactly while theirs is.
          const open = h.writes.filter((w) => !w.settled);
          expect(open.map((w) => w.actorId).sort()).toEqual(Object.keys(context.writes).sort());
          expect(selectWrites(snapshot)).toHaveLength(open.length);
          // A load in flight is for the query the list now has.
          if (snapshot.value === 'loading') expect(h.fetches.at(-1)?.input).toEqual(context.query);

          switch (event.type) {
            case 'list.query':
              expect(context.query).toEqual(event.query);
              // The field keeps what was typed for this search; a search from elsewhere replaces it.
              expect(selectSearchText(snapshot)).toBe(before.context.searchText.trim() === event.query.q ? before.context.searchText : event.query.q);
              // Rows stay while the next page is waited for (no blank table while typing).
              expect(context.rows).toEqual(before.context.rows);
              if (event.query.q !== before.context.query.q && event.query.status === before.context.query.status) {
                expect(snapshot.value).toBe('debouncing');
                expect(h.fetches.length).toBe(fetchCount);
              } else {
                expect(snapshot.value).toBe('loading');
                expect(h.fetches.length).toBe(fetchCount + 1);
              }
              expect(selectListStatus(snapshot)).toBe('loading');
              break;
            case AFTER_DEBOUNCE:
              expect(snapshot.value).toBe('loading');
              expect(h.fetches.at(-1)?.input).toEqual(context.query);
              break;
            case 'list.retry':
              expect(before.value).toBe('failed');
              expect(snapshot.value).toBe('loading');
              expect(context.error).toBeNull();
              expect(h.fetches.length).toBe(fetchCount + 1);
              break;
            case 'search.text':
              // The field shows what is typed; a new search term is asked for as a replaced URL at page 1, nothing loads yet.
              expect(selectSearchText(snapshot)).toBe(event.text);
              expect(newNavigations).toEqual(
                event.text.trim() === before.context.query.q ? [] : [{ query: { ...before.context.query, q: event.text.trim(), page: 1 }, replace: true }],
              );
              expect(snapshot.value).toEqual(before.value);
              expect(context.query).toEqual(before.context.query);
              expect(h.fetches.length).toBe(fetchCount);
              break;
            case 'xstate.done.actor.fetchProducts':
              if (event.output === PAST_THE_END && context.query.page > 3) {
                // A page past the last: the last page is asked for instead, and the list reads as loading meanwhile.
                expect(snapshot.value).toBe('correctingPage');
                expect(selectListStatus(snapshot)).toBe('loading');
                expect(newNavigations).toEqual([{ query: { ...context.query, page: 3 }, replace: true }]);
                break;
              }
              expect(newNavigations).toEqual([]);
              expect(snapshot.value).toBe('loaded');
              expect(context.rows).toEqual(event.output.rows);
              expect(context.total).toBe(event.output.total);
              expect(context.error).toBeNull();
              break;
            case 'xstate.error.actor.fetchProducts':
              expect(snapshot.value).toBe('failed');
              expect(selectListStatus(snapshot)).toBe('failed');
              expect(context.error).toBe('Failed to fetch');
              expect(context.rows).toEqual([]);
              break;
            case 'product.toggleFeatured':
            case 'product.toggleStatus': {
              const kind = event.type === 'product.toggleFeatured' ? 'featured' : 'status';
              const row = rowOf(before, event.id) as AdminProductRow;
              expect(row).toBeDefined();
              expect(h.writes.length).toBe(writeCount + 1);
              const asked = h.writes.at(-1);
              expect(asked?.actorId).toBe(writeId(kind, event.id));
              expect(asked?.input).toEqual(kind === 'featured' ? { id: row.id, featured: !row.featured } : { id: row.id, status: toggledStatus(row.status) });
              // Not optimistic: the row shows what the database holds until the write answers.
              expect(context.rows).toEqual(before.context.rows);
              expect(snapshot.value).toEqual(before.value);
              expect(h.notices.length).toBe(noticeCount);
              break;
            }
            case WRITE_DONE: {
              const write = before.context.writes[event.actorId];
              expect(write).toBeDefined();
              expect(context.writes[event.actorId]).toBeUndefined();
              expect(h.notices.slice(noticeCount)).toEqual([{ kind: write.kind, title: write.title }]);
              const was = rowOf(before, write.id);
              const now = rowOf(snapshot, write.id);
              if (was) {
                expect(now).toEqual({ ...was, ...(write.kind === 'featured' ? { featured: write.featured } : { status: write.status }), updatedAt: WRITTEN_AT });
              } else {
                expect(now).toBeUndefined();
              }
              expect(context.rows.filter((r) => r.id !== write.id)).toEqual(before.context.rows.filter((r) => r.id !== write.id));
              expect(snapshot.value).toEqual(before.value);
              break;
            }
            case WRITE_FAILED: {
              expect(before.context.writes[event.actorId]).toBeDefined();
              expect(context.writes[event.actorId]).toBeUndefined();
              expect(h.notices.slice(noticeCount)).toEqual([{ kind: 'failed', message: refused.message }]);
              expect(context.rows).toEqual(before.context.rows);
              expect(snapshot.value).toEqual(before.value);
              break;
            }
          }
        }
        h.actor.stop();
      }
    },
    60_000,
  );
});

const page = (...rows: AdminProductRow[]): Page<AdminProductRow> => ({ rows, total: rows.length });

async function loaded(rows: AdminProductRow[] = [GRIND_TEE, IRON_SHAKER, LIFTING_BELT]) {
  const h = harness();
  h.fetches[0].resolve(page(...rows));
  await h.tick();
  expect(selectListStatus(h.actor.getSnapshot())).toBe('loaded');
  return h;
}

describe('admin products machine: rules', () => {
  it('loads the query it starts with, and a page with no products is loaded, not failed', async () => {
    const h = harness({ query: Q_STATUS });
    expect(selectListStatus(h.actor.getSnapshot())).toBe('loading');
    expect(h.fetches.map((f) => f.input)).toEqual([Q_STATUS]);
    h.fetches[0].resolve(EMPTY);
    await h.tick();
    expect(selectListStatus(h.actor.getSnapshot())).toBe('loaded');
    expect(h.actor.getSnapshot().context).toMatchObject({ rows: [], total: 0, error: null });
  });

  it('a failed load says why and Retry asks again for the same query', async () => {
    const h = harness({ query: Q_STATUS });
    h.fetches[0].reject(offline);
    await h.tick();
    expect(selectListStatus(h.actor.getSnapshot())).toBe('failed');
    expect(h.actor.getSnapshot().context.error).toBe('Failed to fetch');
    h.actor.send({ type: 'list.retry' });
    expect(selectListStatus(h.actor.getSnapshot())).toBe('loading');
    expect(h.actor.getSnapshot().context.error).toBeNull();
    expect(h.fetches.map((f) => f.input)).toEqual([Q_STATUS, Q_STATUS]);
    h.fetches[1].resolve(PAGE);
    await h.tick();
    expect(h.actor.getSnapshot().context.rows).toEqual(PAGE.rows);
  });

  it('typing asks once, 300 ms after the last key, for the last text', async () => {
    const h = await loaded();
    for (const q of ['i', 'ir', 'iro', 'iron']) {
      h.actor.send({ type: 'list.query', query: { ...Q0, q } });
      h.clock.increment(ADMIN_SEARCH_DEBOUNCE_MS - 1);
    }
    expect(h.fetches).toHaveLength(1);
    expect(selectListStatus(h.actor.getSnapshot())).toBe('loading');
    // The rows of the last answer stay on screen meanwhile.
    expect(h.actor.getSnapshot().context.rows).toHaveLength(3);
    h.clock.increment(1);
    expect(h.fetches.map((f) => f.input.q)).toEqual(['', 'iron']);
    h.clock.increment(10 * ADMIN_SEARCH_DEBOUNCE_MS);
    expect(h.fetches).toHaveLength(2);
  });

  it('a new search text on another page starts at page 1 and still waits for typing to stop', async () => {
    const h = harness({ query: { ...Q0, page: 3 } });
    h.actor.send({ type: 'list.query', query: { ...Q0, q: 'tee', page: 1 } });
    expect(h.actor.getSnapshot().value).toBe('debouncing');
    h.clock.increment(ADMIN_SEARCH_DEBOUNCE_MS);
    expect(h.fetches.map((f) => f.input)).toEqual([
      { ...Q0, page: 3 },
      { ...Q0, q: 'tee', page: 1 },
    ]);
  });

  it('a filter, sort or page change loads at once, also in the middle of typing', async () => {
    const h = await loaded();
    h.actor.send({ type: 'list.query', query: { ...Q0, page: 2 } });
    h.actor.send({ type: 'list.query', query: { ...Q0, page: 2, sort: 'updated_asc' } });
    expect(h.fetches.map((f) => f.input)).toEqual([Q0, { ...Q0, page: 2 }, { ...Q0, page: 2, sort: 'updated_asc' }]);
    h.actor.send({ type: 'list.query', query: { ...Q0, q: 'belt', sort: 'updated_asc' } });
    expect(h.actor.getSnapshot().value).toBe('debouncing');
    h.actor.send({ type: 'list.query', query: { ...Q0, q: 'belt', sort: 'updated_asc', status: 'published' } });
    expect(h.fetches.at(-1)?.input).toEqual({ ...Q0, q: 'belt', sort: 'updated_asc', status: 'published' });
    h.clock.increment(ADMIN_SEARCH_DEBOUNCE_MS);
    expect(h.fetches).toHaveLength(4);
  });

  it('the same query again (a re-render, spaces only) asks nothing', async () => {
    const h = await loaded();
    h.actor.send({ type: 'list.query', query: { ...Q0 } });
    h.clock.increment(ADMIN_SEARCH_DEBOUNCE_MS);
    expect(h.fetches).toHaveLength(1);
    expect(selectListStatus(h.actor.getSnapshot())).toBe('loaded');
  });

  it('an answer for an older query never replaces the newer one, whichever comes first', async () => {
    for (const order of ['old first', 'old last'] as const) {
      const h = harness();
      h.actor.send({ type: 'list.query', query: Q_STATUS });
      expect(h.fetches.map((f) => f.input)).toEqual([Q0, Q_STATUS]);
      const [old, current] = h.fetches;
      if (order === 'old first') {
        old.resolve(page(GRIND_TEE, LIFTING_BELT));
        await h.tick();
        expect(selectListStatus(h.actor.getSnapshot())).toBe('loading');
        expect(h.actor.getSnapshot().context.rows).toEqual([]);
      }
      current.resolve(page(IRON_SHAKER));
      await h.tick();
      if (order === 'old last') {
        old.resolve(page(GRIND_TEE, LIFTING_BELT));
        old.reject(offline);
        await h.tick();
      }
      expect(selectListStatus(h.actor.getSnapshot())).toBe('loaded');
      expect(h.actor.getSnapshot().context.rows).toEqual([IRON_SHAKER]);
      expect(h.actor.getSnapshot().context.query).toEqual(Q_STATUS);
    }
  });

  it('toggles of different rows run side by side; a toggle already writing ignores more clicks', async () => {
    const h = await loaded();
    h.actor.send({ type: 'product.toggleFeatured', id: GRIND_TEE.id });
    h.actor.send({ type: 'product.toggleFeatured', id: GRIND_TEE.id });
    h.actor.send({ type: 'product.toggleStatus', id: GRIND_TEE.id });
    h.actor.send({ type: 'product.toggleStatus', id: IRON_SHAKER.id });
    h.actor.send({ type: 'product.toggleFeatured', id: LIFTING_BELT.id });
    expect(h.writes.map((w) => [w.actorId, w.input])).toEqual([
      [`featured:${GRIND_TEE.id}`, { id: GRIND_TEE.id, featured: false }],
      [`status:${GRIND_TEE.id}`, { id: GRIND_TEE.id, status: 'draft' }],
      [`status:${IRON_SHAKER.id}`, { id: IRON_SHAKER.id, status: 'published' }],
      [`featured:${LIFTING_BELT.id}`, { id: LIFTING_BELT.id, featured: true }],
    ]);
    expect(selectWrites(h.actor.getSnapshot())).toEqual([
      { id: GRIND_TEE.id, kind: 'featured' },
      { id: GRIND_TEE.id, kind: 'status' },
      { id: IRON_SHAKER.id, kind: 'status' },
      { id: LIFTING_BELT.id, kind: 'featured' },
    ]);
    // The last asked answers first.
    h.writes[3].resolve({ updatedAt: WRITTEN_AT });
    await h.tick();
    const snap = h.actor.getSnapshot();
    expect(rowOf(snap, LIFTING_BELT.id)).toEqual({ ...LIFTING_BELT, featured: true, updatedAt: WRITTEN_AT });
    expect(rowOf(snap, GRIND_TEE.id)).toEqual(GRIND_TEE);
    expect(h.notices).toEqual([{ kind: 'featured', title: 'Lifting Belt' }]);
    h.writes[2].resolve({ updatedAt: '2026-11-19T08:00:01Z' });
    h.writes[1].resolve({ updatedAt: '2026-11-19T08:00:02Z' });
    h.writes[0].resolve({ updatedAt: '2026-11-19T08:00:03Z' });
    await h.tick();
    const end = h.actor.getSnapshot();
    expect(rowOf(end, IRON_SHAKER.id)).toMatchObject({ status: 'published', updatedAt: '2026-11-19T08:00:01Z' });
    expect(rowOf(end, GRIND_TEE.id)).toMatchObject({ status: 'draft', featured: false, updatedAt: '2026-11-19T08:00:03Z' });
    expect(h.notices.map((n) => n.kind)).toEqual(['featured', 'status', 'status', 'featured']);
    expect(selectWrites(end)).toEqual([]);
    // Free again: the next click writes the other way.
    h.actor.send({ type: 'product.toggleFeatured', id: LIFTING_BELT.id });
    expect(h.writes.at(-1)?.input).toEqual({ id: LIFTING_BELT.id, featured: false });
  });

  it('a refused write toasts the server message and leaves the row as it was; one without a message toasts none', async () => {
    const h = await loaded();
    h.actor.send({ type: 'product.toggleStatus', id: IRON_SHAKER.id });
    h.writes[0].reject(refused);
    await h.tick();
    expect(h.notices).toEqual([{ kind: 'failed', message: refused.message }]);
    expect(rowOf(h.actor.getSnapshot(), IRON_SHAKER.id)).toEqual(IRON_SHAKER);
    expect(selectWrites(h.actor.getSnapshot())).toEqual([]);
    h.actor.send({ type: 'product.toggleStatus', id: IRON_SHAKER.id });
    h.writes[1].reject({ status: 503 });
    await h.tick();
    expect(h.notices[1]).toEqual({ kind: 'failed', message: '' });
    expect(rowOf(h.actor.getSnapshot(), IRON_SHAKER.id)).toEqual(IRON_SHAKER);
  });

  it('a write outlives a reload: it still toasts, and updates its row if the new page shows it', async () => {
    const h = await loaded();
    h.actor.send({ type: 'product.toggleFeatured', id: IRON_SHAKER.id });
    h.actor.send({ type: 'list.query', query: Q_STATUS });
    h.fetches[1].resolve(page(IRON_SHAKER));
    await h.tick();
    // The reloaded row is still busy: a click on it now would write twice.
    h.actor.send({ type: 'product.toggleFeatured', id: IRON_SHAKER.id });
    expect(h.writes).toHaveLength(1);
    h.writes[0].resolve({ updatedAt: WRITTEN_AT });
    await h.tick();
    expect(h.actor.getSnapshot().context.rows).toEqual([{ ...IRON_SHAKER, featured: true, updatedAt: WRITTEN_AT }]);
    expect(h.notices).toEqual([{ kind: 'featured', title: 'Iron Shaker' }]);
  });

  it('a row not on the page cannot be toggled', async () => {
    const h = await loaded([GRIND_TEE]);
    h.actor.send({ type: 'product.toggleFeatured', id: IRON_SHAKER.id });
    h.actor.send({ type: 'product.toggleStatus', id: 'nope' });
    expect(h.writes).toHaveLength(0);
  });

  it('the search field keeps what is typed; each new term asks once for its URL (replacing, at page 1); a search from elsewhere replaces the text', async () => {
    const h = harness({ query: { ...Q0, page: 2 } });
    for (const text of ['i', 'ir', 'ir ', 'iron']) h.actor.send({ type: 'search.text', text });
    expect(selectSearchText(h.actor.getSnapshot())).toBe('iron');
    // 'ir ' is still the search 'ir' (the URL has not answered yet, so each key asks against page 2's query).
    expect(h.navigations.map((n) => [n.query.q, n.query.page, n.replace])).toEqual([
      ['i', 1, true],
      ['ir', 1, true],
      ['ir', 1, true],
      ['iron', 1, true],
    ]);
    h.actor.send({ type: 'list.query', query: { ...Q0, q: 'iron' } });
    h.actor.send({ type: 'search.text', text: 'iron ' });
    expect(h.navigations).toHaveLength(4);
    h.actor.send({ type: 'list.query', query: { ...Q0, q: 'iron' } });
    expect(selectSearchText(h.actor.getSnapshot())).toBe('iron ');
    // Back, forward or Clear filters: the URL's search wins.
    h.actor.send({ type: 'list.query', query: Q0 });
    expect(selectSearchText(h.actor.getSnapshot())).toBe('');
  });

  it('a page past the last asks for the last page instead and reads as loading until it comes', async () => {
    const h = harness({ query: Q_PAGE_9 });
    h.fetches[0].resolve(PAST_THE_END);
    await h.tick();
    expect(h.navigations).toEqual([{ query: { ...Q0, page: 3 }, replace: true }]);
    expect(selectListStatus(h.actor.getSnapshot())).toBe('loading');
    h.actor.send({ type: 'list.query', query: { ...Q0, page: 3 } });
    h.fetches[1].resolve({ rows: [GRIND_TEE], total: 51 });
    await h.tick();
    expect(selectListStatus(h.actor.getSnapshot())).toBe('loaded');
    // An empty list, or a page that has rows, is shown as it is.
    for (const answer of [EMPTY, PAGE]) {
      const other = harness({ query: Q_PAGE_9 });
      other.fetches[0].resolve(answer);
      await other.tick();
      expect(selectListStatus(other.actor.getSnapshot())).toBe('loaded');
      expect(other.navigations).toEqual([]);
    }
  });
});
