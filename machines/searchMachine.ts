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
  actions: {
    /** A blank input: nothing to search, nothing shown. */
    clearWithInput: assign((_, params: { text: string }) => ({ ...EMPTY, input: params.text })),
    setInput: assign((_, params: { text: string }) => ({ input: params.text })),
    /** A new text to search for: the old results go. */
    startTerm: assign((_, params: { text: string }) => ({ input: params.text, term: params.text.trim(), results: [], error: null })),
    clear: assign(EMPTY),
    clearResults: assign({ results: [] }),
    setResults: assign((_, results: SearchResult[]) => ({ results: results.slice(0, SEARCH_LIMIT) })),
    setError: assign((_, params: { error: unknown }) => ({ results: [], error: params.error instanceof Error ? params.error.message : String(params.error) })),
    clearError: assign({ error: null }),
  },
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
      { guard: 'blank', target: '.idle', actions: { type: 'clearWithInput', params: ({ event }) => ({ text: event.text }) } },
      // Only spaces added or removed around the same text: the search in hand still answers it.
      { guard: 'unchanged', actions: { type: 'setInput', params: ({ event }) => ({ text: event.text }) } },
      { target: '.debouncing', actions: { type: 'startTerm', params: ({ event }) => ({ text: event.text }) } },
    ],
    'search.clear': { target: '.idle', actions: 'clear' },
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
          { guard: { type: 'nothingFound', params: ({ event }) => event.output }, target: 'noResults', actions: 'clearResults' },
          { target: 'results', actions: { type: 'setResults', params: ({ event }) => event.output } },
        ],
        onError: {
          target: 'error',
          actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    results: {},
    noResults: {},
    error: { on: { 'search.retry': { target: 'searching', actions: 'clearError' } } },
  },
});

export type SearchState = StateOf<typeof searchMachine>;
/** What the dialog shows: the wait before a search already reads as searching. */
export type SearchStatus = 'idle' | 'searching' | 'results' | 'noResults' | 'error';
export const searchStatus = (state: SearchState): SearchStatus => (state === 'debouncing' ? 'searching' : state);
export const selectSearchStatus = (snapshot: { value: StateValueFrom<typeof searchMachine> }): SearchStatus => searchStatus(topState(snapshot));
