import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import react from '@vitejs/plugin-react';
import babel from '@rolldown/plugin-babel';
import { lingui } from '@lingui/vite-plugin';
import { contentSecurityPolicy, inlineScriptHashes, originOf, staticHostHeadersFile } from './server/securityHeaders.ts';

const FRAMEWORK =
  /node_modules[\\/](react|react-dom|scheduler|wouter|regexparam|xstate|@xstate[\\/]react|use-sync-external-store|use-isomorphic-layout-effect|@lingui[\\/](core|react)|@messageformat)[\\/]|[\\/]styled-system[\\/]/;

/**
 * What every page mounts when the browser is first idle (ADR 0012): the notification area, the
 * cart drawer and the footer's newsletter form.
 */
const IDLE_PARTS = ['src/features/toasts/ToasterContainer.tsx', 'src/features/cart/CartDrawerContainer.tsx', 'src/features/newsletter/NewsletterSignup.tsx'].map((path) =>
  fileURLToPath(new URL(path, import.meta.url)),
);

/**
 * Names 'idle' the modules the idle parts import (statically, through any depth) that no earlier
 * group took: they always load together, and one chunk of them is ~3 KB gzip smaller on `/` than
 * the dozen small shared chunks automatic splitting makes of them (ADR 0017).
 */
function idleChunk(id: string, ctx: Rolldown.ChunkingContext): string | null {
  const seen = new Set<string>();
  const visit = (module: string) => {
    if (seen.has(module)) return;
    seen.add(module);
    for (const imported of ctx.getModuleInfo(module)?.importedIds ?? []) visit(imported);
  };
  for (const root of IDLE_PARTS) visit(root);
  return seen.has(id) ? 'idle' : null;
}

/**
 * Writes `.br` and `.gz` beside every text file of the build, so the static server (sirv, and
 * any CDN that honours them) sends compressed files without compressing per request: the
 * framework chunk is 290 KB as it is and 93 KB gzipped. Done from the files on disk once they are
 * written: in generateBundle, chunks still hold placeholders Vite fills in afterwards.
 */
function precompress(): Plugin {
  return {
    name: 'npng:precompress',
    apply: 'build',
    enforce: 'post',
    writeBundle(options, bundle) {
      // The server bundle (dist/server) is read from disk by Node, never sent.
      if (this.environment?.config.consumer === 'server') return;
      const dir = options.dir ?? 'dist';
      for (const fileName of Object.keys(bundle)) {
        if (!/\.(js|mjs|css|html|svg|json|txt)$/.test(fileName)) continue;
        const path = join(dir, fileName);
        const source = readFileSync(path);
        if (source.length < 1024) continue;
        writeFileSync(`${path}.br`, brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${path}.gz`, gzipSync(source, { level: 9 }));
      }
    },
  };
}

/**
 * `<link rel="preconnect">` to the Supabase URL the build talks to (VITE_SUPABASE_URL, else the
 * local backend as in src/api/client.ts): the API is another origin, so the first request would
 * otherwise wait for a new connection after the app's code has loaded.
 */
function preconnectApi(): Plugin {
  let origin = 'http://localhost:54321';
  return {
    name: 'npng:preconnect-api',
    configResolved(config) {
      const url = config.env.VITE_SUPABASE_URL;
      if (url) origin = new URL(url).origin;
    },
    transformIndexHtml: () => [{ tag: 'link', attrs: { rel: 'preconnect', href: origin, crossorigin: '' }, injectTo: 'head' }],
  };
}

/**
 * `<link rel="modulepreload">` for the shell's catalogues: the app renders nothing until the
 * visitor's language is loaded, so that small chunk should not wait for the app's code to ask.
 */
function preloadShellCatalogues(): Plugin {
  return {
    name: 'npng:preload-shell-catalogues',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (_html, ctx) =>
        Object.values(ctx.bundle ?? {})
          .filter((chunk): chunk is Rolldown.OutputChunk => chunk.type === 'chunk' && /[\\/]src[\\/]i18n[\\/]locales[\\/][a-z]+[\\/]messages\.po$/.test(chunk.facadeModuleId ?? ''))
          .map((chunk) => ({
            tag: 'link',
            // The language, so a server rendering the page keeps only its own (server/web.ts fillTemplate).
            attrs: {
              rel: 'modulepreload',
              href: `/${chunk.fileName}`,
              crossorigin: '',
              'data-locale': /[\\/]locales[\\/]([a-z]+)[\\/]/.exec(chunk.facadeModuleId ?? '')?.[1] ?? '',
            },
            injectTo: 'head' as const,
          })),
    },
  };
}

/**
 * The app's scripts start loading once the page has painted: a server-rendered page paints its first
 * screen without them, so the stylesheet and the first screen's images have the connection to
 * themselves (Lighthouse also counts every script requested before the largest paint as part of its
 * path). The entry `<script type="module">` and Vite's modulepreloads become one small inline
 * loader that adds them after DOMContentLoaded and the next frame (ADR 0018). The language
 * catalogues' preloads stay as they are (low priority; the server keeps only the page's own).
 */
function scriptsAfterFirstPaint(): Plugin {
  return {
    name: 'npng:scripts-after-first-paint',
    apply: 'build',
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler: (html) => {
        const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\n?/.exec(html);
        if (!entry) throw new Error('scriptsAfterFirstPaint: no entry script in index.html');
        const preloads: string[] = [];
        let out = html.replace(entry[0], '').replace(/[ \t]*<link rel="modulepreload" crossorigin href="([^"]+)">\n?/g, (_, href: string) => {
          preloads.push(href);
          return '';
        });
        const loader = `<script>
      (function () {
        function add(tag, attrs) {
          var el = document.createElement(tag);
          for (var name in attrs) el.setAttribute(name, attrs[name]);
          document.head.appendChild(el);
        }
        function load() {
          ${JSON.stringify(preloads)}.forEach(function (href) { add('link', { rel: 'modulepreload', crossorigin: '', href: href }); });
          add('script', { type: 'module', crossorigin: '', src: ${JSON.stringify(entry[1])} });
        }
        function afterPaint() { requestAnimationFrame(function () { setTimeout(load, 0); }); }
        if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', afterPaint);
        else afterPaint();
      })();
    </script>
`;
        out = out.replace('</head>', () => `    ${loader}  </head>`);
        return out.replace(/<link rel="modulepreload"(?![^>]*fetchpriority)/g, '<link rel="modulepreload" fetchpriority="low"');
      },
    },
  };
}

/**
 * `dist/_headers` (Netlify, Cloudflare Pages): the headers server/web.ts sends, for a static host.
 * The Content-Security-Policy allows the inline scripts of this build's index.html by their
 * hashes (the loader above names this build's chunks, so they change with every build) and
 * connections to the API and the country lookup as src/api/client.ts and src/api/geo.ts resolve
 * them from the same environment (ADR 0030).
 */
function staticHostHeaders(): Plugin {
  let env: Record<string, string> = {};
  return {
    name: 'npng:static-host-headers',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      env = config.env;
    },
    writeBundle(options) {
      if (this.environment?.config.consumer === 'server') return;
      const dir = options.dir ?? 'dist';
      const api = env.VITE_SUPABASE_URL || 'http://localhost:54321';
      const geo = env.VITE_GEO_URL ?? (env.VITE_SUPABASE_URL ? '' : `${api}/_dev/geo`);
      const csp = contentSecurityPolicy({
        scriptHashes: inlineScriptHashes(readFileSync(join(dir, 'index.html'), 'utf8')),
        apiOrigins: [originOf(api)],
        connectOrigins: [originOf(geo)],
      });
      writeFileSync(join(dir, '_headers'), staticHostHeadersFile(csp));
    },
  };
}

// The Lingui macro is a Babel plugin; it must run before react() so JSX is still intact.
export default defineConfig({
  plugins: [
    babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
    react(),
    lingui(),
    preconnectApi(),
    preloadShellCatalogues(),
    scriptsAfterFirstPaint(),
    precompress(),
    staticHostHeaders(),
  ],
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
          // shared chunks automatic splitting makes of it. The same holds for the shell (all the
          // entry imports statically; the entry module itself stays apart, so index.html and the
          // manifest keep their entry chunk) and for what the idle parts import (ADR 0017).
          groups: [
            { name: 'framework', test: FRAMEWORK },
            { name: 'shell', tags: ['$initial'], test: (id) => !/[\\/]src[\\/]main\.tsx$|\.html$/.test(id) },
            { debugName: 'idle', test: /[\\/](src|machines|domain)[\\/]/, name: idleChunk },
          ],
        },
      },
    },
  },
});
