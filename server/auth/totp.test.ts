import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { acceptedStep, newTotpSecret, openSecret, qrCodeSvg, sealSecret, timeStep, totpUri } from './totp.ts';

const JWT_SECRET = 'a-test-jwt-secret-with-at-least-32-characters';
const FACTOR = '6f1c9e0e-3b7a-4c2e-9a57-0d7f2b1c4e11';
/** An authenticator app's code for the step `at` falls in (otpauth, independent of the code under test). */
const appCode = (secret: string, at: Date) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: at.getTime() });

describe('TOTP codes', () => {
  const secret = newTotpSecret();
  const at = new Date('2026-11-24T10:00:10Z');

  it('makes 160-bit base32 secrets, a new one each time', () => {
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
  });

  it('accepts the code of this step and of one step either side, naming the step it belongs to', () => {
    const step = timeStep(at);
    expect(acceptedStep(secret, appCode(secret, at), at)).toBe(step);
    expect(acceptedStep(secret, appCode(secret, new Date(at.getTime() - 30_000)), at)).toBe(step - 1);
    expect(acceptedStep(secret, appCode(secret, new Date(at.getTime() + 30_000)), at)).toBe(step + 1);
  });

  it('refuses codes two steps away, of another secret, or not six digits', () => {
    expect(acceptedStep(secret, appCode(secret, new Date(at.getTime() - 60_000)), at)).toBeNull();
    expect(acceptedStep(secret, appCode(secret, new Date(at.getTime() + 60_000)), at)).toBeNull();
    expect(acceptedStep(newTotpSecret(), appCode(secret, at), at)).toBeNull();
    const code = appCode(secret, at);
    for (const bad of [` ${code}`, `${code}0`, code.slice(1), '12345a', '']) expect(acceptedStep(secret, bad, at)).toBeNull();
  });

  it('writes an otpauth URI with issuer, account and the secret, and its QR code as SVG markup', () => {
    const uri = totpUri(secret, 'shop.example', 'admin@example.test');
    const parsed = new URL(uri);
    expect(parsed.protocol).toBe('otpauth:');
    expect(`${parsed.host}${decodeURIComponent(parsed.pathname)}`).toBe('totp/shop.example:admin@example.test');
    expect(Object.fromEntries(parsed.searchParams)).toMatchObject({ issuer: 'shop.example', secret, algorithm: 'SHA1', digits: '6', period: '30' });
    const svg = qrCodeSvg(uri);
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg.endsWith('</svg>')).toBe(true);
    expect(svg).not.toContain('#'); // it travels unescaped in a data: URL (supabase-js)
  });
});

describe('sealed secrets', () => {
  const secret = newTotpSecret();

  it('stores the secret so that the stored text does not show it, and opens it again', () => {
    const stored = sealSecret(JWT_SECRET, FACTOR, secret);
    expect(stored).not.toContain(secret);
    expect(sealSecret(JWT_SECRET, FACTOR, secret)).not.toBe(stored); // a fresh nonce each time
    expect(openSecret(JWT_SECRET, FACTOR, stored)).toBe(secret);
  });

  it('does not open with another key, for another factor, tampered with, or unsealed', () => {
    const stored = sealSecret(JWT_SECRET, FACTOR, secret);
    expect(openSecret(`${JWT_SECRET}-other`, FACTOR, stored)).toBeUndefined();
    expect(openSecret(JWT_SECRET, '00000000-0000-0000-0000-000000000000', stored)).toBeUndefined();
    const tampered = stored.slice(0, -2) + (stored.endsWith('AA') ? 'BB' : 'AA');
    expect(openSecret(JWT_SECRET, FACTOR, tampered)).toBeUndefined();
    expect(openSecret(JWT_SECRET, FACTOR, secret)).toBeUndefined();
    expect(openSecret(JWT_SECRET, FACTOR, 'aes-256-gcm:x')).toBeUndefined();
  });
});
