import { assign, fromPromise, setup, type StateValueFrom } from 'xstate';
import { type AuthSession, needsSecondFactor } from './authMachine';
import { type StateOf, topState } from './status';

export type AuthTab = 'signIn' | 'signUp';
export type AuthField = 'email' | 'password' | 'confirmPassword';
export type AuthForm = Record<AuthField, string>;

/** Why a field is not accepted; the view words it. */
export type AuthFieldErrors = { email?: 'required'; password?: 'required'; confirmPassword?: 'required' | 'mismatch' };

/** What the screen tells the visitor with a toast (SPEC §8 auth messages). */
export type AuthNotice =
  | { kind: 'signedIn' }
  | { kind: 'signInFailed'; message: string; code?: string }
  | { kind: 'signedUp' }
  | { kind: 'signUpFailed'; message: string; code?: string }
  | { kind: 'passwordMismatch' }
  | { kind: 'unexpected' };

export type Credentials = { email: string; password: string };

type Context = {
  tab: AuthTab;
  form: AuthForm;
  fieldErrors: AuthFieldErrors;
  /** GoTrue's weak_password reasons ('length', 'characters', 'pwned') after a rejected sign-up. */
  weakPasswordReasons: string[];
  /** The address the confirmation link went to, once sign-up succeeded. */
  verifyEmailFor: string | null;
};

export type AuthFormEvent = { type: 'form.tab'; tab: AuthTab } | { type: 'form.change'; field: AuthField; value: string } | { type: 'form.submit' };

export type AuthFormInput = { tab: AuthTab };

export const EMPTY_AUTH_FORM: AuthForm = { email: '', password: '', confirmPassword: '' };

/** SPEC §5 Sign up: email and password required; on sign-up the confirmation must match. */
export function validateAuthForm(tab: AuthTab, form: AuthForm): AuthFieldErrors {
  const errors: AuthFieldErrors = {};
  if (!form.email.trim()) errors.email = 'required';
  if (!form.password) errors.password = 'required';
  if (tab === 'signUp') {
    if (!form.confirmPassword) errors.confirmPassword = 'required';
    else if (form.password && form.password !== form.confirmPassword) errors.confirmPassword = 'mismatch';
  }
  return errors;
}

type ErrorLike = { kind?: unknown; message?: unknown; code?: unknown; reasons?: unknown };
const asErrorLike = (error: unknown): ErrorLike => (typeof error === 'object' && error !== null ? (error as ErrorLike) : {});

/**
 * A refusal the server explained (wrong password, weak password, rate limit) is shown with its
 * message; a network failure or a bug is "something went wrong".
 */
function failureNotice(kind: 'signInFailed' | 'signUpFailed', error: unknown): AuthNotice {
  const e = asErrorLike(error);
  if (typeof e.kind !== 'string' || e.kind === 'network' || typeof e.message !== 'string') return { kind: 'unexpected' };
  return { kind, message: e.message, code: typeof e.code === 'string' ? e.code : undefined };
}

function weakPasswordReasons(error: unknown): string[] {
  const e = asErrorLike(error);
  return e.code === 'weak_password' && Array.isArray(e.reasons) ? e.reasons.filter((r): r is string => typeof r === 'string') : [];
}

export const authFormMachine = setup({
  types: { context: {} as Context, events: {} as AuthFormEvent, input: {} as AuthFormInput },
  actors: {
    signIn: fromPromise<AuthSession, Credentials>(async () => {
      throw new Error('provide signIn');
    }),
    signUp: fromPromise<unknown, Credentials>(async () => {
      throw new Error('provide signUp');
    }),
  },
  actions: {
    notify: (_, _notice: AuthNotice) => {
      throw new Error('provide notify');
    },
    /** Called once signed in; the container navigates home. */
    signedIn: () => {
      throw new Error('provide signedIn');
    },
    applyChange: assign(({ context, event }) => {
      if (event.type !== 'form.change') return {};
      const fieldErrors = { ...context.fieldErrors };
      delete fieldErrors[event.field];
      // The confirmation is judged against the password, so editing either clears a mismatch.
      if (event.field === 'password' && fieldErrors.confirmPassword === 'mismatch') delete fieldErrors.confirmPassword;
      return {
        form: { ...context.form, [event.field]: event.value },
        fieldErrors,
        weakPasswordReasons: event.field === 'password' ? [] : context.weakPasswordReasons,
      };
    }),
    switchTab: assign(({ event }) => (event.type === 'form.tab' ? { tab: event.tab, fieldErrors: {}, weakPasswordReasons: [] } : {})),
    markInvalidFields: assign({ fieldErrors: ({ context }) => validateAuthForm(context.tab, context.form) }),
    clearFieldErrors: assign({ fieldErrors: {}, weakPasswordReasons: [] }),
    /** Signed up: the form empties and the page asks to confirm the address. */
    awaitVerification: assign(({ context }) => ({ verifyEmailFor: context.form.email.trim(), form: EMPTY_AUTH_FORM })),
    setWeakPasswordReasons: assign((_, params: { error: unknown }) => ({ weakPasswordReasons: weakPasswordReasons(params.error) })),
  },
  guards: {
    formValid: ({ context }) => Object.keys(validateAuthForm(context.tab, context.form)).length === 0,
    onlyMismatch: ({ context }) => {
      const errors = validateAuthForm(context.tab, context.form);
      return errors.confirmPassword === 'mismatch' && Object.keys(errors).length === 1;
    },
    signingUp: ({ context }) => context.tab === 'signUp',
    /** The password was right, and the account's authenticator app comes next (the code step). */
    secondFactorNext: (_, session: AuthSession | undefined) => needsSecondFactor(session),
  },
}).createMachine({
  id: 'authForm',
  context: ({ input }) => ({ tab: input.tab, form: EMPTY_AUTH_FORM, fieldErrors: {}, weakPasswordReasons: [], verifyEmailFor: null }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'form.tab': { actions: 'switchTab' },
        'form.change': { actions: 'applyChange' },
        'form.submit': [
          { guard: 'onlyMismatch', actions: ['markInvalidFields', { type: 'notify', params: { kind: 'passwordMismatch' } }] },
          { guard: 'formValid', target: 'submitting', actions: 'clearFieldErrors' },
          { actions: 'markInvalidFields' },
        ],
      },
    },
    submitting: {
      always: [{ guard: 'signingUp', target: 'signingUp' }, { target: 'signingIn' }],
    },
    signingIn: {
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: ({ context }) => ({ email: context.form.email, password: context.form.password }),
        onDone: [
          // Not signed in yet as far as the visitor is concerned: the route shows the code step.
          { guard: { type: 'secondFactorNext', params: ({ event }) => event.output }, target: 'secondFactor' },
          { target: 'signedIn', actions: [{ type: 'notify', params: { kind: 'signedIn' } }, 'signedIn'] },
        ],
        onError: {
          target: 'editing',
          actions: { type: 'notify', params: ({ event }) => failureNotice('signInFailed', event.error) },
        },
      },
    },
    signingUp: {
      invoke: {
        id: 'signUp',
        src: 'signUp',
        input: ({ context }) => ({ email: context.form.email, password: context.form.password }),
        onDone: {
          target: 'verifyEmail',
          actions: ['awaitVerification', { type: 'notify', params: { kind: 'signedUp' } }],
        },
        onError: {
          target: 'editing',
          actions: [
            { type: 'setWeakPasswordReasons', params: ({ event }) => ({ error: event.error }) },
            { type: 'notify', params: ({ event }) => failureNotice('signUpFailed', event.error) },
          ],
        },
      },
    },
    // The account waits for its confirmation link; the visitor may go on to the sign-in tab.
    verifyEmail: {
      on: { 'form.tab': { target: 'editing', actions: 'switchTab' } },
    },
    signedIn: { type: 'final' },
    secondFactor: { type: 'final' },
  },
});

export type AuthFormStatus = StateOf<typeof authFormMachine>;
export const selectAuthFormStatus = (snapshot: { value: StateValueFrom<typeof authFormMachine> }): AuthFormStatus => topState(snapshot);
