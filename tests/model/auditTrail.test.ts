import { describe, expect, it } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import type { Page } from '../../domain/adminLists';
import { type AuditEntry, type AuditQuery, DEFAULT_AUDIT_QUERY } from '../../domain/auditTrail';
import { type AuditTrailEvent, auditTrailMachine, selectAuditTrailStatus } from '../../machines/auditTrailMachine';
import { ApiError } from '../../src/api/errors';
import { activeIds, declaredTransitions, explore, stateIds, transitionIds, withIgnored } from './graph';
import { type Deferred, deferredActor, playLatest, tick } from './support';

type Snapshot = SnapshotFrom<typeof auditTrailMachine>;

const ENTRY: AuditEntry = {
  id: 7,
  at: '2026-11-28T10:00:00Z',
  actorEmail: 'admin@nopain-nogain.test',
  via: 'authenticated',
  context: null,
  entity: 'variant',
  entityId: 'v-1',
  subjectId: 'p-1',
  label: 'TEE-M',
  subjectLabel: 'Tee',
  currency: 'EUR',
  action: 'update',
  before: { price: 2500 },
  after: { price: 2990 },
};
const PAGE: Page<AuditEntry> = { rows: [ENTRY], total: 31 };
const NONE: Page<AuditEntry> = { rows: [], total: 0 };
const ALL: AuditQuery = DEFAULT_AUDIT_QUERY;
const ONE_PRODUCT: AuditQuery = { ...DEFAULT_AUDIT_QUERY, id: '3f2c8a4e-1b2d-4c5e-8f90-a1b2c3d4e5f6', action: 'update', page: 2 };
const offline = new ApiError('network', 'Failed to fetch');

type GraphEvent = AuditTrailEvent | { type: 'xstate.done.actor.fetchAuditLog'; output: Page<AuditEntry> } | { type: 'xstate.error.actor.fetchAuditLog'; error: unknown };

const events: GraphEvent[] = [
  { type: 'audit.query', query: ALL },
  { type: 'audit.query', query: ONE_PRODUCT },
  { type: 'audit.retry' },
  { type: 'xstate.done.actor.fetchAuditLog', output: PAGE },
  { type: 'xstate.done.actor.fetchAuditLog', output: NONE },
  { type: 'xstate.error.actor.fetchAuditLog', error: offline },
  { type: 'xstate.error.actor.fetchAuditLog', error: { status: 500 } },
];

function harness(query: AuditQuery = ALL) {
  const fetches: Deferred<AuditQuery, Page<AuditEntry>>[] = [];
  const machine = auditTrailMachine.provide({ actors: { fetchAuditLog: deferredActor(fetches) } });
  const actor = createActor(machine, { input: { query } }).start();
  const play = (event: GraphEvent) => playLatest(actor, { fetchAuditLog: fetches }, event);
  return { actor, fetches, play };
}

describe('audit trail machine: graph coverage', () => {
  const { paths, taken } = explore(auditTrailMachine, { query: ALL }, events);
  const initial = createActor(auditTrailMachine, { input: { query: ALL } }).getSnapshot();

  it('reaches every state and takes every declared transition', () => {
    const visited = new Set([...activeIds(initial as never), ...paths.flatMap((path) => path.flatMap((step) => activeIds(step.state as never)))]);
    expect([...visited].sort()).toEqual(stateIds(auditTrailMachine).sort());
    expect([...taken].sort()).toEqual(declaredTransitions(auditTrailMachine).sort());
  });

  it('replays every path with a fake fetch: one request per load, for the query shown; entries only from its answer', async () => {
    for (const path of [[], ...paths]) {
      const h = harness();
      expect(h.fetches.map((f) => f.input)).toEqual([ALL]);
      let from = initial as Snapshot;
      for (const step of withIgnored(auditTrailMachine, initial, events, path)) {
        const event = step.event as GraphEvent;
        const handled = transitionIds(auditTrailMachine, from, event).length > 0;
        from = step.state as Snapshot;
        const before = h.actor.getSnapshot();
        const fetchCount = h.fetches.length;
        await h.play(event);
        const snapshot = h.actor.getSnapshot();
        expect(snapshot.value).toEqual(step.state.value);
        expect(snapshot.context).toEqual(step.state.context);
        if (!handled) {
          expect(snapshot.context).toEqual(before.context);
          expect(h.fetches.length).toBe(fetchCount);
          continue;
        }
        const status = selectAuditTrailStatus(snapshot);
        expect(snapshot.context.error !== null).toBe(status === 'failed');
        switch (status) {
          case 'loading':
            expect(h.fetches.length).toBe(fetchCount + 1);
            expect(h.fetches.at(-1)?.input).toEqual(snapshot.context.query);
            if (event.type === 'audit.query') {
              expect(snapshot.context.query).toEqual(event.query);
              expect(before.context.query).not.toEqual(event.query);
            } else {
              expect(event.type).toBe('audit.retry');
              expect(before.value).toBe('failed');
            }
            break;
          case 'loaded':
            expect(event.type).toBe('xstate.done.actor.fetchAuditLog');
            expect({ rows: snapshot.context.entries, total: snapshot.context.total }).toEqual(event.type === 'xstate.done.actor.fetchAuditLog' && event.output);
            break;
          case 'failed':
            expect(event.type).toBe('xstate.error.actor.fetchAuditLog');
            expect(snapshot.context.entries).toEqual([]);
            expect(snapshot.context.error).toBe(event.type === 'xstate.error.actor.fetchAuditLog' && event.error === offline ? 'Failed to fetch' : 'Unknown error');
            break;
        }
        if (status !== 'loading') expect(h.fetches.length).toBe(fetchCount);
      }
      h.actor.stop();
    }
  });
});

describe('audit trail machine: rules', () => {
  it('the same query again (a re-render, the same URL) asks nothing', async () => {
    const h = harness(ONE_PRODUCT);
    await h.play({ type: 'xstate.done.actor.fetchAuditLog', output: PAGE });
    h.actor.send({ type: 'audit.query', query: { ...ONE_PRODUCT } });
    expect(h.fetches).toHaveLength(1);
    expect(selectAuditTrailStatus(h.actor.getSnapshot())).toBe('loaded');
  });

  it('an answer to an older query that arrives late is ignored', async () => {
    const h = harness(ALL);
    h.actor.send({ type: 'audit.query', query: ONE_PRODUCT });
    expect(h.fetches.map((f) => f.input)).toEqual([ALL, ONE_PRODUCT]);
    h.fetches[1].resolve(NONE);
    await tick();
    h.fetches[0].resolve(PAGE);
    await tick();
    expect(h.actor.getSnapshot().context).toMatchObject({ query: ONE_PRODUCT, entries: [], total: 0 });
  });

  it('a failure, then Retry asks for the same query and can succeed', async () => {
    const h = harness(ONE_PRODUCT);
    await h.play({ type: 'xstate.error.actor.fetchAuditLog', error: offline });
    expect(h.actor.getSnapshot().context.error).toBe('Failed to fetch');
    h.actor.send({ type: 'audit.retry' });
    await h.play({ type: 'xstate.done.actor.fetchAuditLog', output: PAGE });
    expect(h.fetches.map((f) => f.input)).toEqual([ONE_PRODUCT, ONE_PRODUCT]);
    expect(h.actor.getSnapshot().context).toMatchObject({ entries: [ENTRY], total: 31, error: null });
  });
});
