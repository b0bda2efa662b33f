import { assign, fromPromise, setup, type StateValueFrom } from 'xstate';
import { errorMessage } from '../domain/errors';
import { type CodeError, type CodeFieldError, type CodeStepOutput, codeErrorOf, normalizeCode, twoFactorMachine, validateCode } from './twoFactorMachine';
import { type StateOf, topState } from './status';

/** A factor being set up: the QR code (an SVG data URL) and the secret an app can take by hand. */
export type Enrolment = { factorId: string; qrCode: string; secret: string };

/** The user's TOTP factors as the server lists them (unverified ones are set-ups left unfinished). */
export type TotpFactors = { verified: string | null; unverified: string[] };

/** supabase-js's getAuthenticatorAssuranceLevel() answer: the session's level and the one it can reach. */
export type AssuranceLevels = { current: string | null; next: string | null };

export type TwoFactorNotice = { kind: 'enabled' } | { kind: 'removed' } | { kind: 'error'; message: string };

type Context = {
  /** The verified factor, null while two-factor sign-in is off. */
  factorId: string | null;
  enrolment: Enrolment | null;
  code: string;
  fieldError: CodeFieldError | null;
  error: CodeError | null;
};

export type TwoFactorSettingsEvent =
  | { type: 'twoFactor.setUp' }
  | { type: 'twoFactor.cancel' }
  | { type: 'twoFactor.remove' }
  | { type: 'twoFactor.keep' }
  | { type: 'twoFactor.confirmRemove' }
  | { type: 'twoFactor.retry' }
  | { type: 'code.change'; value: string }
  | { type: 'code.submit' };

/**
 * The account page's "Two-factor authentication" section: whether it is on, setting up an
 * authenticator app (scan, type its first code; cancel removes the half-made factor) and removing
 * it. GoTrue removes a verified factor only for an aal2 session, so a session that has not passed
 * the code step yet is asked for a code first (the code step machine, as a child).
 */
export const twoFactorSettingsMachine = setup({
  types: { context: {} as Context, events: {} as TwoFactorSettingsEvent },
  actors: {
    listFactors: fromPromise<TotpFactors>(async () => {
      throw new Error('provide listFactors');
    }),
    enrol: fromPromise<Enrolment>(async () => {
      throw new Error('provide enrol');
    }),
    confirm: fromPromise<void, { factorId: string; code: string }>(async () => {
      throw new Error('provide confirm');
    }),
    unenrol: fromPromise<void, { factorId: string }>(async () => {
      throw new Error('provide unenrol');
    }),
    getAssuranceLevels: fromPromise<AssuranceLevels>(async () => {
      throw new Error('provide getAssuranceLevels');
    }),
    stepUp: twoFactorMachine,
  },
  actions: {
    notify: (_, _notice: TwoFactorNotice) => {
      throw new Error('provide notify');
    },
    applyChange: assign(({ event }) => (event.type === 'code.change' ? { code: event.value, fieldError: null } : {})),
    markInvalidCode: assign({ fieldError: ({ context }) => validateCode(context.code) }),
    recordError: assign((_, { error }: { error: unknown }) => ({ error: codeErrorOf(error), code: '' })),
    setFactor: assign((_, params: { factorId: string | null }) => ({ factorId: params.factorId })),
    forgetFactor: assign({ factorId: null, enrolment: null }),
    /** A new enrolment: its QR code is shown and the code field starts empty. */
    startScan: assign((_, enrolment: Enrolment) => ({ enrolment, code: '', fieldError: null, error: null })),
    clearError: assign({ error: null }),
    /** The confirmed enrolment's factor is the one now on. */
    keepEnrolledFactor: assign(({ context }) => ({ factorId: (context.enrolment as Enrolment).factorId, enrolment: null, code: '' })),
  },
  guards: {
    hasVerified: (_, factors: TotpFactors) => factors.verified !== null,
    codeValid: ({ context }) => validateCode(context.code) === null,
    sessionIsAal2: (_, levels: AssuranceLevels) => levels.current === 'aal2',
    codePassed: (_, output: CodeStepOutput) => output === 'verified',
  },
}).createMachine({
  id: 'twoFactorSettings',
  context: { factorId: null, enrolment: null, code: '', fieldError: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'listFactors',
        src: 'listFactors',
        onDone: [
          {
            guard: { type: 'hasVerified', params: ({ event }) => event.output },
            target: 'on',
            actions: { type: 'setFactor', params: ({ event }) => ({ factorId: event.output.verified }) },
          },
          { target: 'off' },
        ],
        onError: { target: 'loadFailed' },
      },
    },
    loadFailed: {
      on: { 'twoFactor.retry': { target: 'loading' } },
    },
    off: {
      entry: 'forgetFactor',
      on: { 'twoFactor.setUp': { target: 'enrolling' } },
    },
    enrolling: {
      invoke: {
        id: 'enrol',
        src: 'enrol',
        onDone: { target: 'scanning', actions: { type: 'startScan', params: ({ event }) => event.output } },
        onError: { target: 'off', actions: { type: 'notify', params: ({ event }) => ({ kind: 'error', message: errorMessage(event.error, '') }) } },
      },
    },
    scanning: {
      on: {
        'code.change': { actions: 'applyChange' },
        'code.submit': [{ guard: 'codeValid', target: 'confirming', actions: 'clearError' }, { actions: 'markInvalidCode' }],
        'twoFactor.cancel': { target: 'discarding' },
      },
    },
    confirming: {
      invoke: {
        id: 'confirm',
        src: 'confirm',
        input: ({ context }) => ({ factorId: (context.enrolment as Enrolment).factorId, code: normalizeCode(context.code) }),
        onDone: {
          target: 'on',
          actions: ['keepEnrolledFactor', { type: 'notify', params: { kind: 'enabled' } }],
        },
        onError: { target: 'scanning', actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    // Cancelled set-up: the unverified factor goes (a failure leaves it for the next set-up to remove).
    discarding: {
      invoke: {
        id: 'discard',
        src: 'unenrol',
        input: ({ context }) => ({ factorId: (context.enrolment as Enrolment).factorId }),
        onDone: { target: 'off' },
        onError: { target: 'off' },
      },
    },
    on: {
      on: { 'twoFactor.remove': { target: 'confirmingRemoval' } },
    },
    confirmingRemoval: {
      on: { 'twoFactor.keep': { target: 'on' }, 'twoFactor.confirmRemove': { target: 'checkingLevel' } },
    },
    checkingLevel: {
      invoke: {
        id: 'getAssuranceLevels',
        src: 'getAssuranceLevels',
        onDone: [{ guard: { type: 'sessionIsAal2', params: ({ event }) => event.output }, target: 'removing' }, { target: 'stepUp' }],
        onError: { target: 'on', actions: { type: 'notify', params: ({ event }) => ({ kind: 'error', message: errorMessage(event.error, '') }) } },
      },
    },
    stepUp: {
      invoke: {
        id: 'stepUp',
        src: 'stepUp',
        onDone: [{ guard: { type: 'codePassed', params: ({ event }) => event.output }, target: 'removing' }, { target: 'on' }],
      },
    },
    removing: {
      invoke: {
        id: 'remove',
        src: 'unenrol',
        input: ({ context }) => ({ factorId: context.factorId as string }),
        onDone: { target: 'off', actions: { type: 'notify', params: { kind: 'removed' } } },
        onError: { target: 'on', actions: { type: 'notify', params: ({ event }) => ({ kind: 'error', message: errorMessage(event.error, '') }) } },
      },
    },
  },
});

export type TwoFactorSettingsStatus = StateOf<typeof twoFactorSettingsMachine>;
export const selectTwoFactorSettingsStatus = (snapshot: { value: StateValueFrom<typeof twoFactorSettingsMachine> }): TwoFactorSettingsStatus => topState(snapshot);
