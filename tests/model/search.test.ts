import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { SEARCH_DEBOUNCE_MS, SEARCH_LIMIT, type SearchResult } from '../../domain/catalogue';
import { searchMachine, searchStatus, type SearchEvent } from '../../machines/searchMachine';
import { SEARCH_RESULTS } from '../../stories/fixtures/products';
import { activeIds, declaredTransitions, explore, stateIds, transitionIds, withIgnored } from './graph';

const AFTER_DEBOUNCE = 'xstate.after.debounce.search.debouncing';

type GraphEvent =
  | SearchEvent
  | { type: typeof AFTER_DEBOUNCE }
  | { type: 'xstate.done.actor.searchProducts'; output: SearchResult[] }
  | { type: 'xstate.error.actor.searchProducts'; error: unknown };

const events: GraphEvent[] = [
  { type: 'search.input', text: '' },
  { type: 'search.input', text: '   ' },
  { type: 'search.input', text: 'tee' },
  // The same text with spaces around it: nothing new to search.
  { type: 'search.input', text: ' tee ' },
  { type: 'search.input', text: 'zzz' },
  { type: 'search.retry' },
  { type: 'search.clear' },
  { type: 'xstate.done.actor.searchProducts', output: SEARCH_RESULTS.slice(0, 2) },
  { type: 'xstate.done.actor.searchProducts', output: [] },
  { type: 'xstate.error.actor.searchProducts', error: new Error('Failed to fetch') },
];

type Request = { term: string; resolve: (r: SearchResult[]) => void; reject: (e: unknown) => void };

function harness() {
  const requests: Request[] = [];
  const clock = new SimulatedClock();
  const machine = searchMachine.provide({
    actors: {
      searchProducts: fromPromise<SearchResult[], { term: string }>(
        ({ input }) =>
          new Promise<SearchResult[]>((resolve, reject) => {
            requests.push({ term: input.term, resolve, reject });
          }),
      ),
    },
  });
  const actor = createActor(machine, { clock }).start();
  const settle = () => vi.waitFor(() => expect(actor.getSnapshot().value).not.toBe('searching'));
  async function play(event: GraphEvent) {
    if (event.type === AFTER_DEBOUNCE) {
      // Nothing is sent a millisecond before the wait is over; exactly one request right after it.
      const before = requests.length;
      clock.increment(SEARCH_DEBOUNCE_MS - 1);
      expect(requests.length).toBe(before);
      expect(actor.getSnapshot().value).toBe('debouncing');
      clock.increment(1);
      expect(requests.length).toBe(before + 1);
      return;
    }
    if (event.type === 'xstate.done.actor.searchProducts') {
      requests.at(-1)?.resolve(event.output);
      return settle();
    }
    if (event.type === 'xstate.error.actor.searchProducts') {
      requests.at(-1)?.reject(event.error);
      return settle();
    }
    actor.send(event);
  }
  return { actor, clock, requests, play };
}

describe('search machine: graph coverage', () => {
  const { paths, taken } = explore(searchMachine, undefined, events);
  const initial = createActor(searchMachine).getSnapshot();

  it('reaches every state and takes every declared transition', () => {
    const visited = new Set([...activeIds(initial as never), ...paths.flatMap((path) => path.flatMap((step) => activeIds(step.state as never)))]);
    expect([...visited].sort()).toEqual(stateIds(searchMachine).sort());
    expect([...taken].sort()).toEqual(declaredTransitions(searchMachine).sort());
  });

  it('replays every path with a fake search and checks each state', async () => {
    for (const path of [[], ...paths]) {
      const { actor, play, requests } = harness();
      let from = initial;
      for (const step of withIgnored(searchMachine, initial, events, path)) {
        const event = step.event as GraphEvent;
        const handled = transitionIds(searchMachine, from, event).length > 0;
        from = step.state;
        const before = requests.length;
        await play(event);
        const snapshot = actor.getSnapshot();
        expect(snapshot.value).toEqual(step.state.value);
        expect(snapshot.context).toEqual(step.state.context);
        const { input, term, results, error } = snapshot.context;
        // The field always shows what was typed; the term is its trimmed text.
        if (event.type === 'search.input') expect(input).toBe(event.text);
        if (!handled) {
          expect(requests.length).toBe(before);
          continue;
        }
        switch (snapshot.value) {
          case 'idle':
            expect(term).toBe('');
            expect(results).toEqual([]);
            expect(requests.length).toBe(before);
            break;
          case 'debouncing':
            // Typing never sends at once.
            expect(term).toBe(input.trim());
            expect(term).not.toBe('');
            expect(results).toEqual([]);
            expect(requests.length).toBe(before);
            break;
          case 'searching':
            expect(requests.at(-1)?.term).toBe(term);
            expect(results).toEqual([]);
            break;
          case 'results':
            expect(results.length).toBeGreaterThan(0);
            break;
          case 'noResults':
            expect(results).toEqual([]);
            expect(term).not.toBe('');
            break;
          case 'error':
            expect(error).toBe('Failed to fetch');
            break;
        }
        if (event.type === 'search.retry') {
          expect(requests.length).toBe(before + 1);
          expect(requests.at(-1)?.term).toBe(term);
          expect(error).toBeNull();
        }
        // Whitespace only never searches.
        if (requests.length > 0) expect(requests.every((r) => r.term === r.term.trim() && r.term !== '')).toBe(true);
      }
      actor.stop();
    }
  });
});

describe('search machine: debounce and stale answers', () => {
  it('sends nothing before 300 ms and one request for the settled input', () => {
    const { actor, clock, requests } = harness();
    for (const text of ['t', 'te', 'tee', 'tee s', 'tee sh']) {
      actor.send({ type: 'search.input', text });
      clock.increment(SEARCH_DEBOUNCE_MS - 1);
    }
    expect(requests).toEqual([]);
    expect(searchStatus(actor.getSnapshot().value)).toBe('searching');
    clock.increment(1);
    expect(requests.map((r) => r.term)).toEqual(['tee sh']);
    clock.increment(10 * SEARCH_DEBOUNCE_MS);
    expect(requests).toHaveLength(1);
  });

  it('trims the text, and whitespace only goes back to the start message without a request', () => {
    const { actor, clock, requests } = harness();
    actor.send({ type: 'search.input', text: '  hoodie \t' });
    clock.increment(SEARCH_DEBOUNCE_MS);
    expect(requests.map((r) => r.term)).toEqual(['hoodie']);
    for (const text of [' ', '\t\n', '']) {
      actor.send({ type: 'search.input', text });
      expect(actor.getSnapshot().value).toBe('idle');
      clock.increment(SEARCH_DEBOUNCE_MS * 3);
    }
    expect(requests).toHaveLength(1);
  });

  it('ignores an answer that arrives after the text changed', async () => {
    const { actor, clock, requests } = harness();
    actor.send({ type: 'search.input', text: 'tee' });
    clock.increment(SEARCH_DEBOUNCE_MS);
    actor.send({ type: 'search.input', text: 'zzz' });
    requests[0].resolve(SEARCH_RESULTS);
    await Promise.resolve();
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().value).toBe('debouncing');
    expect(actor.getSnapshot().context.results).toEqual([]);
    clock.increment(SEARCH_DEBOUNCE_MS);
    expect(requests.map((r) => r.term)).toEqual(['tee', 'zzz']);
    requests[1].resolve([]);
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('noResults'));
    expect(actor.getSnapshot().context.term).toBe('zzz');
  });

  it('ignores an old answer while a newer search is in flight, and an answer after clear', async () => {
    const { actor, clock, requests } = harness();
    actor.send({ type: 'search.input', text: 'tee' });
    clock.increment(SEARCH_DEBOUNCE_MS);
    actor.send({ type: 'search.input', text: 'shaker' });
    clock.increment(SEARCH_DEBOUNCE_MS);
    requests[0].resolve(SEARCH_RESULTS);
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().value).toBe('searching');
    requests[1].resolve(SEARCH_RESULTS.slice(1, 2));
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('results'));
    expect(actor.getSnapshot().context.results).toEqual(SEARCH_RESULTS.slice(1, 2));

    actor.send({ type: 'search.input', text: 'hoodie' });
    clock.increment(SEARCH_DEBOUNCE_MS);
    actor.send({ type: 'search.clear' });
    requests[2].reject(new Error('late'));
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context).toEqual({ input: '', term: '', results: [], error: null });
  });

  it('shows at most 10 results', async () => {
    const { actor, clock, requests } = harness();
    actor.send({ type: 'search.input', text: 'a' });
    clock.increment(SEARCH_DEBOUNCE_MS);
    const many = Array.from({ length: 14 }, (_, i) => ({ ...SEARCH_RESULTS[0], id: `r${i}`, slug: `s${i}` }));
    requests[0].resolve(many);
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('results'));
    expect(actor.getSnapshot().context.results).toHaveLength(SEARCH_LIMIT);
  });
});
