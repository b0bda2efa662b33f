// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fillTemplate } from '../../server/web';
import { FIRST_SCREEN_ELEMENT_ID, readFirstScreen, serializeFirstScreen } from '../../src/app/firstScreen';
import type { FirstScreen } from '../../src/services/firstScreen';

/**
 * The first screen's way into the page (docs/adr/0018): the machines' snapshots are serialized into
 * an inline `<script type="application/json">`, the server puts it and the markup into index.html,
 * and the browser reads it back. Parsing is done by jsdom's HTML parser, i.e. as a browser would, so
 * a title that could close the element early shows up as a broken round trip or a stray element.
 */

const ROOT = join(import.meta.dirname, '..', '..');
/** The source template: the built one differs only in the script tags (the parts fillTemplate touches are the same). */
const TEMPLATE = readFileSync(join(ROOT, 'index.html'), 'utf8');

const HOSTILE_TITLE = 'Tee </script><script>alert(1)</script> \u2028line\u2029para <!-- <script> </SCRIPT >';

const screenWith = (title: string, locale: 'en' | 'de' = 'en'): FirstScreen => ({
  locale,
  snapshots: {
    'product:tee': { status: 'active', value: 'ready', context: { product: { title, description: title, slug: 'tee' } } },
    'shop:/shop|en': { status: 'active', value: 'results', context: { products: [{ title }], total: 1 } },
  },
});

const stateElement = (json: string) => `<script type="application/json" id="${FIRST_SCREEN_ELEMENT_ID}">${json}</script>`;

/** The page as the server sends it, parsed the way a browser parses it. */
function servedPage(screen: FirstScreen, html = '<main><h1>Shop</h1></main>'): Document {
  const page = fillTemplate(TEMPLATE, { locale: screen.locale, html, state: stateElement(serializeFirstScreen(screen)) });
  return parse(page);
}

/** Parses a whole page as a browser does (jsdom's HTML parser: this file runs in the jsdom environment). */
const parse = (html: string): Document => new DOMParser().parseFromString(html, 'text/html');
const documentWith = (body: string): Document => parse(`<!doctype html><html><head></head><body>${body}</body></html>`);

describe('serializeFirstScreen → readFirstScreen', () => {
  it('round-trips a title that tries to end the element, with U+2028/U+2029, through the HTML parser', () => {
    const screen = screenWith(HOSTILE_TITLE);
    const json = serializeFirstScreen(screen);
    expect(json.toLowerCase()).not.toContain('</script');
    expect(json).not.toContain('<');
    expect(json).not.toMatch(/[\u2028\u2029]/);

    const doc = servedPage(screen);
    expect(readFirstScreen(doc)).toEqual(screen);
    // Nothing from the data became markup: the only scripts are the template's and the state element.
    const scripts = [...doc.querySelectorAll('script')];
    expect(scripts.filter((s) => s.textContent?.includes('alert(1)'))).toHaveLength(1);
    expect(scripts.filter((s) => s.id === FIRST_SCREEN_ELEMENT_ID)).toHaveLength(1);
    expect(doc.getElementById(FIRST_SCREEN_ELEMENT_ID)?.getAttribute('type')).toBe('application/json');
    expect(doc.getElementById('root')?.innerHTML).toBe('<main><h1>Shop</h1></main>');
  });

  it('an unescaped JSON.stringify of the same data would have broken the page (the test can fail)', () => {
    const doc = documentWith(stateElement(JSON.stringify(screenWith(HOSTILE_TITLE))));
    expect(readFirstScreen(doc)).toBeUndefined();
    expect([...doc.querySelectorAll('script')].some((s) => s.id !== FIRST_SCREEN_ELEMENT_ID && s.textContent === 'alert(1)')).toBe(true);
  });

  it('round-trips any text and key (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 40 }),
        fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 4 }),
        fc.constantFrom('en' as const, 'de' as const),
        (title, extra, locale) => {
          const screen: FirstScreen = { locale, snapshots: { ...extra, featured: { context: { title } } } };
          const json = serializeFirstScreen(screen);
          expect(json.toLowerCase()).not.toContain('</script');
          expect(json).not.toMatch(/[\u2028\u2029]/);
          // Through JSON (what the browser's JSON.parse sees) the value is unchanged; -0 and the like are JSON's own.
          expect(readFirstScreen(documentWith(stateElement(json)))).toEqual(JSON.parse(JSON.stringify(screen)));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('reads nothing from a page without the element, or with an empty one', () => {
    expect(readFirstScreen(documentWith('<div id="root"></div>'))).toBeUndefined();
    expect(readFirstScreen(documentWith(stateElement('')))).toBeUndefined();
  });

  it.each([
    ['not JSON', '{"locale":"en",'],
    ['garbage', '\u0000\uffff<<>>'],
    ['null', 'null'],
    ['a number', '42'],
    ['a string', '"en"'],
    ['an array', '[{"locale":"en","snapshots":{}}]'],
    ['another locale', '{"locale":"fr","snapshots":{}}'],
    ['a locale in another case', '{"locale":"DE","snapshots":{}}'],
    ['no locale', '{"snapshots":{}}'],
    ['no snapshots', '{"locale":"en"}'],
    ['null snapshots', '{"locale":"en","snapshots":null}'],
    ['text snapshots', '{"locale":"de","snapshots":"featured"}'],
  ])('reads nothing from %s', (_, text) => {
    expect(readFirstScreen(documentWith(stateElement(text)))).toBeUndefined();
  });

  it('reads a German page in German and keeps nothing but locale and snapshots', () => {
    const doc = documentWith(stateElement('{"locale":"de","snapshots":{"featured":{"value":"ready"}},"extra":"<b>"}'));
    expect(readFirstScreen(doc)).toEqual({ locale: 'de', snapshots: { featured: { value: 'ready' } } });
  });
});

describe('fillTemplate (server/web.ts)', () => {
  const page = (over: Partial<{ locale: string; html: string; state: string }> = {}) => ({ locale: 'en', html: '<main>app</main>', state: stateElement('{}'), ...over });

  it('puts the language on <html>, the markup into #root and the state right after it', () => {
    expect(TEMPLATE).toContain('<html lang="en"');
    const de = fillTemplate(TEMPLATE, page({ locale: 'de', html: '<main>Hallo</main>' }));
    const doc = parse(de);
    expect(doc.documentElement.lang).toBe('de');
    expect(doc.getElementById('root')?.innerHTML).toBe('<main>Hallo</main>');
    expect(doc.getElementById('root')?.nextElementSibling?.id).toBe(FIRST_SCREEN_ELEMENT_ID);
    expect(de.match(/<html lang=/g)).toHaveLength(1);
    expect(de).not.toContain('<div id="root"></div>');

    expect(fillTemplate(TEMPLATE, page({ locale: 'en' }))).toContain('<html lang="en"');
  });

  it('writes only en or de into the lang attribute, whatever the renderer says', () => {
    for (const locale of ['fr', '"><script>alert(1)</script>', '']) {
      const doc = parse(fillTemplate(TEMPLATE, page({ locale })));
      expect(doc.documentElement.lang).toBe('en');
      expect(doc.querySelectorAll('script')).toHaveLength(TEMPLATE.match(/<script/g)!.length + 1);
    }
  });

  it('replaces the lang of a template that was built with another one', () => {
    const german = TEMPLATE.replace('<html lang="en"', '<html lang="de"');
    expect(parse(fillTemplate(german, page({ locale: 'en' }))).documentElement.lang).toBe('en');
  });

  it.each(['$&', '$1', '$$', "$'", '$`', '$<name>', '$0 $9 $99'])('takes %s in the page markup literally, not as a replacement pattern', (pattern) => {
    const html = `<main><p>Price ${pattern} only</p></main>`;
    const state = stateElement(`{"t":"${pattern}"}`);
    const filled = fillTemplate(TEMPLATE, page({ html, state }));
    expect(filled).toContain(`<div id="root">${html}</div>${state}`);
    // Nothing of the template got copied in (what $& / $' / $` would do).
    expect(filled.match(/<div id="root">/g)).toHaveLength(1);
    expect(filled.length).toBe(TEMPLATE.length - '<div id="root"></div>'.length + `<div id="root">${html}</div>${state}`.length);
  });

  it("keeps only the page language's shell catalogue preload, and never touches the page markup", () => {
    const links = [
      '<link rel="modulepreload" fetchpriority="low" href="/assets/messages-EN.js" crossorigin="" data-locale="en">',
      '<link rel="modulepreload" fetchpriority="low" href="/assets/messages-DE.js" crossorigin="" data-locale="de">',
    ];
    const built = TEMPLATE.replace('</head>', `    ${links.join('\n    ')}\n  </head>`);
    const markup = '<main><link rel="preload" as="image" href="/x.png" data-locale="de"><p>Hallo</p></main>';
    for (const [locale, kept, dropped] of [
      ['en', 'messages-EN', 'messages-DE'],
      ['de', 'messages-DE', 'messages-EN'],
      ['fr', 'messages-EN', 'messages-DE'],
    ]) {
      const filled = fillTemplate(built, page({ locale, html: markup }));
      expect(filled, locale).toContain(kept);
      expect(filled, locale).not.toContain(dropped);
      expect(filled, locale).toContain(`<div id="root">${markup}</div>`);
      expect(parse(filled).querySelectorAll('head link[data-locale]'), locale).toHaveLength(1);
    }
  });

  it('leaves the rest of the template as it is (the early cart script included)', () => {
    const filled = fillTemplate(TEMPLATE, page());
    const [before, after] = TEMPLATE.split('<div id="root"></div>');
    expect(filled.startsWith(before)).toBe(true);
    expect(filled.endsWith(after)).toBe(true);
    expect(filled).toContain("localStorage.getItem('npng.cart.v1')");
  });
});
