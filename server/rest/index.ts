import type { Module, ServerContext } from '../context.ts';
import { json } from '../http.ts';

// Placeholder until this module lands: answers 501 so nothing pretends to work.
export function createRest(_context: ServerContext): Module {
  return { handle: async () => json(501, { message: 'rest is being built' }) };
}
