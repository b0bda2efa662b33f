import type { Preview } from '@storybook/react-vite';
import { I18nProvider } from '@lingui/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { activateAllCatalogs, i18n, isLocale } from '../src/i18n/i18n';
import '../src/index.css';

const preview: Preview = {
  globalTypes: {
    locale: {
      description: 'Language',
      toolbar: {
        title: 'Language',
        icon: 'globe',
        items: [
          { value: 'en', title: 'English' },
          { value: 'de', title: 'Deutsch' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { locale: 'en' },
  parameters: { layout: 'fullscreen', backgrounds: { disable: true }, a11y: { test: 'error' } },
  loaders: [
    async ({ globals }) => {
      const locale = isLocale(globals.locale) ? globals.locale : 'en';
      await activateAllCatalogs(locale);
      document.documentElement.lang = locale;
      return {};
    },
  ],
  decorators: [
    (Story, { parameters }) => {
      const { hook } = memoryLocation({ path: (parameters.path as string | undefined) ?? '/', record: true });
      return (
        <I18nProvider i18n={i18n}>
          <Router hook={hook}>
            <Story />
          </Router>
        </I18nProvider>
      );
    },
  ],
};

export default preview;
