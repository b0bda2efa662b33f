import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COLOR_DE, colorLabel } from './colour-names.ts';

describe('colour names', () => {
  it('has the German colour and flavour names of the storefront’s catalogue (src/i18n/locales/de/messages.po)', () => {
    const po = readFileSync(new URL('../../../src/i18n/locales/de/messages.po', import.meta.url), 'utf8');
    const storefront = new Map([...po.matchAll(/msgctxt "(?:colour|flavour)"\nmsgid "([^"]+)"\nmsgstr "([^"]*)"/g)].map(([, id, str]) => [id, str]));
    expect(storefront.size).toBeGreaterThan(0);
    expect(Object.fromEntries(storefront)).toEqual(COLOR_DE);
  });

  it('names a colour in German for German texts, and leaves English and unknown values as stored', () => {
    expect(colorLabel('Black', 'de')).toBe('Schwarz');
    expect(colorLabel('Peanut Caramel', 'de')).toBe('Erdnuss-Karamell');
    expect(colorLabel('Black', 'en')).toBe('Black');
    expect(colorLabel('Chartreuse', 'de')).toBe('Chartreuse');
    // Not a key of the list, although every object has it.
    expect(colorLabel('constructor', 'de')).toBe('constructor');
  });
});
