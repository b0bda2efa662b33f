import { FunctionsClient } from '@supabase/functions-js';
import { SUPABASE_ANON_KEY, SUPABASE_URL, supabase } from './client';

let functions: FunctionsClient | undefined;

/**
 * Edge functions through supabase-js's own client, with the signed-in user's token (else the anon
 * key). A module of its own, imported only by the checkout and the admin APIs, so the client is
 * never part of the first page's JavaScript.
 */
export function functionsClient(): FunctionsClient {
  functions ??= new FunctionsClient(`${SUPABASE_URL.replace(/\/$/, '')}/functions/v1`, {
    headers: { apikey: SUPABASE_ANON_KEY },
    customFetch: async (input, init) => {
      const headers = new Headers(init?.headers);
      headers.set('Authorization', `Bearer ${await supabase().accessToken()}`);
      return fetch(input, { ...init, headers });
    },
  });
  return functions;
}
