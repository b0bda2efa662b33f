import { assign, fromCallback, fromPromise, setup, type StateValueFrom } from 'xstate';
import { errorMessage } from '../domain/errors';

export type AuthUser = { id: string; email: string; fullName: string | null };

/**
 * Where the session stands with a second factor (supabase-js's getAuthenticatorAssuranceLevel):
 * `none` — the user has no verified factor, the password is all there is (aal1 → aal1);
 * `pending` — a verified factor exists but this session has not passed it yet (aal1 → aal2);
 * `passed` — the session is aal2.
 */
export type SecondFactor = 'none' | 'pending' | 'passed';

/** The session as the app sees it; src/api/auth.ts maps supabase-js's Session to this. */
export type AuthSession = {
  accessToken: string;
  refreshToken: string;
  /** Unix seconds. */
  expiresAt: number;
  user: AuthUser;
  secondFactor: SecondFactor;
};

export type AuthInput = {
  /** Wall clock in milliseconds (Date.now in the app, a simulated clock in tests). */
  now?: () => number;
};

type Context = {
  session: AuthSession | null;
  isAdmin: boolean;
  /** Whether the database has answered is_admin() for the current user (admin screens wait for it). */
  adminChecked: boolean;
  /** Wait before the next refresh attempt after a retryable failure. */
  retryDelay: number;
  /** When the first failure of the current retry round happened (ms), null outside a round. */
  retryStartedAt: number | null;
  /** The message of the last failed load, refresh or sign-out; cleared by a success. */
  error: string | null;
  now: () => number;
};

export type AuthEvent = { type: 'auth.changed'; session: AuthSession | null } | { type: 'auth.signOut' };

/** SPEC §9 Auth session: check every 30 s, refresh when 90 s (3 ticks) or less remain. */
export const AUTH_TICK_MS = 30_000;
export const REFRESH_MARGIN_S = 90;
/** Retry backoff starts at 200 ms and doubles; a round of retries stays within 30 s. */
export const FIRST_RETRY_MS = 200;
export const RETRY_BUDGET_MS = 30_000;

const missingClock = () => {
  throw new Error('provide input.now');
};

/** ApiError kind 'network' (status 0/502/503/504, failed fetch): the session may still be good. */
const isRetryable = (error: unknown) => typeof error === 'object' && error !== null && (error as { kind?: unknown }).kind === 'network';

const sameUser = (a: AuthUser, b: AuthUser) => a.id === b.id && a.email === b.email && a.fullName === b.fullName;

/** Whether this session still owes its second factor (the code step comes next). */
export const needsSecondFactor = (session: AuthSession | null | undefined): boolean => session?.secondFactor === 'pending';

export const authMachine = setup({
  types: { context: {} as Context, events: {} as AuthEvent, input: {} as AuthInput },
  actors: {
    loadSession: fromPromise<AuthSession | null>(async () => {
      throw new Error('provide loadSession');
    }),
    refreshSession: fromPromise<AuthSession>(async () => {
      throw new Error('provide refreshSession');
    }),
    checkAdmin: fromPromise<boolean, { userId: string }>(async () => {
      throw new Error('provide checkAdmin');
    }),
    signOut: fromPromise<void>(async () => {
      throw new Error('provide signOut');
    }),
    /** Forwards supabase-js auth events as `auth.changed`. */
    listen: fromCallback<AuthEvent>(() => {
      throw new Error('provide listen');
    }),
  },
  actions: {
    storeSession: assign(({ context }, session: AuthSession) => ({
      // Keeping the user object when nothing about it changed spares re-renders on every refresh.
      session: context.session && sameUser(context.session.user, session.user) ? { ...session, user: context.session.user } : session,
      error: null,
    })),
    clearSession: assign({ session: null, isAdmin: false, adminChecked: false, retryDelay: FIRST_RETRY_MS, retryStartedAt: null }),
    resetBackoff: assign({ retryDelay: FIRST_RETRY_MS, retryStartedAt: null }),
    recordFailure: assign(({ context }, { error }: { error: unknown }) => ({
      error: errorMessage(error, 'Unknown error'),
      retryStartedAt: context.retryStartedAt ?? context.now(),
    })),
    doubleDelay: assign({ retryDelay: ({ context }) => context.retryDelay * 2 }),
    recordError: assign((_, { error }: { error: unknown }) => ({ error: errorMessage(error, 'Unknown error') })),
    forgetAdmin: assign({ isAdmin: false, adminChecked: false }),
    setAdmin: assign((_, params: { isAdmin: boolean }) => ({ isAdmin: params.isAdmin, adminChecked: true })),
    denyAdmin: assign({ isAdmin: false, adminChecked: true }),
  },
  guards: {
    expiresSoon: ({ context }) => context.session !== null && context.session.expiresAt - context.now() / 1000 <= REFRESH_MARGIN_S,
    /** A retryable failure whose next attempt would still start within 30 s of the round's first failure. */
    canRetry: ({ context }, { error }: { error: unknown }) => {
      if (!isRetryable(error)) return false;
      const now = context.now();
      return now + context.retryDelay - (context.retryStartedAt ?? now) <= RETRY_BUDGET_MS;
    },
    retryable: (_, { error }: { error: unknown }) => isRetryable(error),
    hasSession: (_, session: AuthSession | null) => session !== null,
    noSession: (_, session: AuthSession | null) => session === null,
    /**
     * The same user at the same assurance level (a refresh, a profile change): is_admin() still
     * answers the same. A passed second factor can change its answer (admin writes need aal2).
     */
    sameUserAndLevel: ({ context }, session: AuthSession | null) =>
      session !== null && session.user.id === context.session?.user.id && session.secondFactor === context.session?.secondFactor,
  },
  delays: {
    TICK: AUTH_TICK_MS,
    retryDelay: ({ context }) => context.retryDelay,
  },
}).createMachine({
  id: 'auth',
  context: ({ input }) => ({
    session: null,
    isAdmin: false,
    adminChecked: false,
    retryDelay: FIRST_RETRY_MS,
    retryStartedAt: null,
    error: null,
    now: input.now ?? missingClock,
  }),
  invoke: { id: 'listen', src: 'listen' },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadSession',
        src: 'loadSession',
        onDone: [
          {
            guard: { type: 'hasSession', params: ({ event }) => event.output },
            target: 'signedIn',
            actions: { type: 'storeSession', params: ({ event }) => event.output as AuthSession },
          },
          { target: 'signedOut' },
        ],
        onError: { target: 'signedOut', actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) } },
      },
      on: {
        'auth.changed': [
          {
            guard: { type: 'hasSession', params: ({ event }) => event.session },
            target: 'signedIn',
            actions: { type: 'storeSession', params: ({ event }) => event.session as AuthSession },
          },
          { target: 'signedOut' },
        ],
      },
    },
    signedIn: {
      entry: 'forgetAdmin',
      // Admin UI follows the database's is_admin(), asked again for every new user or assurance level.
      invoke: {
        id: 'checkAdmin',
        src: 'checkAdmin',
        input: ({ context }) => ({ userId: context.session?.user.id ?? '' }),
        onDone: { actions: { type: 'setAdmin', params: ({ event }) => ({ isAdmin: event.output === true }) } },
        onError: { actions: 'denyAdmin' },
      },
      on: {
        'auth.signOut': { target: 'signingOut' },
        'auth.changed': [
          {
            guard: { type: 'sameUserAndLevel', params: ({ event }) => event.session },
            actions: [{ type: 'storeSession', params: ({ event }) => event.session as AuthSession }],
          },
          {
            guard: { type: 'hasSession', params: ({ event }) => event.session },
            target: 'signedIn',
            reenter: true,
            actions: [{ type: 'storeSession', params: ({ event }) => event.session as AuthSession }, 'resetBackoff'],
          },
          { target: 'signedOut', actions: 'clearSession' },
        ],
      },
      initial: 'checking',
      states: {
        checking: {
          always: [{ guard: 'expiresSoon', target: 'refreshing' }, { target: 'idle' }],
        },
        idle: {
          after: {
            TICK: [
              { guard: 'expiresSoon', target: 'refreshing' },
              { target: 'idle', reenter: true },
            ],
          },
        },
        refreshing: {
          invoke: {
            id: 'refreshSession',
            src: 'refreshSession',
            onDone: {
              target: 'idle',
              actions: [{ type: 'storeSession', params: ({ event }) => event.output }, 'resetBackoff'],
            },
            onError: [
              {
                guard: { type: 'canRetry', params: ({ event }) => ({ error: event.error }) },
                target: 'backoff',
                actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) },
              },
              // Out of budget: keep the session (it may still be valid) and try again on a later tick.
              {
                guard: { type: 'retryable', params: ({ event }) => ({ error: event.error }) },
                target: 'idle',
                actions: [{ type: 'recordError', params: ({ event }) => ({ error: event.error }) }, 'resetBackoff'],
              },
              // Rejected refresh token (revoked, reused, user deleted): the session is over.
              {
                target: '#auth.signedOut',
                actions: ['clearSession', { type: 'recordError', params: ({ event }) => ({ error: event.error }) }],
              },
            ],
          },
        },
        backoff: {
          after: { retryDelay: { target: 'refreshing', actions: 'doubleDelay' } },
        },
      },
    },
    signingOut: {
      // The api's signOut already treats 401/403/404 as signed out; whatever else happens, this
      // device forgets the session (src/api/auth.ts clears supabase-js's copy on failure too).
      invoke: {
        id: 'signOut',
        src: 'signOut',
        onDone: { target: 'signedOut', actions: 'clearSession' },
        onError: { target: 'signedOut', actions: ['clearSession', { type: 'recordError', params: ({ event }) => ({ error: event.error }) }] },
      },
      on: {
        // supabase-js announces SIGNED_OUT before the request returns; a session event here is stale.
        'auth.changed': {
          guard: { type: 'noSession', params: ({ event }) => event.session },
          target: 'signedOut',
          actions: 'clearSession',
        },
      },
    },
    signedOut: {
      on: {
        'auth.changed': {
          guard: { type: 'hasSession', params: ({ event }) => event.session },
          target: 'signedIn',
          actions: [{ type: 'storeSession', params: ({ event }) => event.session as AuthSession }, 'resetBackoff'],
        },
      },
    },
  },
});

type AuthSnapshotLike = { value: StateValueFrom<typeof authMachine>; context: Pick<Context, 'session' | 'isAdmin'> & Partial<Pick<Context, 'adminChecked'>> };

export type AuthStatus = 'loading' | 'signedIn' | 'signedOut';

/** Signing out still counts as signed in: the session is only gone once the machine says so. */
export function selectAuthStatus(snapshot: AuthSnapshotLike): AuthStatus {
  if (snapshot.value === 'loading') return 'loading';
  if (snapshot.value === 'signedOut') return 'signedOut';
  return 'signedIn';
}

export const selectUser = (snapshot: AuthSnapshotLike): AuthUser | null => snapshot.context.session?.user ?? null;
export const selectIsAdmin = (snapshot: AuthSnapshotLike): boolean => snapshot.context.isAdmin;
/** Signed in with the password, but the account's second factor is still to be passed (the code step). */
export const selectNeedsSecondFactor = (snapshot: AuthSnapshotLike): boolean => selectAuthStatus(snapshot) === 'signedIn' && needsSecondFactor(snapshot.context.session);

export type AdminAccess = 'checking' | 'admin' | 'notAdmin';
/** For the admin screens: still finding out (session loading, is_admin() not answered yet), or the answer. */
export function selectAdminAccess(snapshot: AuthSnapshotLike): AdminAccess {
  const status = selectAuthStatus(snapshot);
  if (status === 'loading') return 'checking';
  if (status === 'signedOut') return 'notAdmin';
  if (snapshot.context.isAdmin) return 'admin';
  return snapshot.context.adminChecked ? 'notAdmin' : 'checking';
}
