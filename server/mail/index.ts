import type { Database } from '../db/types.ts';
import type { Mailer, Module } from '../context.ts';
import { json } from '../http.ts';

// Placeholder until the mail outbox lands.
export function createMailOutbox(_db: Database): { mailer: Mailer; module: Module } {
  return { mailer: { send: async () => {} }, module: { handle: async () => json(501, { message: 'mail is being built' }) } };
}
