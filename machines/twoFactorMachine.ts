import { assign, fromPromise, setup, type StateValueFrom } from 'xstate';
import { type StateOf, topState } from './status';

/** A challenge waiting for a code: which factor, and GoTrue's challenge id. */
export type CodeChallenge = { factorId: string; challengeId: string };

/**
 * Why a code was not accepted, from GoTrue's error codes; the view words it.
 * - wrongCode: mfa_verification_failed (a wrong or already used code)
 * - expired: mfa_challenge_expired / mfa_ip_address_mismatch (a new challenge was made)
 * - tooManyAttempts: over_request_rate_limit (429)
 * - rejected: mfa_verification_rejected (the server ended the session)
 * - unexpected: offline, or anything else
 */
export type CodeError = 'wrongCode' | 'expired' | 'tooManyAttempts' | 'rejected' | 'unexpected';

/** The code as typed is not six digits (spaces and dashes from a paste do not count). */
export type CodeFieldError = 'required' | 'format';

/** What a code step ends with, for the machine that runs it as a child (the account's removal). */
export type CodeStepOutput = 'verified' | 'cancelled';

type Context = {
  code: string;
  fieldError: CodeFieldError | null;
  error: CodeError | null;
  challenge: CodeChallenge | null;
};

export type CodeStepEvent = { type: 'code.change'; value: string } | { type: 'code.submit' } | { type: 'code.cancel' } | { type: 'code.retry' };

/** "123 456", "123-456" and "123456" are the same code: authenticator apps show it grouped. */
export function normalizeCode(value: string): string {
  return value.replace(/[\s-]/g, '');
}

export function validateCode(value: string): CodeFieldError | null {
  const code = normalizeCode(value);
  if (!code) return 'required';
  return /^\d{6}$/.test(code) ? null : 'format';
}

const codeOf = (error: unknown) => (typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined);

/** Reads GoTrue's error code (carried by the ApiError) as what the visitor is told. */
export function codeErrorOf(error: unknown): CodeError {
  switch (codeOf(error)) {
    case 'mfa_verification_failed':
      return 'wrongCode';
    case 'mfa_challenge_expired':
    case 'mfa_ip_address_mismatch':
      return 'expired';
    case 'over_request_rate_limit':
      return 'tooManyAttempts';
    case 'mfa_verification_rejected':
      return 'rejected';
    default:
      return 'unexpected';
  }
}

/**
 * The code step after the password, for an account with a verified authenticator app: a challenge
 * is made, the visitor types the app's code, the server checks it. A wrong code or a rate limit
 * leaves the challenge open for another try; an expired one is replaced. Cancel is the container's
 * to act on (the sign-in step signs out; the account page just goes back).
 */
export const twoFactorMachine = setup({
  types: { context: {} as Context, events: {} as CodeStepEvent, output: {} as CodeStepOutput },
  actors: {
    challenge: fromPromise<CodeChallenge>(async () => {
      throw new Error('provide challenge');
    }),
    verify: fromPromise<void, CodeChallenge & { code: string }>(async () => {
      throw new Error('provide verify');
    }),
  },
  actions: {
    setChallenge: assign((_, challenge: CodeChallenge) => ({ challenge })),
    clearError: assign({ error: null }),
    /** The session is aal2 now. */
    verified: () => {
      throw new Error('provide verified');
    },
    /** Cancelled, or `rejected`: the server refused the attempt and ended the session (mfa_verification_rejected). */
    cancelled: (_, _params: { rejected: boolean }) => {
      throw new Error('provide cancelled');
    },
    applyChange: assign(({ event }) => (event.type === 'code.change' ? { code: event.value, fieldError: null } : {})),
    markInvalidCode: assign({ fieldError: ({ context }) => validateCode(context.code) }),
    recordError: assign((_, { error }: { error: unknown }) => ({ error: codeErrorOf(error), code: '' })),
  },
  guards: {
    codeValid: ({ context }) => validateCode(context.code) === null,
    challengeExpired: (_, { error }: { error: unknown }) => codeErrorOf(error) === 'expired',
    sessionEnded: (_, { error }: { error: unknown }) => codeErrorOf(error) === 'rejected',
  },
}).createMachine({
  id: 'twoFactor',
  context: { code: '', fieldError: null, error: null, challenge: null },
  initial: 'challenging',
  states: {
    challenging: {
      invoke: {
        id: 'challenge',
        src: 'challenge',
        onDone: { target: 'entering', actions: { type: 'setChallenge', params: ({ event }) => event.output } },
        onError: { target: 'challengeFailed' },
      },
      on: { 'code.cancel': { target: 'cancelled' } },
    },
    challengeFailed: {
      on: { 'code.retry': { target: 'challenging' }, 'code.cancel': { target: 'cancelled' } },
    },
    entering: {
      on: {
        'code.change': { actions: 'applyChange' },
        'code.submit': [{ guard: 'codeValid', target: 'verifying', actions: 'clearError' }, { actions: 'markInvalidCode' }],
        'code.cancel': { target: 'cancelled' },
      },
    },
    verifying: {
      invoke: {
        id: 'verify',
        src: 'verify',
        input: ({ context }) => ({ ...(context.challenge as CodeChallenge), code: normalizeCode(context.code) }),
        onDone: { target: 'verified' },
        onError: [
          {
            guard: { type: 'challengeExpired', params: ({ event }) => ({ error: event.error }) },
            target: 'challenging',
            actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
          },
          {
            guard: { type: 'sessionEnded', params: ({ event }) => ({ error: event.error }) },
            target: 'cancelled',
            actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
          },
          { target: 'entering', actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    verified: { type: 'final', entry: 'verified', output: 'verified' },
    cancelled: { type: 'final', entry: { type: 'cancelled', params: ({ context }) => ({ rejected: context.error === 'rejected' }) }, output: 'cancelled' },
  },
  output: ({ event }) => event.output as CodeStepOutput,
});

export type CodeStepStatus = StateOf<typeof twoFactorMachine>;
export const selectCodeStepStatus = (snapshot: { value: StateValueFrom<typeof twoFactorMachine> }): CodeStepStatus => topState(snapshot);
