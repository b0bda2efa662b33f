import { describe, expect, it } from 'vitest';
import { readFirstScreen } from '../../src/app/firstScreen';
import { acceptedLanguages, render } from '../../src/entry-server';

/**
 * src/entry-server.tsx needs the app's Vite plugins (the Lingui macro, import.meta.glob), so it is
 * tested here in the `web` project rather than in `unit`. Only pages that load no catalogue data are
 * rendered (no backend here); the landing screens with their data are covered by
 * tests/e2e/first-screen.spec.ts against the built server bundle.
 */

describe('acceptedLanguages', () => {
  it('is empty without a header', () => {
    expect(acceptedLanguages(undefined)).toEqual([]);
    expect(acceptedLanguages('')).toEqual([]);
    expect(acceptedLanguages('   ')).toEqual([]);
  });

  it('orders by q, most preferred first; equal q keeps the header order', () => {
    expect(acceptedLanguages('de-DE,de;q=0.9,en;q=0.8')).toEqual(['de-DE', 'de', 'en']);
    expect(acceptedLanguages('en;q=0.5,de')).toEqual(['de', 'en']);
    expect(acceptedLanguages('en;q=0.1, fr;q=0.8, de;q=0.8, it;q=0.9')).toEqual(['it', 'fr', 'de', 'en']);
    expect(acceptedLanguages('fr,de,en')).toEqual(['fr', 'de', 'en']);
    expect(acceptedLanguages('en;q=.5,de;q=0.50001')).toEqual(['de', 'en']);
  });

  it('tolerates spaces around tags and parameters, and ignores other parameters', () => {
    expect(acceptedLanguages('  de-DE ; q=0.4 ,  en ')).toEqual(['en', 'de-DE']);
    expect(acceptedLanguages('de;level=1;q=0.9,en;q=0.3')).toEqual(['de', 'en']);
  });

  it('drops *, q=0 and q values that are not numbers', () => {
    expect(acceptedLanguages('*')).toEqual([]);
    expect(acceptedLanguages('*,de;q=0.5')).toEqual(['de']);
    expect(acceptedLanguages('de;q=0,en')).toEqual(['en']);
    expect(acceptedLanguages('de;q=0.000,en;q=0.1')).toEqual(['en']);
    expect(acceptedLanguages('de;q=1.2.3,en;q=0.2')).toEqual(['en']);
  });

  it('survives garbage without throwing and returns only tags from the header', () => {
    for (const header of [',,,;;;', ';q=0.9', 'q=1', '\u0000,\uffff', ';;de', '=,=;=', 'de;q=', 'de;;;;q=0.5', 'ü'.repeat(10_000), '\ud800']) {
      const tags = acceptedLanguages(header);
      expect(Array.isArray(tags)).toBe(true);
      for (const tag of tags) {
        expect(tag).not.toBe('');
        expect(header).toContain(tag);
      }
    }
    expect(acceptedLanguages(',,,;;;')).toEqual([]);
    expect(acceptedLanguages(';q=0.9')).toEqual([]);
  });

  it('reads at most the first 20 entries of a header with 1,000', () => {
    const many = Array.from({ length: 1000 }, (_, i) => `x${i};q=0.5`);
    const tags = acceptedLanguages(many.join(','));
    expect(tags).toEqual(many.slice(0, 20).map((entry) => entry.split(';')[0]));
    // A language named first still wins; one named after the 20th is not looked at.
    expect(acceptedLanguages(['de', ...many].join(','))[0]).toBe('de');
    expect(acceptedLanguages([...many, 'de;q=1'].join(','))).not.toContain('de');
  });
});

/** The page's `<script type="application/json">` parsed as the browser parses it. */
function stateOf(state: string) {
  const doc = new DOMParser().parseFromString(`<!doctype html><body>${state}</body>`, 'text/html');
  return readFirstScreen(doc);
}

describe('render (pages without catalogue data)', () => {
  it('renders /about in English by default, with an empty first screen', async () => {
    const page = await render({ url: '/about' });
    expect(page.status).toBe(200);
    expect(page.html).not.toContain('Oops! Page not found');
    expect(page.locale).toBe('en');
    expect(page.html).toContain('aria-label="Main"');
    expect(stateOf(page.state)).toEqual({ locale: 'en', snapshots: {} });
  });

  // Issue 24: the admin has its own layout, on the server too: no shop footer with its newsletter signup.
  it.each(['/admin/products', '/admin/reviews?status=all', '/admin/orders'])('renders %s without the shop footer', async (url) => {
    const page = await render({ url });
    expect(page.status).toBe(200);
    expect(page.html).not.toContain('<footer');
    expect(page.html).not.toContain('Join the grind');
    expect((await render({ url: '/about' })).html).toContain('Join the grind');
  });

  it.each([
    ['?lang=de', { url: '/about?lang=de' }],
    ['the npng.lang cookie', { url: '/about', cookie: 'theme=dark; npng.lang=de; other=1' }],
    ['Accept-Language', { url: '/about', acceptLanguage: 'de-DE,de;q=0.9,en;q=0.8' }],
    ['Accept-Language by q', { url: '/about', acceptLanguage: 'en;q=0.3,fr;q=0.8,de-AT;q=0.5' }],
    ['?lang=de over an English cookie', { url: '/about?lang=de', cookie: 'npng.lang=en', acceptLanguage: 'en' }],
    ['the cookie over Accept-Language', { url: '/about', cookie: 'npng.lang=de', acceptLanguage: 'en-US,en' }],
    ['Accept-Language when ?lang and the cookie are unknown languages', { url: '/about?lang=fr', cookie: 'npng.lang=xx', acceptLanguage: 'de' }],
  ])('renders German from %s: texts, locale and state', async (_, request) => {
    const page = await render(request);
    expect(page.locale).toBe('de');
    expect(page.html).toContain('aria-label="Hauptnavigation"');
    expect(page.html).not.toContain('aria-label="Main"');
    expect(stateOf(page.state)?.locale).toBe('de');
  });

  it.each([
    ['?lang=en over a German cookie', { url: '/about?lang=en', cookie: 'npng.lang=de', acceptLanguage: 'de' }],
    ['an English cookie over a German browser', { url: '/about', cookie: 'npng.lang=en', acceptLanguage: 'de-DE' }],
    ['a browser that speaks neither', { url: '/about', acceptLanguage: 'fr-FR,fr;q=0.9' }],
    ['a cookie named like it, but not it', { url: '/about', cookie: 'xnpng.lang=de; npng.language=de' }],
  ])('renders English for %s', async (_, request) => {
    const page = await render(request);
    expect(page.locale).toBe('en');
    expect(page.html).toContain('aria-label="Main"');
  });

  it('a malformed language cookie is ignored, not a failed render', async () => {
    await expect(render({ url: '/about', cookie: 'npng.lang=%E0%A4%A', acceptLanguage: 'de' })).resolves.toMatchObject({ status: 200, locale: 'de' });
    await expect(render({ url: '/about', cookie: 'npng.lang=%' })).resolves.toMatchObject({ status: 200, locale: 'en' });
  });

  it.each(['/no-such-page', '/shop/a/b', '/orders/1/2', '/%E0%A4%A', '/shop/%E0%A4%A', '/support/unknown', '//example.com/shop/x/y'])(
    'answers %s with the 404 page',
    async (url) => {
      const page = await render({ url });
      expect(page.status).toBe(404);
      expect(stateOf(page.state)).toEqual({ locale: 'en', snapshots: {} });
      expect(page.html).toContain('Oops! Page not found');
      expect(page.html).toContain('aria-label="Main"');
    },
  );

  it.each([
    ['/impressum', 'en', 'Legal notice'],
    ['/impressum?lang=de', 'de', 'Impressum'],
  ])('renders the legal notice %s on the server', async (url, locale, heading) => {
    const page = await render({ url });
    expect(page).toMatchObject({ status: 200, locale });
    expect(page.html).toContain(`>${heading}</h1>`);
    expect(page.html).toContain('HRB 123456 B');
    expect(page.html).toContain(`href="/impressum"`);
  });

  it('the 404 page is German for a German visitor', async () => {
    const page = await render({ url: '/nope?lang=de' });
    expect(page.status).toBe(404);
    expect(page.html).toContain('aria-label="Hauptnavigation"');
  });
});
