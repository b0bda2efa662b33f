import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { selectLocale } from '../machines/localeMachine';
import { App } from './app/App';
import { installChunkReload } from './app/chunkReload';
import { replayEarlyActions } from './services/earlyActions';
import { readFirstScreen } from './app/firstScreen';
import { screenCommitted } from './app/hydration';
import { preloadRoute } from './app/routes';
import { createServices } from './app/actors/createServices';
import { activateLocale } from './i18n/i18n';
import './index.css';

installChunkReload();
const services = createServices();

/** Every language change (toggle, lang parameter, country) loads its catalogues, then switches. */
let applied: string | undefined;
async function applyLocale(locale: 'en' | 'de') {
  if (locale === applied) return;
  applied = locale;
  await activateLocale(locale);
  // A later change (the country answer) may have started while this one loaded: it wins.
  if (applied !== locale) return;
  document.documentElement.lang = locale;
}

// A server-rendered page carries its first screen: the app hydrates it in the HTML's language.
const firstScreen = readFirstScreen(document);
const detected = selectLocale(services.locale.getSnapshot());

// The first screen's code, texts and data load alongside the shell's catalogue, not after it
// (a server-rendered page already holds its data).
preloadRoute(window.location.pathname, window.location.search, firstScreen?.locale ?? detected, { data: !firstScreen });

const root = document.getElementById('root') as HTMLElement;
const app = (
  <StrictMode>
    <App services={services} firstScreen={firstScreen} />
  </StrictMode>
);
if (firstScreen) {
  await applyLocale(firstScreen.locale);
  hydrateRoot(root, app);
  // The visitor's own language (a choice stored before the server could see it, or the country
  // answer) takes over only once the screen is hydrated too (its code may arrive after the shell's),
  // as a whole-page switch — never a mix of both, never a change under HTML React has not taken over.
  void screenCommitted.then(() => {
    // Taps made before the app ran are applied now, by the hydrated screen's own handlers.
    void replayEarlyActions();
    services.locale.subscribe((snapshot) => void applyLocale(selectLocale(snapshot)));
    void applyLocale(selectLocale(services.locale.getSnapshot()));
  });
} else {
  // Subscribe first, so a change that arrives while the first catalogue loads is not missed.
  services.locale.subscribe((snapshot) => void applyLocale(selectLocale(snapshot)));
  await applyLocale(detected);
  createRoot(root).render(app);
  void screenCommitted.then(() => replayEarlyActions());
}
