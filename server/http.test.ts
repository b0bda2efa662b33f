import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { strongEtag, type ApiResponse } from './http.ts';

/** The ETag as first written: status, sorted headers and body fed to the hash piece by piece. */
function referenceEtag(res: ApiResponse): string {
  const hash = createHash('sha256');
  hash.update(`${res.status}\n`);
  for (const [name, value] of Object.entries(res.headers ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    hash.update(`${name.toLowerCase()}: ${value}\n`);
  }
  hash.update('\n');
  if (res.body !== undefined) hash.update(res.body);
  return `"${hash.digest('base64url').slice(0, 32)}"`;
}

const text = fc.oneof(fc.string({ maxLength: 300 }), fc.string({ unit: 'binary', maxLength: 300 }), fc.string({ unit: 'grapheme', maxLength: 100 }));
const response = fc.record(
  {
    status: fc.integer({ min: 100, max: 599 }),
    headers: fc.dictionary(fc.oneof(fc.constantFrom('Content-Type', 'content-range', 'ETag', 'preference-applied', 'Z', 'a', 'B'), fc.string({ maxLength: 20 })), text, {
      maxKeys: 8,
    }),
    body: fc.oneof(text, fc.uint8Array({ maxLength: 300 }), fc.constant(undefined)),
  },
  { requiredKeys: ['status'] },
);

describe('strongEtag', () => {
  it('hashes exactly what the piecewise hash did (status, headers sorted by name, body)', () => {
    fc.assert(
      fc.property(response, (res) => {
        expect(strongEtag(res as ApiResponse)).toBe(referenceEtag(res as ApiResponse));
      }),
      { numRuns: 2000 },
    );
  });

  it('is stable for a known answer', () => {
    const res: ApiResponse = {
      status: 200,
      headers: { 'content-type': 'application/json; charset=utf-8', 'content-range': '0-0/*' },
      body: '[{"id":1,"title":"Grind Hoodie ä 😀"}]',
    };
    expect(strongEtag(res)).toBe(referenceEtag(res));
    expect(strongEtag({ ...res, body: Buffer.from(res.body as string) })).toBe(strongEtag(res));
    expect(strongEtag({ status: 204 })).toBe(referenceEtag({ status: 204 }));
  });
});
