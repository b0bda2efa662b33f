import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, SimulatedClock } from 'xstate';
import {
  AUTH_TICK_MS,
  type AuthEvent,
  type AuthSession,
  authMachine,
  type SecondFactor,
  selectAuthStatus,
  selectIsAdmin,
  selectNeedsSecondFactor,
  selectUser,
} from '../../machines/authMachine';
import { ApiError } from '../../src/api/errors';
import { activeIds, declaredTransitions, explore, type Step, stateIds } from './graph';

/** The graph is explored with a frozen wall clock; timers still run (they are events). */
const T0 = 1_750_000_000_000;
const frozenNow = () => T0;
const at = (ms: number) => Math.floor(ms / 1000);

const session = (userId: string, secondsLeft: number, token = 'a', secondFactor: SecondFactor = 'none'): AuthSession => ({
  accessToken: `access-${userId}-${token}`,
  refreshToken: `refresh-${userId}-${token}`,
  expiresAt: at(T0) + secondsLeft,
  user: { id: userId, email: `${userId}@example.test`, fullName: null },
  secondFactor,
});

const freshA = session('alex', 3600);
const expiringA = session('alex', 60);
const refreshedA = session('alex', 3600, 'b');
const freshB = session('bea', 3600);
/** Alex after passing the second factor (aal2): is_admin() may answer differently now. */
const passedA = session('alex', 3600, 'c', 'passed');

// Plain objects, so the graph tells the two failures apart when it serialises events.
const networkError = { kind: 'network', message: 'Failed to fetch' };
const fatalError = { kind: 'invalid', message: 'Invalid Refresh Token: Already Used' };

const events = [
  { type: 'auth.changed', session: freshA },
  { type: 'auth.changed', session: expiringA },
  { type: 'auth.changed', session: freshB },
  { type: 'auth.changed', session: passedA },
  { type: 'auth.changed', session: null },
  { type: 'auth.signOut' },
  { type: 'xstate.done.actor.loadSession', output: freshA },
  { type: 'xstate.done.actor.loadSession', output: expiringA },
  { type: 'xstate.done.actor.loadSession', output: null },
  { type: 'xstate.error.actor.loadSession', error: networkError },
  { type: 'xstate.done.actor.refreshSession', output: refreshedA },
  { type: 'xstate.error.actor.refreshSession', error: networkError },
  { type: 'xstate.error.actor.refreshSession', error: fatalError },
  { type: 'xstate.done.actor.checkAdmin', output: true },
  { type: 'xstate.done.actor.checkAdmin', output: false },
  { type: 'xstate.error.actor.checkAdmin', error: networkError },
  { type: 'xstate.done.actor.signOut', output: undefined },
  { type: 'xstate.error.actor.signOut', error: networkError },
] as const;

type Snap = ReturnType<typeof authMachine.getInitialSnapshot>;
const leafOf = (snapshot: { value: unknown }) => JSON.stringify(snapshot.value);

function fakes(now: () => number = frozenNow) {
  const calls = { loadSession: 0, refreshSession: 0, signOut: 0, checkAdmin: [] as string[], listen: 0, unlisten: 0 };
  let sendBack: (event: AuthEvent) => void = () => {};
  const pending = () => new Promise<never>(() => {});
  const machine = authMachine.provide({
    actors: {
      loadSession: fromPromise<AuthSession | null>(async () => {
        calls.loadSession++;
        return pending();
      }),
      refreshSession: fromPromise<AuthSession>(async () => {
        calls.refreshSession++;
        return pending();
      }),
      checkAdmin: fromPromise(async ({ input }) => {
        calls.checkAdmin.push(input.userId);
        return pending();
      }),
      signOut: fromPromise<void>(async () => {
        calls.signOut++;
        return pending();
      }),
      listen: fromCallback<AuthEvent>((params) => {
        calls.listen++;
        sendBack = params.sendBack;
        return () => {
          calls.unlisten++;
        };
      }),
    },
  });
  const clock = new SimulatedClock();
  const actor = createActor(machine, { clock, input: { now } });
  return { actor, clock, calls, emit: (event: AuthEvent) => sendBack(event) };
}

/** Milliseconds behind an `xstate.after.<delay>.…` event, read from the snapshot it fires in. */
function delayOf(eventType: string, snapshot: Snap): number | null {
  const match = /^xstate\.after\.([^.]+)\./.exec(eventType);
  if (!match) return null;
  if (match[1] === 'TICK') return AUTH_TICK_MS;
  if (match[1] === 'retryDelay') return snapshot.context.retryDelay;
  return Number(match[1]);
}

const inSignedIn = (snapshot: Snap) => snapshot.matches('signedIn');
const inRefreshing = (snapshot: Snap) => snapshot.matches({ signedIn: 'refreshing' });

describe('auth machine: graph coverage', () => {
  const { paths, taken: declaredTaken, snapshots } = explore(authMachine, { now: frozenNow }, events);
  const initial = createActor(authMachine, { input: { now: frozenNow } }).getSnapshot();
  // The last step of each path, with the snapshot it left.
  const edges = paths.map((path) => {
    const last = path.at(-1) as Step<Snap>;
    return { from: path.at(-2)?.state ?? initial, event: last.event, to: last.state };
  });

  it('reaches every state and takes every transition of the chart', () => {
    expect(snapshots).toBeGreaterThan(20);
    expect(paths.length).toBeLessThan(2000);
    const visited = new Set([...activeIds(initial as never), ...paths.flatMap((path) => path.flatMap((step) => activeIds(step.state as never)))]);
    // `checking` is transient: it picks idle or refreshing in the same step, so no snapshot shows it.
    expect([...visited].sort()).toEqual(
      stateIds(authMachine)
        .filter((id) => id !== 'auth.signedIn.checking')
        .sort(),
    );
    expect([...declaredTaken].sort()).toEqual(declaredTransitions(authMachine).sort());

    const taken = new Set(edges.map((e) => `${leafOf(e.from)} --${e.event.type.replace(/^xstate\./, '')}--> ${leafOf(e.to)}`));
    const idle = '{"signedIn":"idle"}';
    const refreshing = '{"signedIn":"refreshing"}';
    const backoff = '{"signedIn":"backoff"}';
    const expected = [
      `"loading" --done.actor.loadSession--> ${idle}`,
      `"loading" --done.actor.loadSession--> ${refreshing}`,
      `"loading" --done.actor.loadSession--> "signedOut"`,
      `"loading" --error.actor.loadSession--> "signedOut"`,
      `"loading" --auth.changed--> ${idle}`,
      `"loading" --auth.changed--> "signedOut"`,
      `${idle} --after.TICK.auth.signedIn.idle--> ${idle}`,
      `${idle} --after.TICK.auth.signedIn.idle--> ${refreshing}`,
      `${refreshing} --done.actor.refreshSession--> ${idle}`,
      `${refreshing} --error.actor.refreshSession--> ${backoff}`,
      `${refreshing} --error.actor.refreshSession--> ${idle}`,
      `${refreshing} --error.actor.refreshSession--> "signedOut"`,
      `${backoff} --after.retryDelay.auth.signedIn.backoff--> ${refreshing}`,
      `${idle} --done.actor.checkAdmin--> ${idle}`,
      `${idle} --error.actor.checkAdmin--> ${idle}`,
      `${idle} --auth.changed--> ${idle}`,
      `${idle} --auth.changed--> ${refreshing}`,
      `${backoff} --auth.changed--> ${idle}`,
      `${idle} --auth.changed--> "signedOut"`,
      `${refreshing} --auth.changed--> "signedOut"`,
      `${idle} --auth.signOut--> "signingOut"`,
      `${backoff} --auth.signOut--> "signingOut"`,
      `"signingOut" --done.actor.signOut--> "signedOut"`,
      `"signingOut" --error.actor.signOut--> "signedOut"`,
      `"signingOut" --auth.changed--> "signedOut"`,
      `"signedOut" --auth.changed--> ${idle}`,
      `"signedOut" --auth.changed--> ${refreshing}`,
    ];
    for (const transition of expected) expect(taken, transition).toContain(transition);
  });

  it('the retry round gives up inside the graph too (delays double until the 30 s budget)', () => {
    // With the clock frozen only the waits count: 51.2 s is the first wait past the budget, so the
    // attempt that would be followed by it is the last one of the round.
    const states = paths.flatMap((path) => path.map((step) => step.state));
    const delays = new Set(states.filter(inSignedIn).map((state) => state.context.retryDelay));
    expect([...delays].sort((a, b) => a - b)).toEqual([200, 400, 800, 1600, 3200, 6400, 12800, 25600, 51200]);
    const backoffDelays = states.filter((state) => state.matches({ signedIn: 'backoff' })).map((state) => state.context.retryDelay);
    expect(Math.max(...backoffDelays)).toBe(25600);
  });

  it('replays every path against a running actor with simulated time, checking what each state promises', () => {
    for (const path of paths) {
      const { actor, clock, calls } = fakes();
      actor.start();
      let expected = { loadSession: 1, refreshSession: 0, signOut: 0, checkAdmin: 0 };
      let previous = actor.getSnapshot();
      expect(previous.value).toBe('loading');
      for (const step of path) {
        const delay = delayOf(step.event.type, previous);
        if (delay !== null) clock.increment(delay);
        else actor.send(step.event as never);
        const now = actor.getSnapshot();
        expect(now.value).toEqual(step.state.value);
        expect(now.context).toEqual(step.state.context);

        // Entering a state starts its actor exactly once.
        // A new user or a new assurance level (second factor passed) asks is_admin() again.
        const enteredSignedIn =
          inSignedIn(now) &&
          (!inSignedIn(previous) ||
            previous.context.session?.user.id !== now.context.session?.user.id ||
            previous.context.session?.secondFactor !== now.context.session?.secondFactor);
        expected = {
          ...expected,
          refreshSession: expected.refreshSession + (inRefreshing(now) && (!inRefreshing(previous) || enteredSignedIn) ? 1 : 0),
          signOut: expected.signOut + (now.value === 'signingOut' && previous.value !== 'signingOut' ? 1 : 0),
          checkAdmin: expected.checkAdmin + (enteredSignedIn ? 1 : 0),
        };
        expect({ ...calls, checkAdmin: calls.checkAdmin.length }).toMatchObject(expected);

        if (now.value === 'signedOut' || now.value === 'loading') {
          expect(now.context.session).toBeNull();
          expect(now.context.isAdmin).toBe(false);
        }
        if (inSignedIn(now)) {
          expect(now.context.session).not.toBeNull();
          expect(calls.checkAdmin.at(-1)).toBe(now.context.session?.user.id);
          if (enteredSignedIn) expect(now.context.isAdmin).toBe(false);
        }
        if (now.matches({ signedIn: 'backoff' })) expect(now.context.retryStartedAt).toBe(T0);
        if (now.matches({ signedIn: 'idle' })) {
          expect(now.context.retryStartedAt).toBeNull();
          expect(now.context.retryDelay).toBe(200);
        }
        if (now.value === 'signingOut') expect(selectAuthStatus(now)).toBe('signedIn');
        previous = now;
      }
      actor.stop();
      expect(calls.unlisten).toBe(1);
    }
    // About 260 replays, ~1 s alone: generous for a busy CI machine.
  }, 60_000);
});

const flush = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

/** An actor whose clock is the simulated one, with scripted api answers. */
function live({
  load = async (): Promise<AuthSession | null> => null,
  refresh = async (): Promise<AuthSession> => refreshedA,
  isAdmin = async (): Promise<boolean> => false,
  signOut = async (): Promise<void> => {},
} = {}) {
  const clock = new SimulatedClock();
  clock.set(T0);
  const refreshTimes: number[] = [];
  const adminChecks: string[] = [];
  let sendBack: (event: AuthEvent) => void = () => {};
  const machine = authMachine.provide({
    actors: {
      loadSession: fromPromise(load),
      refreshSession: fromPromise(() => {
        refreshTimes.push(clock.now() - T0);
        return refresh();
      }),
      checkAdmin: fromPromise(({ input }) => {
        adminChecks.push(input.userId);
        return isAdmin();
      }),
      signOut: fromPromise(signOut),
      listen: fromCallback<AuthEvent>((params) => {
        sendBack = params.sendBack;
      }),
    },
  });
  const actor = createActor(machine, { clock, input: { now: () => clock.now() } }).start();
  const advance = async (ms: number) => {
    clock.increment(ms);
    await flush();
  };
  return { actor, clock, refreshTimes, adminChecks, advance, emit: (event: AuthEvent) => sendBack(event) };
}

const offline = () => new ApiError('network', 'Failed to fetch', { status: 0 });

describe('auth machine: the refresh schedule (SPEC §9)', () => {
  it('does not refresh while more than 90 s are left, and refreshes at the first tick with 90 s or less', async () => {
    const { actor, refreshTimes, advance } = live({ load: async () => session('alex', 200) });
    await flush();
    expect(actor.getSnapshot().value).toEqual({ signedIn: 'idle' });
    await advance(30_000); // 170 s left
    await advance(30_000); // 140 s left
    await advance(30_000); // 110 s left
    expect(refreshTimes).toEqual([]);
    await advance(30_000); // 80 s left
    expect(refreshTimes).toEqual([120_000]);
    expect(actor.getSnapshot().value).toEqual({ signedIn: 'idle' });
    expect(actor.getSnapshot().context.session?.accessToken).toBe(refreshedA.accessToken);
  });

  it('refreshes right away when the loaded session has 90 s or less left', async () => {
    const { refreshTimes } = live({ load: async () => session('alex', 90) });
    await flush();
    expect(refreshTimes).toEqual([0]);
  });

  it('backs off 200, 400, 800 … ms on retryable failures and gives up within 30 s, keeping the session', async () => {
    const { actor, refreshTimes, advance } = live({
      load: async () => expiringA,
      refresh: async () => {
        throw offline();
      },
    });
    await flush();
    for (const delay of [200, 400, 800, 1600, 3200, 6400, 12800]) {
      expect(actor.getSnapshot().context.retryDelay).toBe(delay);
      await advance(delay - 1);
      const attempts = refreshTimes.length;
      await advance(1);
      expect(refreshTimes.length).toBe(attempts + 1);
    }
    expect(refreshTimes).toEqual([0, 200, 600, 1400, 3000, 6200, 12600, 25400]);
    // A 25.6 s wait would end past the 30 s budget: this round is over, the session stays.
    expect(actor.getSnapshot().value).toEqual({ signedIn: 'idle' });
    expect(actor.getSnapshot().context).toMatchObject({ session: expiringA, retryDelay: 200, retryStartedAt: null, error: 'Failed to fetch' });
    expect(selectAuthStatus(actor.getSnapshot())).toBe('signedIn');
    // The next tick starts a new round.
    await advance(30_000);
    expect(refreshTimes.at(-1)).toBe(25_400 + 30_000);
    expect(actor.getSnapshot().value).toEqual({ signedIn: 'backoff' });
    expect(actor.getSnapshot().context.retryStartedAt).toBe(T0 + 55_400);
  });

  it('counts the budget in wall time, so slow failing requests give up sooner', async () => {
    let calls = 0;
    const { actor, refreshTimes, advance, clock } = live({
      load: async () => expiringA,
      refresh: async () => {
        calls++;
        // Each attempt takes 10 s before failing (a hanging gateway).
        clock.set(clock.now() + 10_000);
        throw offline();
      },
    });
    await flush();
    await advance(200);
    await advance(400);
    await advance(800);
    expect(calls).toBe(4);
    expect(refreshTimes).toEqual([0, 10_200, 20_600, 31_400]);
    // The first failure came at 10 s; a retry after the fourth (at 41.4 s) would start past 40 s.
    expect(actor.getSnapshot().value).toEqual({ signedIn: 'idle' });
    expect(actor.getSnapshot().context.session).toEqual(expiringA);
  });

  it('a success after failures stores the new session and resets the backoff', async () => {
    let failures = 2;
    const { actor, advance } = live({
      load: async () => expiringA,
      refresh: async () => {
        if (failures-- > 0) throw offline();
        return refreshedA;
      },
    });
    await flush();
    await advance(200);
    expect(actor.getSnapshot().context.retryDelay).toBe(400);
    await advance(400);
    expect(actor.getSnapshot().value).toEqual({ signedIn: 'idle' });
    expect(actor.getSnapshot().context).toMatchObject({ session: refreshedA, retryDelay: 200, retryStartedAt: null, error: null });
  });

  it('a fatal failure (rejected refresh token) signs out, also in the middle of a retry round', async () => {
    let attempt = 0;
    const { actor, advance } = live({
      load: async () => expiringA,
      isAdmin: async () => true,
      refresh: async () => {
        attempt++;
        if (attempt === 1) throw offline();
        throw new ApiError('invalid', 'Invalid Refresh Token: Refresh Token Not Found', { status: 400 });
      },
    });
    await flush();
    expect(actor.getSnapshot().context.isAdmin).toBe(true);
    await advance(200);
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().context).toMatchObject({ session: null, isAdmin: false, error: 'Invalid Refresh Token: Refresh Token Not Found' });
    expect(selectUser(actor.getSnapshot())).toBeNull();
  });

  it('an error that is not an ApiError (a bug, not the network) counts as fatal', async () => {
    const { actor } = live({
      load: async () => expiringA,
      refresh: async () => {
        throw new Error('boom');
      },
    });
    await flush();
    expect(actor.getSnapshot().value).toBe('signedOut');
  });
});

describe('auth machine: loading, admin, sign-out and auth events', () => {
  it('loading ends signed out without a session, or when the session cannot be read', async () => {
    const none = live();
    expect(selectAuthStatus(none.actor.getSnapshot())).toBe('loading');
    await flush();
    expect(selectAuthStatus(none.actor.getSnapshot())).toBe('signedOut');

    const broken = live({
      load: async () => {
        throw offline();
      },
    });
    await flush();
    expect(broken.actor.getSnapshot().value).toBe('signedOut');
    expect(broken.actor.getSnapshot().context.error).toBe('Failed to fetch');
  });

  it('asks the database whether the user is an admin; an error means not an admin', async () => {
    const admin = live({ load: async () => freshA, isAdmin: async () => true });
    await flush();
    expect(selectIsAdmin(admin.actor.getSnapshot())).toBe(true);
    expect(admin.adminChecks).toEqual(['alex']);

    const failing = live({
      load: async () => freshA,
      isAdmin: async () => {
        throw offline();
      },
    });
    await flush();
    expect(selectIsAdmin(failing.actor.getSnapshot())).toBe(false);
  });

  it('a token refresh of the same user keeps the user object and does not ask about admin again', async () => {
    const { actor, adminChecks, emit } = live({ load: async () => freshA, isAdmin: async () => true });
    await flush();
    const user = selectUser(actor.getSnapshot());
    emit({ type: 'auth.changed', session: refreshedA });
    await flush();
    expect(actor.getSnapshot().context.session?.accessToken).toBe(refreshedA.accessToken);
    expect(selectUser(actor.getSnapshot())).toBe(user);
    expect(adminChecks).toEqual(['alex']);
    expect(selectIsAdmin(actor.getSnapshot())).toBe(true);
  });

  it('another user signing in re-runs the admin check and forgets the previous answer', async () => {
    let admin = true;
    const { actor, adminChecks, emit } = live({ load: async () => freshA, isAdmin: async () => admin });
    await flush();
    expect(selectIsAdmin(actor.getSnapshot())).toBe(true);
    admin = false;
    emit({ type: 'auth.changed', session: freshB });
    expect(selectIsAdmin(actor.getSnapshot())).toBe(false);
    await flush();
    expect(adminChecks).toEqual(['alex', 'bea']);
    expect(selectUser(actor.getSnapshot())?.id).toBe('bea');
  });

  it('passing the second factor asks is_admin() again (admin writes need aal2) and ends the code step', async () => {
    const pendingA = session('alex', 3600, 'a', 'pending');
    let admin = false;
    const { actor, adminChecks, emit } = live({ load: async () => pendingA, isAdmin: async () => admin });
    await flush();
    expect(selectNeedsSecondFactor(actor.getSnapshot())).toBe(true);
    expect(selectIsAdmin(actor.getSnapshot())).toBe(false);
    admin = true;
    emit({ type: 'auth.changed', session: passedA });
    await flush();
    expect(adminChecks).toEqual(['alex', 'alex']);
    expect(selectIsAdmin(actor.getSnapshot())).toBe(true);
    expect(selectNeedsSecondFactor(actor.getSnapshot())).toBe(false);
    // Refreshing the aal2 session keeps the answer.
    emit({ type: 'auth.changed', session: { ...passedA, accessToken: 'access-alex-d' } });
    await flush();
    expect(adminChecks).toEqual(['alex', 'alex']);
  });

  it('auth events from supabase-js sign in and out (another tab, the confirmation link)', async () => {
    const { actor, emit } = live();
    await flush();
    expect(selectAuthStatus(actor.getSnapshot())).toBe('signedOut');
    emit({ type: 'auth.changed', session: freshA });
    expect(selectAuthStatus(actor.getSnapshot())).toBe('signedIn');
    expect(selectUser(actor.getSnapshot())).toEqual(freshA.user);
    emit({ type: 'auth.changed', session: null });
    expect(selectAuthStatus(actor.getSnapshot())).toBe('signedOut');
  });

  it('signing out clears the session whether the request succeeds or fails', async () => {
    const ok = live({ load: async () => freshA });
    await flush();
    ok.actor.send({ type: 'auth.signOut' });
    expect(ok.actor.getSnapshot().value).toBe('signingOut');
    expect(selectAuthStatus(ok.actor.getSnapshot())).toBe('signedIn');
    await flush();
    expect(ok.actor.getSnapshot().value).toBe('signedOut');
    expect(ok.actor.getSnapshot().context.session).toBeNull();

    const offlineSignOut = live({
      load: async () => freshA,
      signOut: async () => {
        throw offline();
      },
    });
    await flush();
    offlineSignOut.actor.send({ type: 'auth.signOut' });
    await flush();
    expect(offlineSignOut.actor.getSnapshot().value).toBe('signedOut');
    expect(offlineSignOut.actor.getSnapshot().context).toMatchObject({ session: null, error: 'Failed to fetch' });
  });

  it('no timers run while signed out', async () => {
    const { refreshTimes, advance, actor } = live();
    await flush();
    await advance(10 * 60_000);
    expect(refreshTimes).toEqual([]);
    expect(actor.getSnapshot().value).toBe('signedOut');
  });

  it('a missing clock is loud', () => {
    const actor = createActor(
      authMachine.provide({
        actors: { loadSession: fromPromise<AuthSession | null>(async () => expiringA), listen: fromCallback(() => {}), checkAdmin: fromPromise(async () => false) },
      }),
      { input: {} },
    );
    const errors = vi.fn();
    actor.subscribe({ error: errors });
    actor.start();
    return vi.waitFor(() => expect(errors).toHaveBeenCalledWith(expect.objectContaining({ message: 'provide input.now' })));
  });
});
