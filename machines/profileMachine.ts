import { assign, fromPromise, setup, type StateValueFrom } from 'xstate';
import { errorMessage } from '../domain/errors';
import { type StateOf, topState } from './status';

export type ProfileField = 'fullName' | 'phone';
export type ProfileForm = Record<ProfileField, string>;

/** Column limits of public.profiles; longer values would be refused by the database. */
export const PROFILE_MAX_LENGTH: Record<ProfileField, number> = { fullName: 200, phone: 40 };

export type ProfileFieldErrors = Partial<Record<ProfileField, 'tooLong'>>;

export type ProfileNotice = { kind: 'saved' } | { kind: 'error'; message: string };

type Context = {
  userId: string;
  form: ProfileForm;
  fieldErrors: ProfileFieldErrors;
  /** Why the profile could not be loaded, null otherwise. */
  loadError: string | null;
};

export type ProfileEvent = { type: 'form.change'; field: ProfileField; value: string } | { type: 'form.submit' } | { type: 'profile.retry' };

export type ProfileInput = { userId: string };

export const EMPTY_PROFILE: ProfileForm = { fullName: '', phone: '' };

export function validateProfile(form: ProfileForm): ProfileFieldErrors {
  const errors: ProfileFieldErrors = {};
  for (const field of ['fullName', 'phone'] as const) {
    if (form[field].trim().length > PROFILE_MAX_LENGTH[field]) errors[field] = 'tooLong';
  }
  return errors;
}

export const profileMachine = setup({
  types: { context: {} as Context, events: {} as ProfileEvent, input: {} as ProfileInput },
  actors: {
    fetchProfile: fromPromise<ProfileForm, { userId: string }>(async () => {
      throw new Error('provide fetchProfile');
    }),
    saveProfile: fromPromise<void, ProfileForm & { id: string }>(async () => {
      throw new Error('provide saveProfile');
    }),
  },
  actions: {
    clearLoadError: assign({ loadError: null }),
    setForm: assign((_, form: ProfileForm) => ({ form })),
    setLoadError: assign((_, params: { error: unknown }) => ({ loadError: errorMessage(params.error, '') })),
    notify: (_, _notice: ProfileNotice) => {
      throw new Error('provide notify');
    },
    applyChange: assign(({ context, event }) => {
      if (event.type !== 'form.change') return {};
      const fieldErrors = { ...context.fieldErrors };
      delete fieldErrors[event.field];
      return { form: { ...context.form, [event.field]: event.value }, fieldErrors };
    }),
    markInvalidFields: assign({ fieldErrors: ({ context }) => validateProfile(context.form) }),
  },
  guards: {
    formValid: ({ context }) => Object.keys(validateProfile(context.form)).length === 0,
  },
}).createMachine({
  id: 'profile',
  context: ({ input }) => ({ userId: input.userId, form: EMPTY_PROFILE, fieldErrors: {}, loadError: null }),
  initial: 'loading',
  states: {
    loading: {
      entry: 'clearLoadError',
      invoke: {
        id: 'fetchProfile',
        src: 'fetchProfile',
        input: ({ context }) => ({ userId: context.userId }),
        onDone: { target: 'ready', actions: { type: 'setForm', params: ({ event }) => event.output } },
        onError: { target: 'loadError', actions: { type: 'setLoadError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadError: {
      on: { 'profile.retry': { target: 'loading' } },
    },
    ready: {
      on: {
        'form.change': { actions: 'applyChange' },
        'form.submit': [{ guard: 'formValid', target: 'saving' }, { actions: 'markInvalidFields' }],
      },
    },
    saving: {
      invoke: {
        id: 'saveProfile',
        src: 'saveProfile',
        input: ({ context }) => ({ id: context.userId, ...context.form }),
        onDone: { target: 'ready', actions: { type: 'notify', params: { kind: 'saved' } } },
        // The form keeps what was typed, so saving again is one click.
        onError: { target: 'ready', actions: { type: 'notify', params: ({ event }) => ({ kind: 'error', message: errorMessage(event.error, '') }) } },
      },
    },
  },
});

export type ProfileStatus = StateOf<typeof profileMachine>;
export const selectProfileStatus = (snapshot: { value: StateValueFrom<typeof profileMachine> }): ProfileStatus => topState(snapshot);
