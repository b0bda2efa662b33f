import type { ServerContext } from '../context.ts';

// Placeholder until the seed lands: seeds nothing.
export async function seed(_context: ServerContext): Promise<boolean> {
  return false;
}
