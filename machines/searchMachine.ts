import { assign, fromPromise, setup, type StateValueFrom } from 'xstate';
import { SEARCH_DEBOUNCE_MS, SEARCH_LIMIT, type SearchResult } from '../domain/catalogue';
import { type StateOf, topState } from './status';

type Context = {
  /** What the shopper typed, as typed (the input shows it). */
  input: string;
  /** The trimmed text the current or last search is for ('' while idle). */
  term: string;
  results: SearchResult[];
  error: string | null;
};

export type SearchEvent = { type: 'search.input'; text: string } | { type: 'search.retry' } | { type: 'search.clear' };

const EMPTY: Context = { input: '', term: '', results: [], error: null };

/**
 * The header's search dialog (SPEC §2 Search dialog, §5, §9): every keystroke restarts a 300 ms
 * wait; only a non-empty trimmed text is searched. A new input leaves `searching`, which stops the
 * request in flight, so an answer that arrives late is never shown.
 */
export const searchMachine = setup({
  types: { context: {} as Context, events: {} as SearchEvent },
  actors: {
    searchProducts: fromPromise<SearchResult[], { term: string }>(async () => {
      throw new Error('provide searchProducts');
    }),
  },
  delays: { debounce: SEARCH_DEBOUNCE_MS },
  guards: {
    nothingFound: (_, results: SearchResult[]) => results.length === 0,
    blank: ({ event }) => event.type === 'search.input' && event.text.trim() === '',
    unchanged: ({ context, event }) => event.type === 'search.input' && event.text.trim() === context.term,
  },
}).createMachine({
  id: 'search',
  context: EMPTY,
  initial: 'idle',
  on: {
    'search.input': [
      { guard: 'blank', target: '.idle', actions: assign(({ event }) => ({ ...EMPTY, input: event.text })) },
      // Only spaces added or removed around the same text: the search in hand still answers it.
      { guard: 'unchanged', actions: assign({ input: ({ event }) => event.text }) },
      { target: '.debouncing', actions: assign(({ event }) => ({ input: event.text, term: event.text.trim(), results: [], error: null })) },
    ],
    'search.clear': { target: '.idle', actions: assign(EMPTY) },
  },
  states: {
    idle: {},
    debouncing: { after: { debounce: 'searching' } },
    searching: {
      invoke: {
        id: 'searchProducts',
        src: 'searchProducts',
        input: ({ context }) => ({ term: context.term }),
        onDone: [
          { guard: { type: 'nothingFound', params: ({ event }) => event.output }, target: 'noResults', actions: assign({ results: [] }) },
          { target: 'results', actions: assign({ results: ({ event }) => event.output.slice(0, SEARCH_LIMIT) }) },
        ],
        onError: {
          target: 'error',
          actions: assign({ results: [], error: ({ event }) => (event.error instanceof Error ? event.error.message : String(event.error)) }),
        },
      },
    },
    results: {},
    noResults: {},
    error: { on: { 'search.retry': { target: 'searching', actions: assign({ error: null }) } } },
  },
});

export type SearchState = StateOf<typeof searchMachine>;
/** What the dialog shows: the wait before a search already reads as searching. */
export type SearchStatus = 'idle' | 'searching' | 'results' | 'noResults' | 'error';
export const searchStatus = (state: SearchState): SearchStatus => (state === 'debouncing' ? 'searching' : state);
export const selectSearchStatus = (snapshot: { value: StateValueFrom<typeof searchMachine> }): SearchStatus => searchStatus(topState(snapshot));
