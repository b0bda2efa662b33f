import { createActor, fromCallback, fromPromise } from 'xstate';
import { type AuthEvent, authMachine } from '../../../machines/authMachine';
import { checkIsAdmin, getSession, onAuthChange, refreshSession, signOut } from '../../api/auth';

/** The app's session (SPEC §4 Auth state, §9 Auth session); created here, started by createServices. */
export function createAuthActor() {
  const machine = authMachine.provide({
    actors: {
      loadSession: fromPromise(() => getSession()),
      refreshSession: fromPromise(() => refreshSession()),
      checkAdmin: fromPromise(() => checkIsAdmin()),
      signOut: fromPromise(() => signOut()),
      listen: fromCallback<AuthEvent>(({ sendBack }) => onAuthChange((session) => sendBack({ type: 'auth.changed', session }))),
    },
  });
  return createActor(machine, { input: { now: Date.now } });
}
