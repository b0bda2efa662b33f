import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { PROFILE_MAX_LENGTH, type ProfileForm, type ProfileNotice, profileMachine, validateProfile } from '../../machines/profileMachine';
import { ApiError } from '../../src/api/errors';
import { activeIds, declaredTransitions, explore, stateIds } from './graph';

const USER = 'user-1';
const stored: ProfileForm = { fullName: 'Alex Lifter', phone: '' };

const events = [
  { type: 'form.change', field: 'fullName', value: 'Alex Strong' },
  { type: 'form.change', field: 'fullName', value: 'x'.repeat(PROFILE_MAX_LENGTH.fullName + 1) },
  { type: 'form.change', field: 'phone', value: '+49 30 1234567' },
  { type: 'form.submit' },
  { type: 'profile.retry' },
  { type: 'xstate.done.actor.fetchProfile', output: stored },
  { type: 'xstate.error.actor.fetchProfile', error: { kind: 'network', message: 'Failed to fetch' } },
  { type: 'xstate.done.actor.saveProfile', output: undefined },
  { type: 'xstate.error.actor.saveProfile', error: { kind: 'invalid', message: 'new row violates check constraint' } },
] as const;

function fakes() {
  const notices: ProfileNotice[] = [];
  const loads: string[] = [];
  const saves: (ProfileForm & { id: string })[] = [];
  const machine = profileMachine.provide({
    actors: {
      fetchProfile: fromPromise(async ({ input }) => {
        loads.push(input.userId);
        return new Promise<never>(() => {});
      }),
      saveProfile: fromPromise(async ({ input }) => {
        saves.push(input);
        return new Promise<never>(() => {});
      }),
    },
    actions: { notify: (_, notice) => notices.push(notice) },
  });
  return { actor: createActor(machine, { input: { userId: USER } }), notices, loads, saves };
}

describe('profile machine: graph coverage', () => {
  const { paths, taken } = explore(profileMachine, { userId: USER }, events);

  it('reaches every state and takes every transition', () => {
    const initial = createActor(profileMachine, { input: { userId: USER } }).getSnapshot();
    const visited = new Set([...activeIds(initial as never), ...paths.flatMap((path) => path.flatMap((step) => activeIds(step.state as never)))]);
    expect([...visited].sort()).toEqual(stateIds(profileMachine).sort());
    expect([...taken].sort()).toEqual(declaredTransitions(profileMachine).sort());
  });

  it('replays every path: loads, saves and toasts happen exactly when the states say', () => {
    for (const path of paths) {
      const { actor, notices, loads, saves } = fakes();
      actor.start();
      let previous = actor.getSnapshot();
      let expectedLoads = 1;
      let expectedSaves = 0;
      const expectedNotices: ProfileNotice[] = [];
      for (const step of path) {
        actor.send(step.event as never);
        const now = actor.getSnapshot();
        expect(now.value).toEqual(step.state.value);
        expect(now.context).toEqual(step.state.context);
        if (now.value === 'loading' && previous.value !== 'loading') expectedLoads++;
        if (now.value === 'saving' && previous.value !== 'saving') {
          expectedSaves++;
          expect(saves.at(-1)).toEqual({ id: USER, ...previous.context.form });
          expect(validateProfile(previous.context.form)).toEqual({});
        }
        if (step.event.type === 'xstate.done.actor.saveProfile') expectedNotices.push({ kind: 'saved' });
        if (step.event.type === 'xstate.error.actor.saveProfile') expectedNotices.push({ kind: 'error', message: step.event.error.message });
        if (step.event.type === 'form.submit' && now.value === 'ready') expect(now.context.fieldErrors).toEqual({ fullName: 'tooLong' });
        if (now.value === 'loadError') expect(now.context.loadError).toBe('Failed to fetch');
        if (now.value === 'loading') expect(now.context.loadError).toBeNull();
        expect(loads).toEqual(Array(expectedLoads).fill(USER));
        expect(saves.length).toBe(expectedSaves);
        expect(notices).toEqual(expectedNotices);
        previous = now;
      }
      actor.stop();
    }
  });
});

describe('profile machine: rules', () => {
  it('loads the stored profile into the form, and a failed save keeps what was typed', async () => {
    const notify = vi.fn();
    const machine = profileMachine.provide({
      actors: {
        fetchProfile: fromPromise(async () => stored),
        saveProfile: fromPromise<void, ProfileForm & { id: string }>(async () => {
          throw new ApiError('invalid', 'value too long for type', { code: '22001' });
        }),
      },
      actions: { notify: (_, notice) => notify(notice) },
    });
    const actor = createActor(machine, { input: { userId: USER } }).start();
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('ready'));
    expect(actor.getSnapshot().context.form).toEqual(stored);
    actor.send({ type: 'form.change', field: 'phone', value: '+1 555 0100' });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toBe('saving');
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('ready'));
    expect(notify).toHaveBeenCalledExactlyOnceWith({ kind: 'error', message: 'value too long for type' });
    expect(actor.getSnapshot().context.form).toEqual({ ...stored, phone: '+1 555 0100' });
  });

  it('a load failure can be retried', async () => {
    let attempt = 0;
    const machine = profileMachine.provide({
      actors: {
        fetchProfile: fromPromise(async () => {
          if (attempt++ === 0) throw new ApiError('network', 'Failed to fetch', { status: 0 });
          return stored;
        }),
      },
      actions: { notify: () => {} },
    });
    const actor = createActor(machine, { input: { userId: USER } }).start();
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('loadError'));
    actor.send({ type: 'profile.retry' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('ready'));
    expect(actor.getSnapshot().context).toMatchObject({ form: stored, loadError: null });
  });

  it('limits are the database columns (full_name 200, phone 40), counted after trimming', () => {
    expect(validateProfile({ fullName: 'x'.repeat(200), phone: '1'.repeat(40) })).toEqual({});
    expect(validateProfile({ fullName: ` ${'x'.repeat(200)} `, phone: '' })).toEqual({});
    expect(validateProfile({ fullName: 'x'.repeat(201), phone: '1'.repeat(41) })).toEqual({ fullName: 'tooLong', phone: 'tooLong' });
  });
});
