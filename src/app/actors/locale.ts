import { createActor, fromPromise } from 'xstate';
import { fetchCountryText } from '../../api/geo';
import { localeMachine, parseCountry } from '../../../machines/localeMachine';
import { browserStorage } from './storage';

export const LOCALE_STORAGE_KEY = 'npng.lang';
export const COUNTRY_STORAGE_KEY = 'npng.country';

function read(storage: Storage, key: string): string | null {
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
}

function write(storage: Storage, key: string, value: string) {
  try {
    storage.setItem(key, value);
  } catch {
    // Storage full or blocked (private mode): the choice simply isn't remembered.
  }
}

/**
 * The language also goes into a cookie: the server renders a visit's first page in it
 * (src/entry-server.tsx), so a returning visitor's page is in their language from the first byte.
 */
function rememberForServer(locale: string) {
  try {
    // biome-ignore lint/suspicious/noDocumentCookie: one plain first-party preference cookie; the Cookie Store API is not in every browser
    document.cookie = `${LOCALE_STORAGE_KEY}=${locale}; Path=/; Max-Age=31536000; SameSite=Lax`;
  } catch {
    // Cookies blocked: the server falls back to the browser's languages.
  }
}

export function createLocaleActor(storage: Storage = browserStorage(), location: Location = window.location) {
  const machine = localeMachine.provide({
    actors: {
      fetchCountry: fromPromise(async ({ signal }) => parseCountry(await fetchCountryText(signal))),
    },
    actions: {
      persistLocale: (_, { locale }) => {
        write(storage, LOCALE_STORAGE_KEY, locale);
        rememberForServer(locale);
      },
      persistCountry: (_, { country }) => write(storage, COUNTRY_STORAGE_KEY, country),
    },
  });
  return createActor(machine, {
    input: {
      param: new URLSearchParams(location.search).get('lang'),
      stored: read(storage, LOCALE_STORAGE_KEY),
      browserLanguages: navigator.languages ?? [navigator.language],
      storedCountry: read(storage, COUNTRY_STORAGE_KEY),
    },
  });
}
