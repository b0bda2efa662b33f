import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/errors';
import {
  EMPTY_WITHDRAWAL_FORM,
  normaliseOrderNumber,
  selectWithdrawalStatus,
  validateWithdrawal,
  withdrawalMachine,
  withdrawalRequest,
  type WithdrawalEvent,
  type WithdrawalForm,
  type WithdrawalInput,
  type WithdrawalReceipt,
  type WithdrawalRequest,
} from '../../machines/withdrawalMachine';
import { activeIds, declaredTransitions, explore, stateIds, transitionIds, withIgnored } from './graph';
import { type Deferred, deferredActor, playLatest } from './support';

type GraphEvent = WithdrawalEvent | { type: 'xstate.done.actor.submitWithdrawal'; output: WithdrawalReceipt } | { type: 'xstate.error.actor.submitWithdrawal'; error: unknown };

const RECEIVED: WithdrawalReceipt = { status: 'received', receivedAt: '2026-11-27T21:05:09.000Z' };
const ALREADY: WithdrawalReceipt = { status: 'alreadyReceived', receivedAt: '2026-11-20T08:00:00.000Z' };
const RATE_LIMITED = new ApiError('unknown', 'Too many withdrawals from your connection. Please try again in 10 minutes.', { code: 'PT429', status: 429 });
const REFUSED = new ApiError('invalid', 'Please enter a valid email address.', { code: '22023', status: 400 });
const OFFLINE = new ApiError('network', 'Failed to fetch', { status: 0 });

const events: GraphEvent[] = [
  { type: 'form.change', field: 'orderNumber', value: '100123' },
  { type: 'form.change', field: 'orderNumber', value: 'ABC-1' },
  { type: 'form.change', field: 'email', value: 'Erika@Example.com ' },
  { type: 'form.change', field: 'email', value: '' },
  { type: 'form.change', field: 'statement', value: 'Die Hose in M.' },
  { type: 'form.prefill', email: 'alex@nopain-nogain.test' },
  { type: 'form.submit' },
  { type: 'confirm.back' },
  { type: 'confirm.submit' },
  { type: 'retry' },
  { type: 'edit' },
  { type: 'xstate.done.actor.submitWithdrawal', output: RECEIVED },
  { type: 'xstate.done.actor.submitWithdrawal', output: ALREADY },
  { type: 'xstate.error.actor.submitWithdrawal', error: RATE_LIMITED },
  { type: 'xstate.error.actor.submitWithdrawal', error: REFUSED },
  { type: 'xstate.error.actor.submitWithdrawal', error: OFFLINE },
];

function harness(input: WithdrawalInput) {
  const calls: Deferred<WithdrawalRequest, WithdrawalReceipt>[] = [];
  const actor = createActor(withdrawalMachine.provide({ actors: { submitWithdrawal: deferredActor(calls) } }), { input }).start();
  return { actor, calls, play: (event: GraphEvent) => playLatest(actor, { submitWithdrawal: calls }, event) };
}

describe('withdrawal machine: graph coverage', () => {
  // A signed-in customer arriving from an order (both filled in) and a guest with nothing.
  for (const input of [{}, { orderNumber: 'npng-100777', email: 'alex@nopain-nogain.test' }] as WithdrawalInput[]) {
    const { paths, taken } = explore(withdrawalMachine, input, events);
    const initial = createActor(withdrawalMachine, { input }).getSnapshot();

    it(`reaches every state and takes every declared transition (input ${JSON.stringify(input)})`, () => {
      const visited = new Set([...activeIds(initial as never), ...paths.flatMap((path) => path.flatMap((step) => activeIds(step.state as never)))]);
      expect([...visited].sort()).toEqual(stateIds(withdrawalMachine).sort());
      expect([...taken].sort()).toEqual(declaredTransitions(withdrawalMachine).sort());
    });

    it(`replays every path with a fake submit and checks what each step promises (input ${JSON.stringify(input)})`, async () => {
      for (const path of [[], ...paths]) {
        const { actor, calls, play } = harness(input);
        let from = initial;
        for (const step of withIgnored(withdrawalMachine, initial, events, path)) {
          const event = step.event as GraphEvent;
          const handled = transitionIds(withdrawalMachine, from, event).length > 0;
          from = step.state;
          const before = actor.getSnapshot();
          const sent = calls.length;
          await play(event);
          const after = actor.getSnapshot();
          expect(after.value).toEqual(step.state.value);
          expect(after.context).toEqual(step.state.context);
          const status = selectWithdrawalStatus(after);
          if (!handled) {
            // Nothing handles the event here: nothing changes and nothing is sent.
            expect(after.context).toEqual(before.context);
            expect(calls.length).toBe(sent);
            continue;
          }
          switch (event.type) {
            case 'form.submit': {
              // Never sent from the form: a valid form only shows what will be sent.
              const problems = validateWithdrawal(before.context.form);
              expect(status).toBe(Object.keys(problems).length === 0 ? 'confirming' : 'editing');
              expect(after.context.fieldErrors).toEqual(problems);
              expect(calls.length).toBe(sent);
              break;
            }
            case 'confirm.submit':
            case 'retry':
              // "Widerruf bestätigen" (or a retry) sends exactly what the confirmation page showed.
              expect(status).toBe('submitting');
              expect(calls.slice(sent).map((c) => c.input)).toEqual([withdrawalRequest(before.context.form)]);
              break;
            case 'confirm.back':
            case 'edit':
              expect(status).toBe('editing');
              expect(after.context.form).toEqual(before.context.form);
              break;
            case 'form.change':
              expect(status).toBe('editing');
              expect(after.context.form[event.field]).toBe(event.value);
              expect(after.context.fieldErrors).not.toHaveProperty(event.field);
              expect(after.context.error).toBeNull();
              break;
            case 'form.prefill':
              // The account's address fills an empty field only; what was typed stays.
              expect(after.context.form.email).toBe(before.context.form.email.trim() ? before.context.form.email : event.email);
              break;
            case 'xstate.done.actor.submitWithdrawal':
              expect(status).toBe('received');
              expect(after.status).toBe('done');
              expect(after.context.receipt).toEqual(event.output);
              break;
            case 'xstate.error.actor.submitWithdrawal':
              if (event.error === RATE_LIMITED) {
                expect(status).toBe('rateLimited');
              } else if (event.error === REFUSED) {
                // The database's sentence shows on the form, which keeps what was typed.
                expect(status).toBe('editing');
                expect(after.context.error).toBe(REFUSED.message);
              } else {
                expect(status).toBe('failed');
                expect(after.context.error).toBe(OFFLINE.message);
              }
              expect(after.context.form).toEqual(before.context.form);
              expect(after.context.receipt).toBeNull();
              break;
          }
        }
        actor.stop();
      }
    });
  }
});

describe('withdrawal machine: rules', () => {
  it.each<[string, string | null]>([
    ['NPNG-100123', 'NPNG-100123'],
    [' npng-100123 ', 'NPNG-100123'],
    ['100123', 'NPNG-100123'],
    ['NPNG-', null],
    ['ORDER-1', null],
    ['', null],
  ])('normaliseOrderNumber(%j) → %j', (value, expected) => {
    expect(normaliseOrderNumber(value)).toBe(expected);
  });

  it.each<[Partial<WithdrawalForm>, ReturnType<typeof validateWithdrawal>]>([
    [{}, { orderNumber: 'required', email: 'required' }],
    [
      { orderNumber: 'x1', email: 'erika@' },
      { orderNumber: 'invalid', email: 'invalid' },
    ],
    [
      { orderNumber: '100123', email: 'erika@example.com', name: 'x'.repeat(201), statement: 'y'.repeat(2001) },
      { name: 'tooLong', statement: 'tooLong' },
    ],
    [{ orderNumber: '100123', email: 'erika@example.com' }, {}],
  ])('validateWithdrawal(%j) → %j', (form, expected) => {
    expect(validateWithdrawal({ ...EMPTY_WITHDRAWAL_FORM, ...form })).toEqual(expected);
  });

  it('sends the number in its stored form, the address trimmed and lower-case, and empty optional lines as null', () => {
    expect(withdrawalRequest({ orderNumber: '100123', email: ' Erika@Example.com ', name: '  ', statement: ' Die Hose ' })).toEqual({
      orderNumber: 'NPNG-100123',
      email: 'erika@example.com',
      name: null,
      statement: 'Die Hose',
    });
  });

  it('a link from an order fills the number; a number that is none is left out', () => {
    expect(createActor(withdrawalMachine, { input: { orderNumber: 'npng-1' } }).getSnapshot().context.form.orderNumber).toBe('NPNG-1');
    expect(createActor(withdrawalMachine, { input: { orderNumber: '<script>' } }).getSnapshot().context.form.orderNumber).toBe('');
  });
});
