import { assign, fromPromise, setup, type StateValueFrom } from 'xstate';
import { type StateOf, topState } from './status';

/**
 * The account page's "Your data" section (ADR 0026): download a copy of everything we hold
 * (Art. 15, 20 GDPR), and delete the account (Art. 17) after a confirmation, the password again
 * (a fresh sign-in the database checks) and the database's own rules (no open orders, no admin).
 */
/** The export as the database answers it (one JSON object). */
export type ExportedData = Record<string, unknown>;

export type AccountDataInput = { email: string };

/** Why a deletion did not happen; nothing changed in each case. */
export type DeleteFailure = 'open_orders' | 'admin_account' | 'reauthentication_needed' | 'rate_limited' | 'network' | 'unknown';

export type DeleteFieldErrors = { password?: 'required' | 'wrong'; confirm?: 'required' };

type Context = {
  email: string;
  password: string;
  confirmed: boolean;
  fieldErrors: DeleteFieldErrors;
  /** The token of the sign-in that just checked the password, used for the deletion only. */
  accessToken: string | null;
  failure: DeleteFailure | null;
  /** The server's words for an 'unknown' failure, shown beside ours. */
  message: string;
};

export type AccountDataEvent =
  | { type: 'export.start' }
  | { type: 'delete.open' }
  | { type: 'delete.cancel' }
  | { type: 'delete.passwordChange'; value: string }
  | { type: 'delete.confirmChange'; value: boolean }
  | { type: 'delete.submit' }
  | { type: 'delete.retry' };

type ErrorLike = { kind?: unknown; code?: unknown; status?: unknown; message?: unknown };
const fieldsOf = (error: unknown): ErrorLike => (typeof error === 'object' && error !== null ? (error as ErrorLike) : {});

/** GoTrue's answer to a wrong password (or an address that no longer signs in). */
export const isWrongPassword = (error: unknown) => fieldsOf(error).code === 'invalid_credentials';

/** The failure a refused or failed step stands for (src/api/privacy.ts puts the database's hint in `code`). */
export function deleteFailureOf(error: unknown): DeleteFailure {
  const { code, kind, status } = fieldsOf(error);
  if (code === 'open_orders' || code === 'admin_account' || code === 'reauthentication_needed') return code;
  if (status === 429 || code === 'over_request_rate_limit') return 'rate_limited';
  if (kind === 'network') return 'network';
  return 'unknown';
}

const validate = (context: Pick<Context, 'password' | 'confirmed'>): DeleteFieldErrors => ({
  ...(context.password === '' ? { password: 'required' as const } : {}),
  ...(context.confirmed ? {} : { confirm: 'required' as const }),
});

const emptyForm = { password: '', confirmed: false, fieldErrors: {}, accessToken: null, failure: null, message: '' } satisfies Omit<Context, 'email'>;

export const accountDataMachine = setup({
  types: { context: {} as Context, events: {} as AccountDataEvent, input: {} as AccountDataInput },
  actors: {
    exportData: fromPromise<ExportedData>(async () => {
      throw new Error('provide exportData');
    }),
    /** Signs in with the password again; answers a fresh access token. */
    reauthenticate: fromPromise<string, { email: string; password: string }>(async () => {
      throw new Error('provide reauthenticate');
    }),
    deleteAccount: fromPromise<void, { accessToken: string }>(async () => {
      throw new Error('provide deleteAccount');
    }),
  },
  actions: {
    /** Hands the exported data to the browser as a file. */
    saveExport: (_, _data: ExportedData) => {
      throw new Error('provide saveExport');
    },
    /** The account is gone: sign out on this device, go home and say so. */
    accountDeleted: () => {
      throw new Error('provide accountDeleted');
    },
    resetForm: assign(emptyForm),
    typePassword: assign(({ context }, params: { value: string }) => ({ password: params.value, fieldErrors: { ...context.fieldErrors, password: undefined } })),
    typeConfirmation: assign(({ context }, params: { value: boolean }) => ({ confirmed: params.value, fieldErrors: { ...context.fieldErrors, confirm: undefined } })),
    clearFieldErrors: assign({ fieldErrors: {} }),
    /** The password has done its work: only the token it bought is kept. */
    takeToken: assign((_, params: { accessToken: string }) => ({ password: '', accessToken: params.accessToken })),
    markWrongPassword: assign({ password: '', fieldErrors: { password: 'wrong' } }),
    clearFailure: assign({ fieldErrors: {}, failure: null, message: '' }),
    markInvalid: assign({ fieldErrors: ({ context }) => validate(context) }),
    recordFailure: assign((_, { error }: { error: unknown }) => {
      const message = fieldsOf(error).message;
      return { failure: deleteFailureOf(error), message: typeof message === 'string' ? message : '', password: '', accessToken: null };
    }),
  },
  guards: {
    formValid: ({ context }) => Object.keys(validate(context)).length === 0,
    wrongPassword: (_, { error }: { error: unknown }) => isWrongPassword(error),
    canRetry: ({ context }) => context.failure !== 'open_orders' && context.failure !== 'admin_account',
  },
}).createMachine({
  id: 'accountData',
  context: ({ input }) => ({ email: input.email, ...emptyForm }),
  initial: 'idle',
  states: {
    idle: {
      on: { 'export.start': 'exporting', 'delete.open': { target: 'confirmDelete', actions: 'resetForm' } },
    },
    exporting: {
      invoke: {
        id: 'exportData',
        src: 'exportData',
        onDone: { target: 'idle', actions: { type: 'saveExport', params: ({ event }) => event.output } },
        onError: 'exportFailed',
      },
    },
    /** The download did not come: nothing to save; it may be tried again. */
    exportFailed: {
      on: { 'export.start': 'exporting', 'delete.open': { target: 'confirmDelete', actions: 'resetForm' } },
    },
    /** The dialog: what happens, the password and the confirmation. */
    confirmDelete: {
      on: {
        'delete.passwordChange': {
          actions: { type: 'typePassword', params: ({ event }) => ({ value: event.value }) },
        },
        'delete.confirmChange': {
          actions: { type: 'typeConfirmation', params: ({ event }) => ({ value: event.value }) },
        },
        'delete.submit': [{ guard: 'formValid', target: 'reauthenticating', actions: 'clearFieldErrors' }, { actions: 'markInvalid' }],
        'delete.cancel': { target: 'idle', actions: 'resetForm' },
      },
    },
    reauthenticating: {
      invoke: {
        id: 'reauthenticate',
        src: 'reauthenticate',
        input: ({ context }) => ({ email: context.email, password: context.password }),
        onDone: { target: 'deleting', actions: { type: 'takeToken', params: ({ event }) => ({ accessToken: event.output }) } },
        onError: [
          {
            guard: { type: 'wrongPassword', params: ({ event }) => ({ error: event.error }) },
            target: 'confirmDelete',
            actions: 'markWrongPassword',
          },
          { target: 'failed', actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    deleting: {
      invoke: {
        id: 'deleteAccount',
        src: 'deleteAccount',
        input: ({ context }) => ({ accessToken: context.accessToken ?? '' }),
        onDone: 'deleted',
        onError: { target: 'failed', actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    deleted: { type: 'final', entry: 'accountDeleted' },
    /** Refused or not reached: the account is as it was. */
    failed: {
      on: {
        'delete.retry': { guard: 'canRetry', target: 'confirmDelete', actions: 'clearFailure' },
        'delete.cancel': { target: 'idle', actions: 'resetForm' },
      },
    },
  },
});

export type AccountDataStatus = StateOf<typeof accountDataMachine>;

export const selectAccountDataStatus = (snapshot: { value: StateValueFrom<typeof accountDataMachine> }): AccountDataStatus => topState(snapshot);
