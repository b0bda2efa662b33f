import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { selectLocale } from '../machines/localeMachine';
import { App } from './app/App';
import { createServices } from './app/services/createServices';
import { activateLocale } from './i18n/i18n';
import './index.css';

const services = createServices();

/** Every language change (toggle, lang parameter, country) loads its catalogues, then switches. */
let applied: string | undefined;
async function applyLocale(locale: 'en' | 'de') {
  if (locale === applied) return;
  applied = locale;
  await activateLocale(locale);
  document.documentElement.lang = locale;
}

await applyLocale(selectLocale(services.locale.getSnapshot()));
services.locale.subscribe((snapshot) => void applyLocale(selectLocale(snapshot)));

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <App services={services} />
  </StrictMode>,
);
