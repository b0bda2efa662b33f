import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { renderSVG } from 'uqr';
import { seal, type SealPurpose, unseal } from './seal.ts';

/** GoTrue's TOTP parameters (pquerna/otp defaults): SHA1, 6 digits, 30-second steps, ±1 step. */
const PERIOD_SECONDS = 30;
const DIGITS = 6;
const WINDOW = 1;
/** 160 bits, as GoTrue generates them (32 base32 characters). */
const SECRET_BYTES = 20;

/** A new shared secret, base32 as authenticator apps take it. */
export function newTotpSecret(): string {
  return new Secret({ buffer: randomBytes(SECRET_BYTES).buffer }).base32;
}

function totp(secret: string, issuer = '', label = 'OTPAuth'): TOTP {
  return new TOTP({ issuer, label, secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: DIGITS, period: PERIOD_SECONDS });
}

/** The otpauth:// URI an authenticator app reads from the QR code. */
export function totpUri(secret: string, issuer: string, account: string): string {
  return totp(secret, issuer, account).toString();
}

/** The URI as a QR code in SVG markup (GoTrue sends the markup; supabase-js makes it a data URL). */
export function qrCodeSvg(uri: string): string {
  return renderSVG(uri, { ecc: 'H', pixelSize: 3 });
}

/** The time step a moment falls in. */
export function timeStep(at: Date): number {
  return Math.floor(at.getTime() / 1000 / PERIOD_SECONDS);
}

/**
 * The time step of the code if it is valid at `at` (within ±1 step), else null. Callers refuse a
 * step at or before the last one accepted, so no code works twice (RFC 6238 §5.2).
 */
export function acceptedStep(secret: string, code: string, at: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totp(secret).validate({ token: code, timestamp: at.getTime(), window: WINDOW });
  return delta === null ? null : timeStep(at) + delta;
}

/**
 * The key that seals factor secrets, derived from the JWT secret (which lives in the server's
 * environment, not the database): a copy of the database alone does not yield the codes.
 */
/** MFA secrets: their own key, derived from JWT_SECRET (server/auth/seal.ts). */
const MFA_SECRET: SealPurpose = { info: 'auth.mfa_factors.secret', prefix: 'aes-256-gcm:' };

/** The secret as stored: AES-256-GCM, bound to its factor id (a sealed secret moved to another factor does not open). */
export const sealSecret = (jwtSecret: string, factorId: string, secret: string): string => seal(jwtSecret, MFA_SECRET, factorId, secret);

/** The stored secret opened; undefined when it was sealed with another key or for another factor. */
export const openSecret = (jwtSecret: string, factorId: string, stored: string): string | undefined => unseal(jwtSecret, MFA_SECRET, factorId, stored);
