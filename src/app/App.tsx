import { I18nProvider } from '@lingui/react';
import { Router } from 'wouter';
import { i18n } from '../i18n/i18n';
import { ServicesProvider, type AppServices } from '../services/context';
import { AppRoutes } from './routes';
import { Shell } from './Shell';
import { CrashBoundary } from './shell/ErrorBoundaries';
import { ScrollToTop } from './ScrollToTop';

export function App({ services }: { services: AppServices }) {
  return (
    <I18nProvider i18n={i18n}>
      <CrashBoundary>
        <ServicesProvider services={services}>
          <Router>
            <ScrollToTop />
            <Shell>
              <AppRoutes />
            </Shell>
          </Router>
        </ServicesProvider>
      </CrashBoundary>
    </I18nProvider>
  );
}
