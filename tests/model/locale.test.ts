import { getSimplePaths } from '@xstate/graph';
import { createActor, fromPromise } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { detectLocale, localeMachine, parseCountry, type LocaleInput } from '../../machines/localeMachine';
import { activeIds, stateIds } from './graph';

const freshVisit: LocaleInput = { param: null, stored: null, browserLanguages: ['en-US'], storedCountry: null };
const returning: LocaleInput = { param: null, stored: 'en', browserLanguages: ['en-US'], storedCountry: 'FR' };
const withParam: LocaleInput = { param: 'en', stored: null, browserLanguages: ['de-DE'], storedCountry: null };

const events = [
  { type: 'locale.set', locale: 'de' },
  { type: 'locale.set', locale: 'en' },
  { type: 'xstate.done.actor.fetchCountry', output: 'DE' },
  { type: 'xstate.done.actor.fetchCountry', output: 'US' },
  { type: 'xstate.done.actor.fetchCountry', output: null },
  { type: 'xstate.error.actor.fetchCountry', error: new Error('offline') },
] as const;

/** Paths for each kind of visit; the machine's context is small, so simple paths are finite. */
const inputs = [freshVisit, returning, withParam];
const pathsFor = (input: LocaleInput) =>
  // biome-ignore lint/suspicious/noExplicitAny: synthetic actor events are not in the machine's event union
  getSimplePaths(localeMachine, { input, events: events as any, limit: 500 });

function fakes(country: Promise<string | null>) {
  const persistLocale = vi.fn();
  const persistCountry = vi.fn();
  const machine = localeMachine.provide({
    actors: { fetchCountry: fromPromise(() => country) },
    actions: {
      persistLocale: (_, p) => persistLocale(p.locale),
      persistCountry: (_, p) => persistCountry(p.country),
    },
  });
  return { machine, persistLocale, persistCountry };
}

describe('locale machine: graph coverage', () => {
  it('reaches every state and takes every transition across the kinds of visit', () => {
    const visited = new Set<string>();
    const taken = new Set<string>();
    for (const input of inputs) {
      for (const path of pathsFor(input)) {
        for (const step of path.steps) {
          for (const id of activeIds(step.state as never)) visited.add(id);
          taken.add(step.event.type);
        }
      }
    }
    // `detecting` is transient: it picks the next state in the same step, so no snapshot shows it.
    expect([...visited].sort()).toEqual(
      stateIds(localeMachine)
        .filter((id) => id !== 'locale.detecting')
        .sort(),
    );
    for (const e of events) expect(taken).toContain(e.type);
  });

  it('replays every path against a running actor whose fetch never settles by itself', async () => {
    for (const input of inputs) {
      for (const path of pathsFor(input)) {
        const { machine, persistLocale } = fakes(new Promise(() => {}));
        const actor = createActor(machine, { input }).start();
        for (const step of path.steps.slice(1)) {
          actor.send(step.event as never);
          expect(actor.getSnapshot().value).toEqual(step.state.value);
          expect(actor.getSnapshot().context).toEqual(step.state.context);
        }
        // Whatever happened, the language in use is the one stored last.
        expect(persistLocale).toHaveBeenLastCalledWith(actor.getSnapshot().context.locale);
        actor.stop();
      }
    }
  });
});

describe('locale machine: what each visit promises', () => {
  it('a first visit from Germany switches to German and stores the country', async () => {
    const { machine, persistLocale, persistCountry } = fakes(Promise.resolve('DE'));
    const actor = createActor(machine, { input: freshVisit }).start();
    expect(actor.getSnapshot().value).toBe('fetchingCountry');
    expect(actor.getSnapshot().context.locale).toBe('en');
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('ready'));
    expect(actor.getSnapshot().context).toMatchObject({ locale: 'de', country: 'DE' });
    expect(persistCountry).toHaveBeenCalledExactlyOnceWith('DE');
    expect(persistLocale).toHaveBeenLastCalledWith('de');
  });

  it('a lang parameter wins over the country', async () => {
    const { machine } = fakes(Promise.resolve('DE'));
    const actor = createActor(machine, { input: withParam }).start();
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('ready'));
    expect(actor.getSnapshot().context).toMatchObject({ locale: 'en', country: 'DE' });
  });

  it('a choice made while the country is still loading is kept', async () => {
    let answer: (c: string) => void = () => {};
    const { machine } = fakes(new Promise((r) => (answer = r)));
    const actor = createActor(machine, { input: freshVisit }).start();
    actor.send({ type: 'locale.set', locale: 'en' });
    answer('DE');
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('ready'));
    expect(actor.getSnapshot().context.locale).toBe('en');
  });

  it('a stored country means no lookup at all', () => {
    const fetchCountry = vi.fn(async (): Promise<string | null> => 'DE');
    const machine = localeMachine.provide({
      actors: { fetchCountry: fromPromise(fetchCountry) },
      actions: { persistLocale: () => {}, persistCountry: () => {} },
    });
    const actor = createActor(machine, { input: returning }).start();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(fetchCountry).not.toHaveBeenCalled();
  });

  it('a failed lookup keeps the language and stores nothing', async () => {
    const { machine, persistCountry } = fakes(Promise.reject(new Error('offline')));
    const actor = createActor(machine, { input: { ...freshVisit, browserLanguages: ['de-AT'] } }).start();
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('ready'));
    expect(actor.getSnapshot().context).toMatchObject({ locale: 'de', country: null });
    expect(persistCountry).not.toHaveBeenCalled();
  });
});

describe('detectLocale and parseCountry', () => {
  it.each([
    [{ param: 'de', stored: 'en', browserLanguages: ['en'] }, 'de'],
    [{ param: 'xx', stored: 'de', browserLanguages: ['en'] }, 'de'],
    [{ param: null, stored: null, browserLanguages: ['fr-FR', 'de-CH'] }, 'de'],
    [{ param: null, stored: 'klingon', browserLanguages: ['fr'] }, 'en'],
    [{ param: 'DE', stored: null, browserLanguages: [] }, 'de'],
  ])('%j → %s', (input, expected) => {
    expect(detectLocale(input)).toBe(expected);
  });

  it.each([
    ['DE\n', 'DE'],
    [' us ', 'US'],
    ['<html>', null],
    ['', null],
    ['DEU', null],
  ])('%j → %s', (text, expected) => {
    expect(parseCountry(text)).toBe(expected);
  });
});
