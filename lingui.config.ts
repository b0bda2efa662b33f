import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/**
 * One catalogue for the shell (app/, ui/, i18n/, config/) and one per feature folder, so a screen's texts
 * load with its code-split chunk instead of with the first page.
 */
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'de'],
  fallbackLocales: { default: 'en' },
  format: formatter({ lineNumbers: false }),
  catalogs: [
    {
      path: '<rootDir>/src/i18n/locales/{locale}/messages',
      include: ['<rootDir>/src/app', '<rootDir>/src/ui', '<rootDir>/src/i18n', '<rootDir>/src/services', '<rootDir>/src/config'],
    },
    {
      path: '<rootDir>/src/features/{name}/locales/{locale}/messages',
      include: ['<rootDir>/src/features/{name}'],
    },
  ],
});
