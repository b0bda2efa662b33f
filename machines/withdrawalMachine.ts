import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { errorMessage } from '../domain/errors';
import { looksLikeEmail } from './newsletterMachine';
import { type StateOf, topState } from './status';

/**
 * The withdrawal function of § 356a BGB (ADR 0025): the consumer names the order and the address
 * the confirmation of receipt goes to (optionally a name and which items), sees what will be sent,
 * and declares the withdrawal with "Widerruf bestätigen". The answer is deliberately the same for an
 * order that exists and one that does not (public.submit_withdrawal), so `received` says only when
 * the declaration reached the shop.
 */
export type WithdrawalField = 'orderNumber' | 'email' | 'name' | 'statement';
export type WithdrawalForm = Record<WithdrawalField, string>;

/** public.submit_withdrawal's limits. */
export const WITHDRAWAL_LIMITS = { name: 200, statement: 2000 } as const;

/** Why a field is not accepted; the view words it. */
export type WithdrawalFieldErrors = {
  orderNumber?: 'required' | 'invalid';
  email?: 'required' | 'invalid';
  name?: 'tooLong';
  statement?: 'tooLong';
};

/** What the shop answered: `alreadyReceived` only for the order's own e-mail, with the first declaration's time. */
export type WithdrawalReceipt = { status: 'received' | 'alreadyReceived'; receivedAt: string };

export type WithdrawalRequest = { orderNumber: string; email: string; name: string | null; statement: string | null };

export type WithdrawalInput = { orderNumber?: string | null; email?: string | null };

type Context = {
  form: WithdrawalForm;
  fieldErrors: WithdrawalFieldErrors;
  receipt: WithdrawalReceipt | null;
  /** The server's sentence when it refused the input (HTTP 400), or why the last send failed. */
  error: string | null;
};

export type WithdrawalEvent =
  | { type: 'form.change'; field: WithdrawalField; value: string }
  /** The signed-in customer's address, once known: fills an empty e-mail field only. */
  | { type: 'form.prefill'; email: string }
  /** Review what will be sent. */
  | { type: 'form.submit' }
  | { type: 'confirm.back' }
  /** "Widerruf bestätigen": the declaration. */
  | { type: 'confirm.submit' }
  | { type: 'retry' }
  | { type: 'edit' };

export const EMPTY_WITHDRAWAL_FORM: WithdrawalForm = { orderNumber: '', email: '', name: '', statement: '' };

/** `NPNG-100123`, `npng-100123` or just `100123`, as customers copy it. */
export function normaliseOrderNumber(value: string): string | null {
  const text = value.trim().toUpperCase();
  const number = /^[0-9]{1,12}$/.test(text) ? `NPNG-${text}` : text;
  return /^NPNG-[0-9]{1,12}$/.test(number) ? number : null;
}

export function validateWithdrawal(form: WithdrawalForm): WithdrawalFieldErrors {
  const errors: WithdrawalFieldErrors = {};
  if (!form.orderNumber.trim()) errors.orderNumber = 'required';
  else if (!normaliseOrderNumber(form.orderNumber)) errors.orderNumber = 'invalid';
  if (!form.email.trim()) errors.email = 'required';
  else if (!looksLikeEmail(form.email.trim())) errors.email = 'invalid';
  if (form.name.trim().length > WITHDRAWAL_LIMITS.name) errors.name = 'tooLong';
  if (form.statement.trim().length > WITHDRAWAL_LIMITS.statement) errors.statement = 'tooLong';
  return errors;
}

/** What is sent: trimmed, the number in its stored form, empty optional lines as null. */
export function withdrawalRequest(form: WithdrawalForm): WithdrawalRequest {
  return {
    orderNumber: normaliseOrderNumber(form.orderNumber) ?? form.orderNumber.trim(),
    email: form.email.trim().toLowerCase(),
    name: form.name.trim() || null,
    statement: form.statement.trim() || null,
  };
}

type ErrorLike = { kind?: unknown; status?: unknown; code?: unknown; message?: unknown };
const errorOf = (error: unknown): ErrorLike => (typeof error === 'object' && error !== null ? (error as ErrorLike) : {});
/** SQLSTATE PT429 (HTTP 429): more than 10 declarations from one connection in 10 minutes. */
export const isRateLimited = (error: unknown) => errorOf(error).code === 'PT429' || errorOf(error).status === 429;
/** The database refused the input (22023, HTTP 400) with a sentence for the form. */
const isRefusedInput = (error: unknown) => errorOf(error).kind === 'invalid';

export const withdrawalMachine = setup({
  types: { context: {} as Context, events: {} as WithdrawalEvent, input: {} as WithdrawalInput },
  actors: {
    submitWithdrawal: fromPromise<WithdrawalReceipt, WithdrawalRequest>(async () => {
      throw new Error('provide submitWithdrawal');
    }),
  },
  actions: {
    applyChange: assign(({ context, event }) => {
      if (event.type !== 'form.change') return {};
      const fieldErrors = { ...context.fieldErrors };
      delete fieldErrors[event.field];
      return { form: { ...context.form, [event.field]: event.value }, fieldErrors, error: null };
    }),
    applyPrefill: assign({
      form: ({ context, event }) => (event.type === 'form.prefill' && !context.form.email.trim() ? { ...context.form, email: event.email } : context.form),
    }),
    markInvalidFields: assign({ fieldErrors: ({ context }) => validateWithdrawal(context.form) }),
    clearErrors: assign({ fieldErrors: {}, error: null }),
    takeReceipt: assign({ receipt: (_, receipt: WithdrawalReceipt) => receipt }),
    takeError: assign({ error: (_, params: { error: unknown }) => errorMessage(params.error, '') }),
  },
  guards: {
    formValid: ({ context }) => Object.keys(validateWithdrawal(context.form)).length === 0,
    rateLimited: (_, params: { error: unknown }) => isRateLimited(params.error),
    refusedInput: (_, params: { error: unknown }) => isRefusedInput(params.error),
  },
}).createMachine({
  id: 'withdrawal',
  context: ({ input }) => ({
    form: { ...EMPTY_WITHDRAWAL_FORM, orderNumber: normaliseOrderNumber(input?.orderNumber ?? '') ?? '', email: input?.email?.trim() ?? '' },
    fieldErrors: {},
    receipt: null,
    error: null,
  }),
  initial: 'editing',
  states: {
    // The form: order number, e-mail, optional name and lines. Its error is the server's refusal.
    editing: {
      on: {
        'form.change': { actions: 'applyChange' },
        'form.prefill': { actions: 'applyPrefill' },
        'form.submit': [{ guard: 'formValid', target: 'confirming', actions: 'clearErrors' }, { actions: 'markInvalidFields' }],
      },
    },
    // What will be sent, and the button "Widerruf bestätigen" (§ 356a (2) BGB).
    confirming: {
      on: {
        'confirm.back': { target: 'editing' },
        'confirm.submit': { target: 'submitting' },
      },
    },
    submitting: {
      invoke: {
        id: 'submitWithdrawal',
        src: 'submitWithdrawal',
        input: ({ context }) => withdrawalRequest(context.form),
        onDone: { target: 'received', actions: { type: 'takeReceipt', params: ({ event }) => event.output } },
        onError: [
          { guard: { type: 'rateLimited', params: ({ event }) => ({ error: event.error }) }, target: 'rateLimited' },
          {
            guard: { type: 'refusedInput', params: ({ event }) => ({ error: event.error }) },
            target: 'editing',
            actions: { type: 'takeError', params: ({ event }) => ({ error: event.error }) },
          },
          { target: 'failed', actions: { type: 'takeError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    // The confirmation on screen; the e-mail carries it to a durable medium.
    received: { type: 'final' },
    // Nothing reached the shop (network, server): the same declaration again, or back to the form.
    failed: {
      on: {
        retry: { target: 'submitting', actions: 'clearErrors' },
        edit: { target: 'editing', actions: 'clearErrors' },
      },
    },
    // Nothing was recorded: try again later (the form keeps what was typed).
    rateLimited: {
      on: {
        edit: { target: 'editing' },
      },
    },
  },
});

export type WithdrawalStatus = StateOf<typeof withdrawalMachine>;
export const selectWithdrawalStatus = (snapshot: SnapshotFrom<typeof withdrawalMachine>): WithdrawalStatus => topState(snapshot);
