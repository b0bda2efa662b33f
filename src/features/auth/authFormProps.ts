import type { SnapshotFrom } from 'xstate';
import { type AuthFormEvent, type AuthTab, type authFormMachine, selectAuthFormStatus } from '../../../machines/authFormMachine';
import type { AuthViewProps, AuthViewStatus } from './AuthView';

/**
 * The sign-in / sign-up view of an auth form snapshot (shared by the container and the generated
 * stories). A tab change goes through `onTabChange`: the container makes it a URL change.
 */
export function authFormProps(snapshot: SnapshotFrom<typeof authFormMachine>, send: (event: AuthFormEvent) => void, onTabChange: (tab: AuthTab) => void): AuthViewProps {
  const value = selectAuthFormStatus(snapshot);
  const { context } = snapshot;
  return {
    tab: context.tab,
    // Signed in (or on to the code step), the form stays busy until the route moves on.
    status: (value === 'signedIn' || value === 'secondFactor' ? 'signingIn' : value) as AuthViewStatus,
    form: context.form,
    fieldErrors: context.fieldErrors,
    weakPasswordReasons: context.weakPasswordReasons,
    verifyEmailFor: context.verifyEmailFor,
    onTabChange,
    onChange: (field, v) => send({ type: 'form.change', field, value: v }),
    onSubmit: () => send({ type: 'form.submit' }),
  };
}
