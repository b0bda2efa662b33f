/** Hosted Supabase leaves CORS to each function; locally the router adds the same headers. */
export const CORS_HEADERS: Record<string, string> = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'authorization, x-client-info, apikey, content-type',
  'access-control-allow-methods': 'POST, OPTIONS',
};

export function jsonResponse(status: number, payload: unknown): Response {
  return new Response(JSON.stringify(payload), {
    status,
    headers: { ...CORS_HEADERS, 'content-type': 'application/json; charset=utf-8' },
  });
}

export const errorResponse = (status: number, error: string) => jsonResponse(status, { error });

/** Reads a JSON body; undefined when it is not JSON (the caller answers 400). */
export async function readJsonBody(req: Request): Promise<{ ok: true; value: unknown } | { ok: false; message: string }> {
  const text = await req.text();
  if (text.trim() === '') return { ok: false, message: 'The request body is empty; send JSON.' };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, message: 'The request body is not valid JSON.' };
  }
}
