import { createClient, type SupabaseClient } from '@supabase/supabase-js';

/** Local defaults: the server/ backend with the Supabase CLI's well-known anon key. */
const LOCAL_URL = 'http://localhost:54321';
const LOCAL_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

export const SUPABASE_URL = import.meta.env.VITE_SUPABASE_URL || LOCAL_URL;
export const SUPABASE_ANON_KEY = import.meta.env.VITE_SUPABASE_ANON_KEY || LOCAL_ANON_KEY;

let client: SupabaseClient | undefined;

/**
 * The one supabase-js client. Token refresh is scheduled by the auth machine (machines/authMachine.ts),
 * so the library's own timer is off; the session is kept in localStorage and links that carry a
 * session in the URL (email confirmation) are picked up on load.
 */
export function supabase(): SupabaseClient {
  client ??= createClient(SUPABASE_URL, SUPABASE_ANON_KEY, {
    auth: { autoRefreshToken: false, persistSession: true, detectSessionInUrl: true },
  });
  return client;
}
