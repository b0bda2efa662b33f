import { assign, fromPromise, setup } from 'xstate';

export type Locale = 'en' | 'de';
const LOCALES: readonly Locale[] = ['en', 'de'];

export type LocaleInput = {
  /** The `lang` query parameter, if any. */
  param: string | null;
  /** The language saved in browser storage by an earlier visit. */
  stored: string | null;
  /** navigator.languages, most preferred first. */
  browserLanguages: readonly string[];
  /** The country code saved by an earlier visit; when present, no lookup is made. */
  storedCountry: string | null;
};

type Context = {
  locale: Locale;
  country: string | null;
  /** Whether the language was chosen (lang parameter or a click), so the country must not override it. */
  chosen: boolean;
};

type Events = { type: 'locale.set'; locale: Locale };

const asLocale = (value: string | null | undefined): Locale | null => {
  const base = value?.trim().toLowerCase().slice(0, 2);
  return base && (LOCALES as readonly string[]).includes(base) ? (base as Locale) : null;
};

/** SPEC §1: lang parameter → saved choice → browser language → English. */
export function detectLocale(input: Pick<LocaleInput, 'param' | 'stored' | 'browserLanguages'>): Locale {
  return asLocale(input.param) ?? asLocale(input.stored) ?? input.browserLanguages.map(asLocale).find((l) => l !== null) ?? 'en';
}

/** A plain-text ISO 3166 alpha-2 code, or null for anything else the service may answer. */
export function parseCountry(text: string): string | null {
  const code = text.trim().toUpperCase();
  return /^[A-Z]{2}$/.test(code) ? code : null;
}

export const localeMachine = setup({
  types: { context: {} as Context, events: {} as Events, input: {} as LocaleInput },
  actors: {
    fetchCountry: fromPromise<string | null>(async () => {
      throw new Error('provide fetchCountry');
    }),
  },
  actions: {
    chooseLocale: assign((_, params: { locale: Locale }) => ({ locale: params.locale, chosen: true })),
    /** A visitor from Germany gets German unless a language was chosen. */
    takeCountry: assign(({ context }, params: { country: string }) => {
      const switchToGerman = params.country === 'DE' && !context.chosen;
      return { country: params.country, locale: switchToGerman ? ('de' as const) : context.locale };
    }),
    persistLocale: (_, _params: { locale: Locale }) => {
      throw new Error('provide persistLocale');
    },
    persistCountry: (_, _params: { country: string }) => {
      throw new Error('provide persistCountry');
    },
  },
  guards: {
    /** The geolocation service could not tell the country. */
    noCountry: (_, country: string | null) => country === null,
    countryKnown: ({ context }) => context.country !== null,
  },
}).createMachine({
  id: 'locale',
  context: ({ input }) => ({
    locale: detectLocale(input),
    country: parseCountry(input.storedCountry ?? ''),
    chosen: asLocale(input.param) !== null,
  }),
  // The detected language is cached, so the next visit starts with it.
  entry: { type: 'persistLocale', params: ({ context }) => ({ locale: context.locale }) },
  initial: 'detecting',
  on: {
    'locale.set': {
      actions: [
        { type: 'chooseLocale', params: ({ event }) => ({ locale: event.locale }) },
        { type: 'persistLocale', params: ({ event }) => ({ locale: event.locale }) },
      ],
    },
  },
  states: {
    detecting: {
      always: [{ guard: 'countryKnown', target: 'ready' }, { target: 'fetchingCountry' }],
    },
    fetchingCountry: {
      invoke: {
        id: 'fetchCountry',
        src: 'fetchCountry',
        onDone: [
          {
            guard: { type: 'noCountry', params: ({ event }) => event.output },
            target: 'ready',
          },
          {
            target: 'ready',
            actions: [
              { type: 'takeCountry', params: ({ event }) => ({ country: event.output as string }) },
              { type: 'persistCountry', params: ({ event }) => ({ country: event.output as string }) },
              { type: 'persistLocale', params: ({ context }) => ({ locale: context.locale }) },
            ],
          },
        ],
        // No country (offline, blocked, rate-limited): keep the language we have; ask again next visit.
        onError: { target: 'ready' },
      },
    },
    ready: {},
  },
});

export const selectLocale = (snapshot: { context: Context }) => snapshot.context.locale;
