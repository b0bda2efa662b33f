import { describe, expect, it } from 'vitest';
import { characterSets } from '../config.ts';
import { AuthError } from './errors.ts';
import { checkPassword, normaliseEmail } from './validate.ts';
import { RateLimiter } from './rateLimit.ts';
import { parseBanDuration } from './admin.ts';

const failure = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    if (e instanceof AuthError) return { status: e.status, code: e.errorCode, message: e.message, reasons: e.weakPasswordReasons };
    throw e;
  }
  return undefined;
};

describe('email and password rules', () => {
  it('normalises valid addresses and rejects invalid ones with GoTrue messages', () => {
    expect(normaliseEmail('  Alex@NoPain-NoGain.test ')).toBe('alex@nopain-nogain.test');
    expect(normaliseEmail("o'brien+gym@mail.example.co.uk")).toBe("o'brien+gym@mail.example.co.uk");
    for (const bad of ['plain', 'a@b', '@x.test', 'a..b@x.test', 'a@-x.test', 'a b@x.test', 'a@x.test.']) {
      expect(failure(() => normaliseEmail(bad))).toEqual({
        status: 400,
        code: 'validation_failed',
        message: 'Unable to validate email address: invalid format',
        reasons: undefined,
      });
    }
    expect(failure(() => normaliseEmail(''))?.message).toBe('An email address is required');
    expect(failure(() => normaliseEmail(`${'a'.repeat(250)}@x.test`))?.message).toBe('An email address is too long');
  });

  const DEFAULT = { minLength: 8, requiredCharacters: [] };
  const CLASSES = { minLength: 8, requiredCharacters: characterSets('abcdefghijklmnopqrstuvwxyz:ABCDEFGHIJKLMNOPQRSTUVWXYZ:0123456789') };

  it('accepts 8 to 72 bytes by default; shorter is weak, longer is invalid', () => {
    expect(failure(() => checkPassword('12345678', DEFAULT))).toBeUndefined();
    expect(failure(() => checkPassword('x'.repeat(72), DEFAULT))).toBeUndefined();
    expect(failure(() => checkPassword('1234567', DEFAULT))).toEqual({
      status: 422,
      code: 'weak_password',
      message: 'Password should be at least 8 characters.',
      reasons: ['length'],
    });
    expect(failure(() => checkPassword('ü'.repeat(37), DEFAULT))?.code).toBe('validation_failed');
  });

  it('counts the minimum length in bytes, as GoTrue (Go len) does', () => {
    expect(failure(() => checkPassword('üüüü', DEFAULT))).toBeUndefined();
    expect(failure(() => checkPassword('üüü', { ...DEFAULT, minLength: 7 }))?.reasons).toEqual(['length']);
    expect(failure(() => checkPassword('123456789012', { ...DEFAULT, minLength: 12 }))).toBeUndefined();
    expect(failure(() => checkPassword('12345678901', { ...DEFAULT, minLength: 12 }))?.message).toBe('Password should be at least 12 characters.');
  });

  it('requires one character of each configured set, naming all sets once', () => {
    expect(failure(() => checkPassword('Abcdefg1', CLASSES))).toBeUndefined();
    const message = 'Password should contain at least one character of each: abcdefghijklmnopqrstuvwxyz, ABCDEFGHIJKLMNOPQRSTUVWXYZ, 0123456789.';
    for (const weak of ['abcdefgh1', 'ABCDEFGH1', 'Abcdefghi']) {
      expect(failure(() => checkPassword(weak, CLASSES))).toEqual({ status: 422, code: 'weak_password', message, reasons: ['characters'] });
    }
    expect(failure(() => checkPassword('abc', CLASSES))).toEqual({
      status: 422,
      code: 'weak_password',
      message: `Password should be at least 8 characters. ${message}`,
      reasons: ['length', 'characters'],
    });
  });

  it("reads GoTrue's PASSWORD_REQUIRED_CHARACTERS: ':' separates sets, '\\:' is a colon", () => {
    expect(characterSets(undefined)).toEqual([]);
    expect(characterSets('')).toEqual([]);
    expect(characterSets('abc:XYZ')).toEqual(['abc', 'XYZ']);
    expect(characterSets('!?\\:.:0123')).toEqual(['!?:.', '0123']);
    expect(failure(() => checkPassword('abcdefgh:', { minLength: 8, requiredCharacters: characterSets('!\\:') }))).toBeUndefined();
  });
});

describe('rate limiter', () => {
  it('allows the budget per key per window, then refuses until old requests age out', async () => {
    let at = 0;
    const limiter = new RateLimiter(2, 1000, () => at);
    expect(await limiter.take('a')).toBe(1);
    at = 10;
    expect(await limiter.take('a')).toBe(2);
    at = 20;
    expect(await limiter.take('a')).toBe(0);
    expect(await limiter.take('b')).toBe(1);
    await limiter.release('b');
    expect(await limiter.take('b')).toBe(1);
    at = 1001;
    expect(await limiter.take('a')).toBe(2);
    expect(await new RateLimiter(0, 1000).take('a')).toBe(1);
  });
});

describe('ban durations', () => {
  it('parses Go durations and none', () => {
    expect(parseBanDuration('none')).toBeNull();
    const until = parseBanDuration('1h30m')?.getTime() ?? 0;
    expect(Math.round((until - Date.now()) / 60_000)).toBe(90);
    expect(failure(() => parseBanDuration('1 day'))?.status).toBe(400);
  });
});
