import { authFormMachine } from '../../machines/authFormMachine';
import type { AuthSession } from '../../machines/authMachine';
import { ApiError } from '../../src/api/errors';
import { authFormProps } from '../../src/features/auth/authFormProps';
import { SIGN_UP_FORM } from '../fixtures/auth';
import { type Control, defineFlow } from './flow';

const { email, password } = SIGN_UP_FORM;
const session = (secondFactor: AuthSession['secondFactor']): AuthSession => ({
  accessToken: 'a',
  refreshToken: 'r',
  expiresAt: 4_000_000_000,
  user: { id: 'u1', email, fullName: null },
  secondFactor,
});

const FIELD_LABELS: Record<string, Control> = {
  email: { label: 'Email' },
  password: { label: 'Password' },
  confirmPassword: { label: 'Confirm Password' },
};

/** /auth: signing in and creating an account (the tab comes from the URL; here a tab click switches it). */
export const authFormFlow = defineFlow({
  name: 'AuthForm',
  source: 'machines/authFormMachine.ts',
  machine: authFormMachine,
  inputs: { signIn: { tab: 'signIn' }, signUp: { tab: 'signUp' } },
  events: [
    { type: 'form.tab', tab: 'signIn' },
    { type: 'form.tab', tab: 'signUp' },
    { type: 'form.change', field: 'email', value: email },
    { type: 'form.change', field: 'password', value: password },
    { type: 'form.change', field: 'confirmPassword', value: password },
    { type: 'form.change', field: 'confirmPassword', value: 'Something-Else-1' },
    { type: 'form.submit' },
    { type: 'xstate.done.actor.signIn', output: session('none') },
    { type: 'xstate.done.actor.signIn', output: session('pending') },
    { type: 'xstate.error.actor.signIn', error: new ApiError('invalid', 'Invalid login credentials', { code: 'invalid_credentials' }) },
    { type: 'xstate.done.actor.signUp', output: { session: null } },
    { type: 'xstate.error.actor.signUp', error: { kind: 'invalid', message: 'Password should be at least 8 characters.', code: 'weak_password', reasons: ['length'] } },
  ],
  path: '/auth',
  props: (snapshot, send) => authFormProps(snapshot, send, (tab) => send({ type: 'form.tab', tab })),
  control: (event, snapshot) => {
    switch (event.type) {
      case 'form.tab':
        return { role: 'tab', name: event.tab === 'signUp' ? 'Sign Up' : 'Sign In' };
      case 'form.change':
        // The machine keeps a confirmation typed on the sign-up tab; the sign-in tab has no such field.
        return event.field === 'confirmPassword' && snapshot.context.tab !== 'signUp' ? null : FIELD_LABELS[event.field];
      case 'form.submit':
        return { role: 'button', name: snapshot.context.tab === 'signUp' ? 'Create Account' : 'Sign In' };
      default:
        return null;
    }
  },
});
