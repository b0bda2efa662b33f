import { I18nProvider } from '@lingui/react';
import { Router } from 'wouter';
import { i18n } from '../i18n/i18n';
import { ServicesProvider, type AppServices } from '../services/context';
import { type FirstScreen, FirstScreenProvider } from '../services/firstScreen';
import { AppRoutes } from './routes';
import { Shell } from './Shell';
import { CrashBoundary } from './shell/ErrorBoundaries';
import { ScrollToTop } from './ScrollToTop';

export type AppProps = {
  services: AppServices;
  /** The server-rendered first screen this app hydrates (src/services/firstScreen.tsx, src/app/firstScreen.ts). */
  firstScreen?: FirstScreen;
  /** On the server: the URL being rendered (the browser's location otherwise). */
  ssr?: { path: string; search: string };
};

export function App({ services, firstScreen, ssr }: AppProps) {
  return (
    <I18nProvider i18n={i18n}>
      <CrashBoundary>
        <ServicesProvider services={services}>
          <FirstScreenProvider value={firstScreen}>
            <Router ssrPath={ssr?.path} ssrSearch={ssr?.search}>
              <ScrollToTop />
              <Shell>
                <AppRoutes />
              </Shell>
            </Router>
          </FirstScreenProvider>
        </ServicesProvider>
      </CrashBoundary>
    </I18nProvider>
  );
}
