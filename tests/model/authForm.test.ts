import { describe, expect, it, vi } from 'vitest';
import { type AnyEventObject, createActor, fromPromise } from 'xstate';
import { type AuthNotice, type AuthTab, authFormMachine, type Credentials, validateAuthForm } from '../../machines/authFormMachine';
import type { AuthSession } from '../../machines/authMachine';
import { ApiError } from '../../src/api/errors';
import { activeIds, declaredTransitions, explore, type Step, stateIds } from './graph';

const EMAIL = 'alex@example.test';
const PASSWORD = 'Customer-Pass-2025';

// Plain objects, so the graph tells the failures apart when it serialises events.
const wrongPassword = { kind: 'invalid', message: 'Invalid login credentials', code: 'invalid_credentials' };
const weakPassword = { kind: 'invalid', message: 'Password should be at least 8 characters.', code: 'weak_password', reasons: ['length'] };
const offline = { kind: 'network', message: 'Failed to fetch' };
const session = (secondFactor: AuthSession['secondFactor']): AuthSession => ({
  accessToken: 'a',
  refreshToken: 'r',
  expiresAt: 4_000_000_000,
  user: { id: 'u1', email: EMAIL, fullName: null },
  secondFactor,
});

const events = [
  { type: 'form.tab', tab: 'signIn' },
  { type: 'form.tab', tab: 'signUp' },
  { type: 'form.change', field: 'email', value: EMAIL },
  { type: 'form.change', field: 'password', value: PASSWORD },
  { type: 'form.change', field: 'confirmPassword', value: PASSWORD },
  { type: 'form.change', field: 'confirmPassword', value: 'Something-Else-1' },
  { type: 'form.submit' },
  { type: 'xstate.done.actor.signIn', output: session('none') },
  { type: 'xstate.done.actor.signIn', output: session('pending') },
  { type: 'xstate.error.actor.signIn', error: wrongPassword },
  { type: 'xstate.error.actor.signIn', error: offline },
  { type: 'xstate.done.actor.signUp', output: { session: null } },
  { type: 'xstate.error.actor.signUp', error: weakPassword },
  { type: 'xstate.error.actor.signUp', error: offline },
] as const;

type Snap = ReturnType<typeof authFormMachine.getInitialSnapshot>;
const leafOf = (snapshot: { value: unknown }) => JSON.stringify(snapshot.value);

function fakes(tab: AuthTab) {
  const notices: AuthNotice[] = [];
  const requests: { kind: 'signIn' | 'signUp'; email: string; password: string }[] = [];
  const signedIn = vi.fn();
  const machine = authFormMachine.provide({
    actors: {
      signIn: fromPromise(async ({ input }) => {
        requests.push({ kind: 'signIn', ...input });
        return new Promise(() => {});
      }),
      signUp: fromPromise(async ({ input }) => {
        requests.push({ kind: 'signUp', ...input });
        return new Promise(() => {});
      }),
    },
    actions: { notify: (_, notice) => notices.push(notice), signedIn },
  });
  return { actor: createActor(machine, { input: { tab } }), notices, requests, signedIn };
}

/** What a step must announce, judged from the states around it (SPEC §8 auth messages). */
function expectedNotices(previous: Snap, event: AnyEventObject, next: Snap): AuthNotice[] {
  switch (event.type) {
    case 'form.submit': {
      const errors = validateAuthForm(previous.context.tab, previous.context.form);
      return errors.confirmPassword === 'mismatch' && Object.keys(errors).length === 1 ? [{ kind: 'passwordMismatch' }] : [];
    }
    case 'xstate.done.actor.signIn':
      // An account with an authenticator app is not signed in until the code step is passed.
      return event.output.secondFactor === 'pending' ? [] : [{ kind: 'signedIn' }];
    case 'xstate.done.actor.signUp':
      return [{ kind: 'signedUp' }];
    case 'xstate.error.actor.signIn':
    case 'xstate.error.actor.signUp': {
      const kind = event.type.endsWith('signIn') ? 'signInFailed' : 'signUpFailed';
      return event.error.kind === 'network' ? [{ kind: 'unexpected' }] : [{ kind, message: event.error.message, code: event.error.code }];
    }
    default:
      expect(next.context.form).toBeDefined();
      return [];
  }
}

describe('auth form machine: graph coverage', () => {
  const all = (['signIn', 'signUp'] as const).map((tab) => ({ tab, ...explore(authFormMachine, { tab }, events) }));

  it('reaches every state and takes every transition', () => {
    const visited = new Set<string>();
    const taken = new Set<string>();
    const arrows = new Set<string>();
    for (const { paths, taken: ids } of all) {
      for (const id of ids) taken.add(id);
      for (const path of paths) {
        for (const step of path) {
          for (const id of activeIds(step.state as never)) visited.add(id);
        }
        const last = path.at(-1) as Step<Snap>;
        const before = path.at(-2)?.state.value ?? 'editing';
        arrows.add(`${JSON.stringify(before)} --${last.event.type}--> ${leafOf(last.state)}`);
      }
    }
    // `submitting` is transient: it picks the tab's request in the same step.
    expect([...visited].sort()).toEqual(
      stateIds(authFormMachine)
        .filter((id) => id !== 'authForm.submitting')
        .sort(),
    );
    expect([...taken].sort()).toEqual(declaredTransitions(authFormMachine).sort());
    for (const arrow of [
      `"editing" --form.tab--> "editing"`,
      `"editing" --form.change--> "editing"`,
      `"editing" --form.submit--> "editing"`,
      `"editing" --form.submit--> "signingIn"`,
      `"editing" --form.submit--> "signingUp"`,
      `"signingIn" --xstate.done.actor.signIn--> "signedIn"`,
      `"signingIn" --xstate.done.actor.signIn--> "secondFactor"`,
      `"signingIn" --xstate.error.actor.signIn--> "editing"`,
      `"signingUp" --xstate.done.actor.signUp--> "verifyEmail"`,
      `"signingUp" --xstate.error.actor.signUp--> "editing"`,
      `"verifyEmail" --form.tab--> "editing"`,
    ]) {
      expect(arrows, arrow).toContain(arrow);
    }
  });

  it('replays every path, checking the toasts, the requests and what each state shows', () => {
    for (const { tab, paths } of all) {
      for (const path of paths) {
        const { actor, notices, requests, signedIn } = fakes(tab);
        actor.start();
        let previous = actor.getSnapshot();
        for (const step of path) {
          const noticesBefore = notices.length;
          const requestsBefore = requests.length;
          actor.send(step.event as never);
          const now = actor.getSnapshot();
          expect(now.value).toEqual(step.state.value);
          expect(now.context).toEqual(step.state.context);
          expect(notices.slice(noticesBefore)).toEqual(expectedNotices(previous, step.event, now));

          // A request is made exactly when a submit leaves `editing`, with the form as typed.
          const sent = requests.slice(requestsBefore);
          if (now.value === 'signingIn' || now.value === 'signingUp') {
            if (previous.value === 'editing') {
              expect(sent).toEqual([{ kind: now.value === 'signingIn' ? 'signIn' : 'signUp', email: previous.context.form.email, password: previous.context.form.password }]);
              expect(now.context.tab).toBe(now.value === 'signingIn' ? 'signIn' : 'signUp');
            }
          } else {
            expect(sent).toEqual([]);
          }
          if (now.value === 'verifyEmail') {
            expect(now.context.verifyEmailFor).toBe(EMAIL);
            expect(now.context.form.password).toBe('');
          }
          if (now.value === 'signedIn') {
            expect(signedIn).toHaveBeenCalledTimes(1);
            expect(actor.getSnapshot().status).toBe('done');
          } else if (now.value === 'secondFactor') {
            expect(signedIn).not.toHaveBeenCalled();
            expect(actor.getSnapshot().status).toBe('done');
          } else {
            expect(signedIn).not.toHaveBeenCalled();
          }
          if (step.event.type === 'xstate.error.actor.signUp' && step.event.error.code === 'weak_password') {
            expect(now.context.weakPasswordReasons).toEqual(['length']);
          }
          previous = now;
        }
        actor.stop();
      }
    }
  });
});

describe('auth form machine: rules', () => {
  const type = (actor: ReturnType<typeof fakes>['actor'], form: Partial<Record<'email' | 'password' | 'confirmPassword', string>>) => {
    for (const [field, value] of Object.entries(form)) actor.send({ type: 'form.change', field: field as 'email', value });
  };

  it('a password mismatch is a toast and a field error, and sends nothing', () => {
    const { actor, notices, requests } = fakes('signUp');
    actor.start();
    type(actor, { email: EMAIL, password: PASSWORD, confirmPassword: 'nope' });
    actor.send({ type: 'form.submit' });
    expect(requests).toEqual([]);
    expect(notices).toEqual([{ kind: 'passwordMismatch' }]);
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ confirmPassword: 'mismatch' });
    // Fixing the password clears the mismatch.
    type(actor, { password: 'nope' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({});
  });

  it('missing fields are marked without a request or a toast', () => {
    const { actor, notices, requests } = fakes('signIn');
    actor.start();
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ email: 'required', password: 'required' });
    type(actor, { email: '   ' });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.fieldErrors).toMatchObject({ email: 'required' });
    expect(requests).toEqual([]);
    expect(notices).toEqual([]);
  });

  it('the sign-in tab ignores the confirmation field', () => {
    expect(validateAuthForm('signIn', { email: EMAIL, password: PASSWORD, confirmPassword: '' })).toEqual({});
    expect(validateAuthForm('signUp', { email: EMAIL, password: PASSWORD, confirmPassword: '' })).toEqual({ confirmPassword: 'required' });
  });

  it('real ApiErrors: refusals carry the server message, network failures and bugs are "unexpected"', async () => {
    const run = async (error: unknown) => {
      const notices: AuthNotice[] = [];
      const machine = authFormMachine.provide({
        actors: {
          signIn: fromPromise<AuthSession, Credentials>(async () => {
            throw error;
          }),
        },
        actions: { notify: (_, notice) => notices.push(notice), signedIn: () => {} },
      });
      const actor = createActor(machine, { input: { tab: 'signIn' } }).start();
      actor.send({ type: 'form.change', field: 'email', value: EMAIL });
      actor.send({ type: 'form.change', field: 'password', value: PASSWORD });
      actor.send({ type: 'form.submit' });
      await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('editing'));
      return notices;
    };
    expect(await run(new ApiError('invalid', 'Email not confirmed', { code: 'email_not_confirmed', status: 400 }))).toEqual([
      { kind: 'signInFailed', message: 'Email not confirmed', code: 'email_not_confirmed' },
    ]);
    expect(await run(new ApiError('network', 'Failed to fetch', { status: 0 }))).toEqual([{ kind: 'unexpected' }]);
    expect(await run(new TypeError('x is undefined'))).toEqual([{ kind: 'unexpected' }]);
  });

  it('switching tabs clears the marks of the other form but keeps what was typed', () => {
    const { actor } = fakes('signIn');
    actor.start();
    type(actor, { email: EMAIL });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ password: 'required' });
    actor.send({ type: 'form.tab', tab: 'signUp' });
    expect(actor.getSnapshot().context).toMatchObject({ tab: 'signUp', fieldErrors: {}, form: { email: EMAIL } });
  });
});
