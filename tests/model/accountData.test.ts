import { describe, expect, it } from 'vitest';
import { type AnyEventObject, createActor } from 'xstate';
import { type AccountDataEvent, accountDataMachine, deleteFailureOf, type ExportedData } from '../../machines/accountDataMachine';
import { ApiError } from '../../src/api/errors';
import { activeIds, declaredTransitions, explore, stateIds, transitionIds, withIgnored } from './graph';
import { type Deferred, deferredActor, playLatest } from './support';

const EMAIL = 'sam@example.test';
const TOKEN = 'fresh.jwt.token';
const DATA: ExportedData = { account: { email: EMAIL }, orders: [{ orderNumber: 'NPNG-100001' }] };
const wrongPassword = new ApiError('invalid', 'Invalid login credentials', { code: 'invalid_credentials', status: 400 });
const openOrders = new ApiError('conflict', 'You still have an open order.', { code: 'open_orders' });
const admin = new ApiError('unauthorized', 'An admin account cannot be deleted here.', { code: 'admin_account' });
const offline = new ApiError('network', 'Failed to fetch');

const events: AnyEventObject[] = [
  { type: 'export.start' },
  { type: 'delete.open' },
  { type: 'delete.cancel' },
  { type: 'delete.passwordChange', value: '' },
  { type: 'delete.passwordChange', value: 'Secret-Pass-1' },
  { type: 'delete.confirmChange', value: true },
  { type: 'delete.confirmChange', value: false },
  { type: 'delete.submit' },
  { type: 'delete.retry' },
  { type: 'xstate.done.actor.exportData', output: DATA },
  { type: 'xstate.error.actor.exportData', error: offline },
  { type: 'xstate.done.actor.reauthenticate', output: TOKEN },
  { type: 'xstate.error.actor.reauthenticate', error: wrongPassword },
  { type: 'xstate.error.actor.reauthenticate', error: offline },
  { type: 'xstate.done.actor.deleteAccount', output: undefined },
  { type: 'xstate.error.actor.deleteAccount', error: openOrders },
  { type: 'xstate.error.actor.deleteAccount', error: admin },
  { type: 'xstate.error.actor.deleteAccount', error: offline },
];

/** The machine with fake effects: each request waits for the test; saved files and the sign-out are recorded. */
function harness() {
  const calls = {
    exportData: [] as Deferred<unknown, ExportedData>[],
    reauthenticate: [] as Deferred<{ email: string; password: string }, string>[],
    deleteAccount: [] as Deferred<{ accessToken: string }, void>[],
  };
  const saved: ExportedData[] = [];
  let deleted = 0;
  const actor = createActor(
    accountDataMachine.provide({
      actors: { exportData: deferredActor(calls.exportData), reauthenticate: deferredActor(calls.reauthenticate), deleteAccount: deferredActor(calls.deleteAccount) },
      actions: {
        saveExport: (_, data) => void saved.push(data),
        accountDeleted: () => {
          deleted += 1;
        },
      },
    }),
    { input: { email: EMAIL } },
  ).start();
  return { actor, calls, saved, deleted: () => deleted };
}

describe('account data machine: graph coverage', () => {
  const { paths, taken } = explore(accountDataMachine, { email: EMAIL }, events);

  it('reaches every state and takes every declared transition', () => {
    const visited = new Set<string>();
    for (const path of paths) for (const step of path) for (const id of activeIds(step.state as never)) visited.add(id);
    expect([...visited].sort()).toEqual(stateIds(accountDataMachine).sort());
    expect([...taken].sort()).toEqual(declaredTransitions(accountDataMachine).sort());
  });

  it('replays every path against fake effects and checks what each state promises', async () => {
    const initial = createActor(accountDataMachine, { input: { email: EMAIL } }).getSnapshot();
    for (const path of paths) {
      const { actor, calls, saved, deleted } = harness();
      for (const step of withIgnored(accountDataMachine, initial, events, path)) {
        const event = step.event;
        const before = actor.getSnapshot();
        // Deleted is final: the page leaves, nothing more reaches the machine.
        if (before.status === 'done') break;
        const handled = transitionIds(accountDataMachine, before, event).length > 0;
        const counts = { export: calls.exportData.length, reauth: calls.reauthenticate.length, delete: calls.deleteAccount.length, saved: saved.length };
        await playLatest(actor, calls, event);
        const after = actor.getSnapshot();
        expect(after.value).toEqual(step.state.value);
        if (!handled) {
          expect(after.context).toEqual(before.context);
          continue;
        }
        // Each request starts on entering its state, once, with what the user gave.
        if (after.value === 'exporting' && before.value !== 'exporting') expect(calls.exportData.length).toBe(counts.export + 1);
        if (after.value === 'reauthenticating') {
          expect(before.value).toBe('confirmDelete');
          expect(before.context.password).not.toBe('');
          expect(before.context.confirmed).toBe(true);
          expect(calls.reauthenticate.at(-1)?.input).toEqual({ email: EMAIL, password: before.context.password });
        }
        if (after.value === 'deleting') {
          expect(calls.deleteAccount.at(-1)?.input).toEqual({ accessToken: TOKEN });
          expect(after.context.password).toBe('');
        }
        // A submit with something missing says what, and asks nothing.
        if ((event as AccountDataEvent).type === 'delete.submit' && after.value === 'confirmDelete') {
          expect(calls.reauthenticate.length).toBe(counts.reauth);
          expect(Object.keys(after.context.fieldErrors).length).toBeGreaterThan(0);
        }
        if (event.type === 'xstate.done.actor.exportData') expect(saved.slice(counts.saved)).toEqual([DATA]);
        if (event.type === 'xstate.error.actor.exportData') expect(saved.length).toBe(counts.saved);
        if (event.type === 'xstate.error.actor.reauthenticate' && event.error === wrongPassword) {
          expect(after.value).toBe('confirmDelete');
          expect(after.context).toMatchObject({ password: '', fieldErrors: { password: 'wrong' } });
          expect(calls.deleteAccount.length).toBe(counts.delete);
        }
        if (after.value === 'failed') {
          expect(after.context.failure).toBe(deleteFailureOf((event as { error?: unknown }).error));
          expect(after.context.accessToken).toBeNull();
        }
        if ((event as AccountDataEvent).type === 'delete.retry') expect(['network', 'unknown', 'reauthentication_needed', 'rate_limited']).toContain(before.context.failure);
        expect(deleted()).toBe(after.value === 'deleted' ? 1 : 0);
      }
      actor.stop();
    }
  });
});

describe('account data machine: rules', () => {
  it('reads the database refusals and GoTrue limits as failures', () => {
    expect(deleteFailureOf(openOrders)).toBe('open_orders');
    expect(deleteFailureOf(admin)).toBe('admin_account');
    expect(deleteFailureOf(new ApiError('unauthorized', 'x', { code: 'reauthentication_needed' }))).toBe('reauthentication_needed');
    expect(deleteFailureOf(new ApiError('unknown', 'x', { code: 'over_request_rate_limit', status: 429 }))).toBe('rate_limited');
    expect(deleteFailureOf(offline)).toBe('network');
    expect(deleteFailureOf(new Error('boom'))).toBe('unknown');
  });

  it('a refusal for open orders or an admin account cannot be retried; a network failure can', async () => {
    for (const [error, retryable] of [
      [openOrders, false],
      [admin, false],
      [offline, true],
    ] as const) {
      const { actor, calls } = harness();
      actor.send({ type: 'delete.open' });
      actor.send({ type: 'delete.passwordChange', value: 'Secret-Pass-1' });
      actor.send({ type: 'delete.confirmChange', value: true });
      actor.send({ type: 'delete.submit' });
      await playLatest(actor, calls, { type: 'xstate.done.actor.reauthenticate', output: TOKEN });
      await playLatest(actor, calls, { type: 'xstate.error.actor.deleteAccount', error });
      actor.send({ type: 'delete.retry' });
      expect(actor.getSnapshot().value).toBe(retryable ? 'confirmDelete' : 'failed');
    }
  });
});
