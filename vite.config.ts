import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import babel from '@rolldown/plugin-babel';
import { lingui } from '@lingui/vite-plugin';

const FRAMEWORK =
  /node_modules[\\/](react|react-dom|scheduler|wouter|regexparam|xstate|@xstate[\\/]react|use-sync-external-store|use-isomorphic-layout-effect|@lingui[\\/](core|react)|@messageformat)[\\/]|[\\/]styled-system[\\/]/;

// The Lingui macro is a Babel plugin; it must run before react() so JSX is still intact.
export default defineConfig({
  plugins: [babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }), react(), lingui()],
  server: { port: 5173, strictPort: true },
  preview: { port: 5173, strictPort: true },
  build: {
    target: 'es2022',
    sourcemap: false,
    manifest: true,
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Every page needs the framework (React, the router, XState, Lingui, Panda's runtime):
          // one chunk for it compresses better and costs fewer requests than the dozen small
          // shared chunks automatic splitting makes of it.
          groups: [{ name: 'framework', test: FRAMEWORK }],
        },
      },
    },
  },
});
