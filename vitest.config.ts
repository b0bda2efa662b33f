import { defineConfig } from 'vitest/config';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/chromium.ts';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['server/**/*.test.ts', 'supabase/**/*.test.ts', 'tests/unit/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          // Many files boot their own embedded Postgres; on two busy cores the defaults are too tight.
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/integration/global-setup.ts'],
          // One backend (one embedded Postgres) is shared by all files: run them one at a time.
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        // Machines, model-based tests and views in jsdom, with the app's Vite plugins (Lingui macro).
        extends: './vite.config.ts',
        test: {
          name: 'web',
          include: ['tests/model/**/*.test.{ts,tsx}', 'tests/web/**/*.test.{ts,tsx}', 'machines/**/*.test.ts', 'src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/web/setup.ts'],
          testTimeout: 20_000,
        },
      },
      {
        // Every story is a test: rendered in Debian's Chromium, its play function run.
        extends: './vite.config.ts',
        plugins: [storybookTest({ configDir: '.storybook' })],
        // Pre-bundled up front: a dependency discovered mid-run makes Vite reload the page under a test.
        optimizeDeps: {
          include: [
            'react',
            'react-dom',
            'react-dom/client',
            'react/jsx-dev-runtime',
            'wouter',
            'wouter/memory-location',
            '@lingui/core',
            '@lingui/react',
            'xstate',
            '@xstate/react',
            '@ark-ui/react/accordion',
            '@ark-ui/react/dialog',
            '@ark-ui/react/menu',
            '@ark-ui/react/portal',
            '@ark-ui/react/tabs',
            '@ark-ui/react/slider',
            '@ark-ui/react/drawer',
            'storybook/test',
            '@storybook/addon-a11y/preview',
            'axe-core',
            'uqr',
          ],
        },
        test: {
          name: 'storybook',
          testTimeout: 30_000,
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({ launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS } }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
    ],
  },
});
