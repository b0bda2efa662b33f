import { assign, fromPromise, setup, type StateValueFrom } from 'xstate';
import { type StateOf, topState } from './status';

type Context = { categories: string[]; error: string | null };

export type CategoriesEvent = { type: 'categories.retry' };

/** Collections' "Shop by Category": loading → loaded | empty | error (Try again → loading). */
export const categoriesMachine = setup({
  types: { context: {} as Context, events: {} as CategoriesEvent },
  actors: {
    fetchCategories: fromPromise<string[]>(async () => {
      throw new Error('provide fetchCategories');
    }),
  },
  actions: {
    clearError: assign({ error: null }),
    clearCategories: assign({ categories: [] }),
    setCategories: assign((_, categories: string[]) => ({ categories })),
    setError: assign((_, params: { error: unknown }) => ({ error: params.error instanceof Error ? params.error.message : String(params.error) })),
  },
  guards: {
    /** The shop has no category with a product in it. */
    noCategories: (_, categories: string[]) => categories.length === 0,
  },
}).createMachine({
  id: 'categories',
  context: { categories: [], error: null },
  initial: 'loading',
  states: {
    loading: {
      entry: 'clearError',
      invoke: {
        id: 'fetchCategories',
        src: 'fetchCategories',
        onDone: [
          { guard: { type: 'noCategories', params: ({ event }) => event.output }, target: 'empty', actions: 'clearCategories' },
          { target: 'loaded', actions: { type: 'setCategories', params: ({ event }) => event.output } },
        ],
        onError: {
          target: 'error',
          actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    loaded: {},
    empty: {},
    error: { on: { 'categories.retry': 'loading' } },
  },
});

export type CategoriesStatus = StateOf<typeof categoriesMachine>;
export const selectCategoriesStatus = (snapshot: { value: StateValueFrom<typeof categoriesMachine> }): CategoriesStatus => topState(snapshot);
