import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, inlineScriptHashes, preconnectOrigins, staticHostHeadersFile } from './securityHeaders.ts';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('inlineScriptHashes', () => {
  it('hashes the scripts a browser runs, as written, and skips data blocks and external scripts', () => {
    const loader = "\n      (function () { document.title = 'ü'; })();\n    ";
    const html = [
      `<script>${loader}</script>`,
      '<script type="module">import("/a.js")</script>',
      '<script type="application/json" id="npng-first-screen">{"a":1}</script>',
      '<script type="application/ld+json">{"@context":"https://schema.org"}</script>',
      '<script type="module" crossorigin src="/assets/index.js"></script>',
      `<script>${loader}</script>`,
    ].join('\n');
    expect(inlineScriptHashes(html)).toEqual([sha(loader), sha('import("/a.js")')]);
  });
});

describe('contentSecurityPolicy', () => {
  it("never allows inline or eval'd scripts beyond the hashes, and lists each origin once", () => {
    const csp = contentSecurityPolicy({
      scriptHashes: ["'sha256-x'"],
      apiOrigins: ['https://api.example.test', 'https://api.example.test', undefined],
      connectOrigins: [undefined],
    });
    const scriptSrc = csp.split('; ').find((d) => d.startsWith('script-src '));
    expect(scriptSrc).toBe("script-src 'self' 'sha256-x'");
    expect(csp).not.toMatch(/unsafe-eval/);
    expect(csp).toContain("connect-src 'self' https://api.example.test;");
    expect(csp).toContain("img-src 'self' data: blob: https://api.example.test;");
  });

  it('reads the API origin from the built page’s preconnect', () => {
    expect(preconnectOrigins('<link rel="preconnect" href="https://x.supabase.co" crossorigin=""><link rel="icon" href="/f.svg">')).toEqual(['https://x.supabase.co']);
  });

  it('gives a static host the same headers in a _headers file, HSTS included', () => {
    const file = staticHostHeadersFile("default-src 'self'");
    expect(file).toContain("/*\n  Content-Security-Policy: default-src 'self'\n  X-Frame-Options: DENY\n");
    expect(file).toContain('  Strict-Transport-Security: max-age=31536000\n');
    expect(file).toContain('/assets/*\n  Cache-Control: public, max-age=31536000, immutable\n');
  });
});
