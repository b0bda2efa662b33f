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

/** A checkout body is a few KB (at most 50 lines); anything far larger is refused unread. */
export const MAX_JSON_BODY_BYTES = 64 * 1024;

/** The body as text, or undefined once it passes maxBytes (read no further than that). */
async function readLimitedText(req: Request, maxBytes: number): Promise<string | undefined> {
  const declared = Number(req.headers.get('content-length') ?? Number.NaN);
  if (Number.isFinite(declared) && declared > maxBytes) return undefined;
  if (!req.body) return '';
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      return undefined;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}

export type JsonBody = { ok: true; value: unknown } | { ok: false; status: 400 | 413; message: string };

/** Reads a JSON body of at most maxBytes; a failure carries the status to answer (400, or 413 when too large). */
export async function readJsonBody(req: Request, maxBytes = MAX_JSON_BODY_BYTES): Promise<JsonBody> {
  const text = await readLimitedText(req, maxBytes);
  if (text === undefined) return { ok: false, status: 413, message: `The request body is too large (at most ${Math.floor(maxBytes / 1024)} KB).` };
  if (text.trim() === '') return { ok: false, status: 400, message: 'The request body is empty; send JSON.' };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, status: 400, message: 'The request body is not valid JSON.' };
  }
}
