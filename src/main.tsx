import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { selectLocale } from '../machines/localeMachine';
import { App } from './app/App';
import { installChunkReload } from './app/chunkReload';
import { preloadRoute } from './app/routes';
import { createServices } from './app/services/createServices';
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

// The first screen's code, texts and data load alongside the shell's catalogue, not after it.
preloadRoute(window.location.pathname, window.location.search, selectLocale(services.locale.getSnapshot()));
// Subscribe first, so a change that arrives while the first catalogue loads is not missed.
services.locale.subscribe((snapshot) => void applyLocale(selectLocale(snapshot)));
await applyLocale(selectLocale(services.locale.getSnapshot()));

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <App services={services} />
  </StrictMode>,
);
