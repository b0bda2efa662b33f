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

export function createLocaleActor(storage: Storage = browserStorage(), location: Location = window.location) {
  const machine = localeMachine.provide({
    actors: {
      fetchCountry: fromPromise(async ({ signal }) => parseCountry(await fetchCountryText(signal))),
    },
    actions: {
      persistLocale: (_, { locale }) => write(storage, LOCALE_STORAGE_KEY, locale),
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
