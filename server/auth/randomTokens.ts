import { createHash, randomBytes } from 'node:crypto';

/** An unguessable token for links and refresh tokens (256 bits, URL-safe). */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps of an emailed link token: its SHA-256, so a database leak opens no accounts. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
