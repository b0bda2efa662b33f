import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * What one kind of secret is sealed for: the HKDF label its key is derived from JWT_SECRET with
 * (one key per purpose), and the prefix its stored form starts with.
 */
export interface SealPurpose {
  info: string;
  prefix: string;
}

const key = (jwtSecret: string, purpose: SealPurpose) => Buffer.from(hkdfSync('sha256', jwtSecret, '', purpose.info, 32));

/**
 * A secret as the database keeps it (MFA secrets, signing keys): AES-256-GCM under a key derived from
 * JWT_SECRET, bound to `boundTo` (the row's id: a sealed value moved to another row does not open).
 * Stored as `<prefix><nonce>:<ciphertext and tag>`, base64url.
 */
export function seal(jwtSecret: string, purpose: SealPurpose, boundTo: string, text: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key(jwtSecret, purpose), nonce);
  cipher.setAAD(Buffer.from(boundTo));
  const sealed = Buffer.concat([cipher.update(text, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return `${purpose.prefix}${nonce.toString('base64url')}:${sealed.toString('base64url')}`;
}

/** The sealed text opened; undefined when it was sealed with another JWT_SECRET, purpose or row, or was altered. */
export function unseal(jwtSecret: string, purpose: SealPurpose, boundTo: string, stored: string): string | undefined {
  if (!stored.startsWith(purpose.prefix)) return undefined;
  const [nonce, sealed] = stored
    .slice(purpose.prefix.length)
    .split(':')
    .map((part) => Buffer.from(part ?? '', 'base64url'));
  if (!nonce || !sealed || nonce.length !== 12 || sealed.length < 16) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key(jwtSecret, purpose), nonce);
    decipher.setAAD(Buffer.from(boundTo));
    decipher.setAuthTag(sealed.subarray(sealed.length - 16));
    return Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - 16)), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}
