import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { describe, expect, it } from 'vitest';
import { adminNavMachine, PENDING_REFRESH_MS, selectPendingReviews } from '../../machines/adminNavMachine';
import { type AuthSession, authMachine, selectAdminAccess } from '../../machines/authMachine';
import { ApiError } from '../../src/api/errors';
import { declaredTransitions, explore, stateIds } from './graph';

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The count as the database answers it, one answer per call (a rejection for an Error). */
function harness(answers: (number | Error)[]) {
  let calls = 0;
  const clock = new SimulatedClock();
  const machine = adminNavMachine.provide({
    actors: {
      countPendingReviews: fromPromise(async () => {
        const answer = answers[Math.min(calls++, answers.length - 1)];
        if (answer instanceof Error) throw answer;
        return answer;
      }),
    },
  });
  const actor = createActor(machine, { clock }).start();
  return { actor, clock, calls: () => calls };
}

describe('admin navigation: reviews waiting', () => {
  it('takes every declared transition', () => {
    const events = [{ type: 'nav.refresh' }, { type: 'xstate.done.actor.0.adminNav.counting', output: 3 }];
    const { taken } = explore(adminNavMachine, undefined as never, events);
    expect(stateIds(adminNavMachine).sort()).toEqual(['adminNav.counting', 'adminNav.idle']);
    expect([...taken].filter((id) => !id.includes('xstate.')).sort()).toEqual(
      declaredTransitions(adminNavMachine)
        .filter((id) => !id.includes('xstate.'))
        .sort(),
    );
  });

  it('counts on entry, after a moderation and every minute', async () => {
    const h = harness([4, 3, 7]);
    await tick();
    expect(selectPendingReviews(h.actor.getSnapshot())).toBe(4);
    h.actor.send({ type: 'nav.refresh' });
    await tick();
    expect(selectPendingReviews(h.actor.getSnapshot())).toBe(3);
    h.clock.increment(PENDING_REFRESH_MS - 1);
    await tick();
    expect(h.calls()).toBe(2);
    h.clock.increment(1);
    await tick();
    expect(h.calls()).toBe(3);
    expect(selectPendingReviews(h.actor.getSnapshot())).toBe(7);
  });

  it('keeps the last count when asking fails, and asks again later', async () => {
    const h = harness([2, new ApiError('network', 'Failed to fetch'), 1]);
    await tick();
    h.actor.send({ type: 'nav.refresh' });
    await tick();
    expect(h.actor.getSnapshot().value).toBe('idle');
    expect(selectPendingReviews(h.actor.getSnapshot())).toBe(2);
    h.clock.increment(PENDING_REFRESH_MS);
    await tick();
    expect(selectPendingReviews(h.actor.getSnapshot())).toBe(1);
  });
});

describe('selectAdminAccess', () => {
  const session: AuthSession = {
    accessToken: 'a',
    refreshToken: 'r',
    expiresAt: 4_000_000_000,
    user: { id: 'u-1', email: 'admin@example.test', fullName: null },
    secondFactor: 'none',
  };

  async function accessWith(loaded: AuthSession | null, isAdmin: Promise<boolean>) {
    const actor = createActor(
      authMachine.provide({
        actors: { loadSession: fromPromise(async () => loaded), checkAdmin: fromPromise(() => isAdmin), listen: fromPromise(async () => undefined) as never },
      }),
      { input: { now: () => 0 } },
    ).start();
    const seen = [selectAdminAccess(actor.getSnapshot())];
    await tick();
    seen.push(selectAdminAccess(actor.getSnapshot()));
    await isAdmin.catch(() => undefined);
    await tick();
    seen.push(selectAdminAccess(actor.getSnapshot()));
    return seen;
  }

  it('is checking until the database has answered, then its answer', async () => {
    let answer: (value: boolean) => void = () => {};
    const pending = new Promise<boolean>((resolve) => {
      answer = resolve;
    });
    const seen = accessWith(session, pending);
    await tick();
    answer(true);
    expect(await seen).toEqual(['checking', 'checking', 'admin']);
  });

  it('is notAdmin for a customer, for a failed check and when signed out', async () => {
    expect((await accessWith(session, Promise.resolve(false))).at(-1)).toBe('notAdmin');
    expect((await accessWith(session, Promise.reject(new Error('offline')))).at(-1)).toBe('notAdmin');
    expect(await accessWith(null, Promise.resolve(true))).toEqual(['checking', 'notAdmin', 'notAdmin']);
  });
});
