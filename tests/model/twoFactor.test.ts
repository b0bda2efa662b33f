import { describe, expect, it, vi } from 'vitest';
import { type AnyEventObject, createActor, fromPromise } from 'xstate';
import { type CodeChallenge, type CodeStepOutput, codeErrorOf, normalizeCode, twoFactorMachine, validateCode } from '../../machines/twoFactorMachine';
import { type AssuranceLevels, type Enrolment, type TotpFactors, type TwoFactorNotice, twoFactorSettingsMachine } from '../../machines/twoFactorSettingsMachine';
import { ApiError } from '../../src/api/errors';
import { activeIds, declaredTransitions, explore, stateIds } from './graph';

// GoTrue's refusals as plain objects, so the graph tells them apart when it serialises events.
const wrongCode = { kind: 'invalid', message: 'Invalid TOTP code entered', code: 'mfa_verification_failed' };
const expired = { kind: 'invalid', message: 'MFA challenge c1 has expired', code: 'mfa_challenge_expired' };
const tooMany = { kind: 'unknown', message: 'Too many requests', code: 'over_request_rate_limit' };
const rejected = { kind: 'unauthorized', message: 'MFA verification rejected', code: 'mfa_verification_rejected' };
const offline = { kind: 'network', message: 'Failed to fetch' };

const CHALLENGE: CodeChallenge = { factorId: 'f1', challengeId: 'c1' };

describe('code rules', () => {
  it.each([
    ['123456', null],
    ['123 456', null],
    ['123-456', null],
    [' 123456 ', null],
    ['', 'required'],
    ['   ', 'required'],
    ['12345', 'format'],
    ['1234567', 'format'],
    ['12345a', 'format'],
    ['１２３４５６', 'format'],
  ] as const)('%j → %s', (typed, error) => {
    expect(validateCode(typed)).toBe(error);
  });

  it('the code sent is the digits only', () => {
    expect(normalizeCode('123 456')).toBe('123456');
    expect(normalizeCode('12-34 56')).toBe('123456');
  });

  it("GoTrue's error codes, read from a real ApiError", () => {
    expect(codeErrorOf(new ApiError('invalid', 'Invalid TOTP code entered', { code: 'mfa_verification_failed', status: 422 }))).toBe('wrongCode');
    expect(codeErrorOf(new ApiError('invalid', 'expired', { code: 'mfa_challenge_expired', status: 422 }))).toBe('expired');
    expect(codeErrorOf(new ApiError('invalid', 'mismatch', { code: 'mfa_ip_address_mismatch', status: 422 }))).toBe('expired');
    expect(codeErrorOf(new ApiError('unknown', 'slow down', { code: 'over_request_rate_limit', status: 429 }))).toBe('tooManyAttempts');
    expect(codeErrorOf(new ApiError('unauthorized', 'no', { code: 'mfa_verification_rejected', status: 403 }))).toBe('rejected');
    expect(codeErrorOf(new ApiError('network', 'Failed to fetch', { status: 0 }))).toBe('unexpected');
    expect(codeErrorOf(new TypeError('x'))).toBe('unexpected');
  });
});

const stepEvents = [
  { type: 'code.change', value: '123 456' },
  { type: 'code.change', value: '12345' },
  { type: 'code.submit' },
  { type: 'code.cancel' },
  { type: 'code.retry' },
  { type: 'xstate.done.actor.challenge', output: CHALLENGE },
  { type: 'xstate.error.actor.challenge', error: offline },
  { type: 'xstate.done.actor.verify', output: undefined },
  { type: 'xstate.error.actor.verify', error: wrongCode },
  { type: 'xstate.error.actor.verify', error: expired },
  { type: 'xstate.error.actor.verify', error: tooMany },
  { type: 'xstate.error.actor.verify', error: rejected },
  { type: 'xstate.error.actor.verify', error: offline },
] as const;

function stepFakes() {
  const challenges: number[] = [];
  const verifies: (CodeChallenge & { code: string })[] = [];
  const verified = vi.fn();
  const cancelled = vi.fn();
  const machine = twoFactorMachine.provide({
    actors: {
      challenge: fromPromise<CodeChallenge>(async () => {
        challenges.push(1);
        return new Promise<never>(() => {});
      }),
      verify: fromPromise(async ({ input }) => {
        verifies.push(input);
        return new Promise<never>(() => {});
      }),
    },
    actions: { verified, cancelled: (_, params) => cancelled(params) },
  });
  return { actor: createActor(machine), challenges, verifies, verified, cancelled };
}

describe('code step machine: graph coverage', () => {
  const { paths, taken } = explore(twoFactorMachine, undefined as never, stepEvents);

  it('reaches every state and takes every transition', () => {
    const initial = createActor(twoFactorMachine).getSnapshot();
    const visited = new Set([...activeIds(initial as never), ...paths.flatMap((path) => path.flatMap((step) => activeIds(step.state as never)))]);
    expect([...visited].sort()).toEqual(stateIds(twoFactorMachine).sort());
    expect([...taken].sort()).toEqual(declaredTransitions(twoFactorMachine).sort());
  });

  it('replays every path: a challenge on entering challenging, a verify only for six digits, the ending told once', () => {
    for (const path of paths) {
      const { actor, challenges, verifies, verified, cancelled } = stepFakes();
      actor.start();
      let previous = actor.getSnapshot();
      let expectedChallenges = 1;
      for (const step of path) {
        actor.send(step.event as never);
        const now = actor.getSnapshot();
        expect(now.value).toEqual(step.state.value);
        expect(now.context).toEqual(step.state.context);
        if (now.value === 'challenging' && previous.value !== 'challenging') expectedChallenges++;
        expect(challenges.length).toBe(expectedChallenges);
        if (now.value === 'verifying' && previous.value !== 'verifying') {
          expect(validateCode(previous.context.code)).toBeNull();
          expect(verifies.at(-1)).toEqual({ ...previous.context.challenge, code: normalizeCode(previous.context.code) });
        }
        if (step.event.type === 'code.submit' && now.value === 'entering') expect(now.context.fieldError).toBe(validateCode(previous.context.code));
        const failed = (step.event as AnyEventObject & { error?: unknown }).error;
        if (step.event.type === 'xstate.error.actor.verify') {
          expect(now.context.error).toBe(codeErrorOf(failed));
          expect(now.context.code).toBe('');
          // A wrong code or a rate limit keeps the challenge; an expired one is replaced.
          if (now.value === 'entering') expect(now.context.challenge).toEqual(previous.context.challenge);
        }
        expect(verified).toHaveBeenCalledTimes(now.value === 'verified' ? 1 : 0);
        expect(cancelled).toHaveBeenCalledTimes(now.value === 'cancelled' ? 1 : 0);
        if (now.value === 'cancelled') expect(cancelled).toHaveBeenCalledWith({ rejected: now.context.error === 'rejected' });
        if (now.status === 'done') expect(now.output).toBe(now.value as CodeStepOutput);
        previous = now;
      }
      actor.stop();
    }
  });
});

const ENROLMENT: Enrolment = { factorId: 'f-new', qrCode: 'data:image/svg+xml;utf-8,<svg/>', secret: 'JBSWY3DPEHPK3PXP' };
const settingsEvents = [
  { type: 'twoFactor.setUp' },
  { type: 'twoFactor.cancel' },
  { type: 'twoFactor.remove' },
  { type: 'twoFactor.keep' },
  { type: 'twoFactor.confirmRemove' },
  { type: 'twoFactor.retry' },
  { type: 'code.change', value: '654 321' },
  { type: 'code.change', value: 'abc' },
  { type: 'code.submit' },
  { type: 'xstate.done.actor.listFactors', output: { verified: null, unverified: [] } satisfies TotpFactors },
  { type: 'xstate.done.actor.listFactors', output: { verified: 'f1', unverified: ['f-old'] } satisfies TotpFactors },
  { type: 'xstate.error.actor.listFactors', error: offline },
  { type: 'xstate.done.actor.enrol', output: ENROLMENT },
  { type: 'xstate.error.actor.enrol', error: offline },
  { type: 'xstate.done.actor.confirm', output: undefined },
  { type: 'xstate.error.actor.confirm', error: wrongCode },
  { type: 'xstate.error.actor.confirm', error: tooMany },
  { type: 'xstate.done.actor.discard', output: undefined },
  { type: 'xstate.error.actor.discard', error: offline },
  { type: 'xstate.done.actor.getAssuranceLevels', output: { current: 'aal2', next: 'aal2' } satisfies AssuranceLevels },
  { type: 'xstate.done.actor.getAssuranceLevels', output: { current: 'aal1', next: 'aal2' } satisfies AssuranceLevels },
  { type: 'xstate.error.actor.getAssuranceLevels', error: offline },
  { type: 'xstate.done.actor.stepUp', output: 'verified' },
  { type: 'xstate.done.actor.stepUp', output: 'cancelled' },
  { type: 'xstate.done.actor.remove', output: undefined },
  { type: 'xstate.error.actor.remove', error: offline },
] as const;

function settingsFakes() {
  const calls = { listFactors: 0, enrol: 0, confirm: [] as { factorId: string; code: string }[], unenrol: [] as string[], levels: 0, stepUp: 0 };
  const notices: TwoFactorNotice[] = [];
  const never = () => new Promise<never>(() => {});
  const machine = twoFactorSettingsMachine.provide({
    actors: {
      listFactors: fromPromise<TotpFactors>(async () => {
        calls.listFactors++;
        return never();
      }),
      enrol: fromPromise<Enrolment>(async () => {
        calls.enrol++;
        return never();
      }),
      confirm: fromPromise(async ({ input }) => {
        calls.confirm.push(input);
        return never();
      }),
      unenrol: fromPromise(async ({ input }) => {
        calls.unenrol.push(input.factorId);
        return never();
      }),
      getAssuranceLevels: fromPromise<AssuranceLevels>(async () => {
        calls.levels++;
        return never();
      }),
      // The code step is a machine of its own (tested above); here it only has to end.
      stepUp: fromPromise(async () => {
        calls.stepUp++;
        return never();
      }) as never,
    },
    actions: { notify: (_, notice) => notices.push(notice) },
  });
  return { actor: createActor(machine), calls, notices };
}

describe('two-factor settings machine: graph coverage', () => {
  const { paths, taken } = explore(twoFactorSettingsMachine, undefined as never, settingsEvents);

  it('reaches every state and takes every transition', () => {
    const initial = createActor(twoFactorSettingsMachine).getSnapshot();
    const visited = new Set([...activeIds(initial as never), ...paths.flatMap((path) => path.flatMap((step) => activeIds(step.state as never)))]);
    expect([...visited].sort()).toEqual(stateIds(twoFactorSettingsMachine).sort());
    expect([...taken].sort()).toEqual(declaredTransitions(twoFactorSettingsMachine).sort());
  });

  it('replays every path: each request once on entering its state, with the right factor; toasts as the outcomes say', () => {
    for (const path of paths) {
      const { actor, calls, notices } = settingsFakes();
      actor.start();
      let previous = actor.getSnapshot();
      const expected = { listFactors: 1, enrol: 0, confirm: 0, unenrol: 0, levels: 0, stepUp: 0 };
      const expectedNotices: TwoFactorNotice[] = [];
      for (const step of path) {
        actor.send(step.event as never);
        const now = actor.getSnapshot();
        expect(now.value).toEqual(step.state.value);
        expect(now.context).toEqual(step.state.context);
        const entered = (state: string) => now.value === state && previous.value !== state;
        if (entered('loading')) expected.listFactors++;
        if (entered('enrolling')) expected.enrol++;
        if (entered('checkingLevel')) expected.levels++;
        if (entered('stepUp')) expected.stepUp++;
        if (entered('confirming')) {
          expected.confirm++;
          expect(validateCode(previous.context.code)).toBeNull();
          expect(calls.confirm.at(-1)).toEqual({ factorId: previous.context.enrolment?.factorId, code: normalizeCode(previous.context.code) });
        }
        if (entered('discarding')) {
          expected.unenrol++;
          expect(calls.unenrol.at(-1)).toBe(previous.context.enrolment?.factorId);
        }
        if (entered('removing')) {
          expected.unenrol++;
          // Only the verified factor, and only after an aal2 answer or a passed code step.
          expect(calls.unenrol.at(-1)).toBe(now.context.factorId);
          expect(['checkingLevel', 'stepUp']).toContain(previous.value);
        }
        expect({ ...calls, confirm: calls.confirm.length, unenrol: calls.unenrol.length }).toEqual(expected);

        const error = (step.event as AnyEventObject & { error?: { message: string } }).error;
        if (step.event.type === 'xstate.done.actor.confirm') expectedNotices.push({ kind: 'enabled' });
        if (step.event.type === 'xstate.done.actor.remove') expectedNotices.push({ kind: 'removed' });
        if (error && ['xstate.error.actor.enrol', 'xstate.error.actor.getAssuranceLevels', 'xstate.error.actor.remove'].includes(step.event.type)) {
          expectedNotices.push({ kind: 'error', message: error.message });
        }
        expect(notices).toEqual(expectedNotices);

        if (now.value === 'off') expect(now.context).toMatchObject({ factorId: null, enrolment: null });
        if (now.value === 'on') expect(now.context.factorId).not.toBeNull();
        if (now.value === 'scanning' || now.value === 'confirming') expect(now.context.enrolment).toEqual(ENROLMENT);
        if (step.event.type === 'xstate.error.actor.confirm') expect(now.context).toMatchObject({ error: codeErrorOf(error), code: '' });
        previous = now;
      }
      actor.stop();
    }
  });
});

describe('two-factor settings machine: removal with the real code step as its child', () => {
  it('an aal1 session passes a code first, then the factor goes', async () => {
    const unenrolled: string[] = [];
    const verified: (CodeChallenge & { code: string })[] = [];
    const machine = twoFactorSettingsMachine.provide({
      actors: {
        listFactors: fromPromise(async (): Promise<TotpFactors> => ({ verified: 'f1', unverified: [] })),
        getAssuranceLevels: fromPromise(async (): Promise<AssuranceLevels> => ({ current: 'aal1', next: 'aal2' })),
        unenrol: fromPromise(async ({ input }) => {
          unenrolled.push(input.factorId);
        }),
        stepUp: twoFactorMachine.provide({
          actors: {
            challenge: fromPromise(async () => CHALLENGE),
            verify: fromPromise(async ({ input }) => {
              verified.push(input);
            }),
          },
          actions: { verified: () => {}, cancelled: () => {} },
        }),
      },
      actions: { notify: () => {} },
    });
    const actor = createActor(machine).start();
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('on'));
    actor.send({ type: 'twoFactor.remove' });
    actor.send({ type: 'twoFactor.confirmRemove' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('stepUp'));
    const child = actor.getSnapshot().children.stepUp as unknown as ReturnType<typeof createActor<typeof twoFactorMachine>>;
    await vi.waitFor(() => expect(child.getSnapshot().value).toBe('entering'));
    expect(unenrolled).toEqual([]);
    child.send({ type: 'code.change', value: '111 222' });
    child.send({ type: 'code.submit' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('off'));
    expect(verified).toEqual([{ ...CHALLENGE, code: '111222' }]);
    expect(unenrolled).toEqual(['f1']);
  });

  it('cancelling the code keeps the factor', async () => {
    const unenrol = vi.fn();
    const machine = twoFactorSettingsMachine.provide({
      actors: {
        listFactors: fromPromise(async (): Promise<TotpFactors> => ({ verified: 'f1', unverified: [] })),
        getAssuranceLevels: fromPromise(async (): Promise<AssuranceLevels> => ({ current: 'aal1', next: 'aal2' })),
        unenrol: fromPromise(async () => unenrol()),
        stepUp: twoFactorMachine.provide({
          actors: { challenge: fromPromise(async () => CHALLENGE) },
          actions: { verified: () => {}, cancelled: () => {} },
        }),
      },
      actions: { notify: () => {} },
    });
    const actor = createActor(machine).start();
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('on'));
    actor.send({ type: 'twoFactor.remove' });
    actor.send({ type: 'twoFactor.confirmRemove' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('stepUp'));
    (actor.getSnapshot().children.stepUp as unknown as { send: (e: AnyEventObject) => void }).send({ type: 'code.cancel' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('on'));
    expect(unenrol).not.toHaveBeenCalled();
  });
});
