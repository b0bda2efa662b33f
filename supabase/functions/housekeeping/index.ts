// Deno entry for hosted Supabase Edge Functions; the logic is the portable handler.
import { envFrom } from '../_shared/env.ts';
import { createHandler } from './handler.ts';

declare const Deno: { env: { get(name: string): string | undefined }; serve(handler: (req: Request) => Promise<Response>): unknown };

Deno.serve(createHandler(envFrom((name) => Deno.env.get(name))));
