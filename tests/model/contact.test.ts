import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/api/errors';
import { contactMachine, EMPTY_CONTACT_FORM, selectContactStatus, validateContact, type ContactEvent, type ContactForm, type ContactNotice } from '../../machines/contactMachine';
import { activeIds, declaredTransitions, explore, stateIds, transitionIds, withIgnored } from './graph';

type GraphEvent = ContactEvent | { type: 'xstate.done.actor.sendMessage'; output: undefined } | { type: 'xstate.error.actor.sendMessage'; error: unknown };

const rejected = new ApiError('invalid', 'new row violates check constraint "contact_messages_message_length"');

const events: GraphEvent[] = [
  { type: 'form.change', field: 'email', value: 'alex@example.com' },
  { type: 'form.change', field: 'email', value: 'alex@' },
  { type: 'form.change', field: 'email', value: '' },
  { type: 'form.change', field: 'message', value: 'Does the Grind Tee shrink?' },
  { type: 'form.change', field: 'message', value: '   ' },
  { type: 'form.change', field: 'name', value: 'Alex' },
  { type: 'form.change', field: 'subject', value: 'Sizing' },
  { type: 'form.submit' },
  { type: 'xstate.done.actor.sendMessage', output: undefined },
  { type: 'xstate.error.actor.sendMessage', error: rejected },
];

function harness() {
  const sent: ContactForm[] = [];
  const notices: ContactNotice[] = [];
  let pending: { resolve: () => void; reject: (e: unknown) => void } | null = null;
  const machine = contactMachine.provide({
    actors: {
      sendMessage: fromPromise<void, ContactForm>(({ input }) => {
        sent.push(input);
        return new Promise<void>((resolve, reject) => {
          pending = { resolve, reject };
        });
      }),
    },
    actions: { notify: (_, notice) => notices.push(notice) },
  });
  const actor = createActor(machine, { clock: new SimulatedClock() }).start();
  async function play(event: GraphEvent) {
    if (event.type === 'xstate.done.actor.sendMessage') pending?.resolve();
    else if (event.type === 'xstate.error.actor.sendMessage') pending?.reject(event.error);
    else return actor.send(event);
    await vi.waitFor(() => expect(selectContactStatus(actor.getSnapshot())).not.toBe('sending'));
  }
  return { actor, sent, notices, play };
}

describe('contact machine: graph coverage', () => {
  const { paths, taken } = explore(contactMachine, undefined, events);
  const initial = createActor(contactMachine).getSnapshot();
  it('reaches every state and takes every declared transition', () => {
    const visited = new Set([...activeIds(initial as never), ...paths.flatMap((path) => path.flatMap((step) => activeIds(step.state as never)))]);
    expect([...visited].sort()).toEqual(stateIds(contactMachine).sort());
    expect([...taken].sort()).toEqual(declaredTransitions(contactMachine).sort());
  });

  it('replays every path with fake effects and checks what each step promises', async () => {
    // Every distinct snapshot ends one path (the initial one ends the empty path).
    for (const path of [[], ...paths]) {
      const { actor, sent, notices, play } = harness();
      let from = initial;
      for (const step of withIgnored(contactMachine, initial, events, path)) {
        const event = step.event as GraphEvent;
        const handled = transitionIds(contactMachine, from, event).length > 0;
        from = step.state;
        const before = actor.getSnapshot();
        const [sentCount, noticeCount] = [sent.length, notices.length];
        await play(event);
        const after = actor.getSnapshot();
        expect(after.value).toEqual(step.state.value);
        expect(after.context).toEqual(step.state.context);
        const newNotices = notices.slice(noticeCount);
        const newSends = sent.slice(sentCount);
        const status = selectContactStatus(after);
        if (!handled) {
          // Nothing handles the event here (edits while sending, anything once sent): nothing happens.
          expect(after.context).toEqual(before.context);
          expect([...newNotices, ...newSends]).toEqual([]);
          continue;
        }
        if (event.type === 'form.submit') {
          const problems = validateContact(before.context.form);
          if (Object.keys(problems).length === 0) {
            expect(status).toBe('sending');
            expect(newSends).toEqual([before.context.form]);
          } else {
            // Rejected before any request: the view is told which fields to fix.
            expect(status).toBe('idle');
            expect(newSends).toEqual([]);
            expect(after.context.fieldErrors).toEqual(problems);
          }
          expect(newNotices).toEqual([]);
        }
        if (event.type === 'form.change') {
          expect(status).toBe('idle');
          expect(after.context.form[event.field]).toBe(event.value);
          expect(after.context.fieldErrors).not.toHaveProperty(event.field);
          expect(after.context.error).toBeNull();
        }
        if (event.type === 'xstate.done.actor.sendMessage') {
          expect(status).toBe('sent');
          expect(after.status).toBe('done');
          expect(after.context.form).toEqual(EMPTY_CONTACT_FORM);
          expect(newNotices).toEqual([{ kind: 'sent' }]);
        }
        if (event.type === 'xstate.error.actor.sendMessage') {
          expect(status).toBe('error');
          expect(after.context.form).toEqual(before.context.form);
          expect(newNotices).toEqual([{ kind: 'error', message: rejected.message }]);
        }
      }
      actor.stop();
    }
  });
});

describe('contact machine: rules', () => {
  it.each<[Partial<ContactForm>, ReturnType<typeof validateContact>]>([
    [{}, { email: 'required', message: 'required' }],
    [{ email: 'alex@example.com' }, { message: 'required' }],
    [{ email: 'alex@example', message: 'Hi' }, { email: 'invalid' }],
    [{ email: '  ', message: 'Hi' }, { email: 'required' }],
    [{ email: 'alex@example.com', message: ' \n ' }, { message: 'required' }],
    [{ email: 'alex@example.com', message: 'Hi' }, {}],
  ])('validateContact(%j) → %j', (form, expected) => {
    expect(validateContact({ ...EMPTY_CONTACT_FORM, ...form })).toEqual(expected);
  });

  it('name and subject are optional', () => {
    const { actor, sent } = harness();
    actor.send({ type: 'form.change', field: 'email', value: 'alex@example.com' });
    actor.send({ type: 'form.change', field: 'message', value: 'Hello' });
    actor.send({ type: 'form.submit' });
    expect(sent).toEqual([{ name: '', email: 'alex@example.com', subject: '', message: 'Hello' }]);
  });

  it('after a failed send, the same text is sent again with one click', async () => {
    const { actor, sent, play } = harness();
    actor.send({ type: 'form.change', field: 'email', value: 'alex@example.com' });
    actor.send({ type: 'form.change', field: 'message', value: 'Hello' });
    actor.send({ type: 'form.submit' });
    await play({ type: 'xstate.error.actor.sendMessage', error: new Error('Failed to fetch') });
    expect(selectContactStatus(actor.getSnapshot())).toBe('error');
    expect(actor.getSnapshot().context.error).toBe('Failed to fetch');
    actor.send({ type: 'form.submit' });
    expect(selectContactStatus(actor.getSnapshot())).toBe('sending');
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(sent).toHaveLength(2);
  });

  it('once sent, nothing more can be sent', async () => {
    const { actor, sent, play } = harness();
    actor.send({ type: 'form.change', field: 'email', value: 'alex@example.com' });
    actor.send({ type: 'form.change', field: 'message', value: 'Hello' });
    actor.send({ type: 'form.submit' });
    await play({ type: 'xstate.done.actor.sendMessage', output: undefined });
    actor.send({ type: 'form.change', field: 'message', value: 'Again' });
    actor.send({ type: 'form.submit' });
    expect(selectContactStatus(actor.getSnapshot())).toBe('sent');
    expect(sent).toHaveLength(1);
  });
});
