import { timingSafeEqual } from 'node:crypto';
import type { MailMessage } from '../context.ts';
import { HttpError, json, readJson, type ApiRequest, type ApiResponse } from '../http.ts';

/** An order confirmation is a few KB; this leaves room for long orders and keeps out abuse. */
const SEND_BODY_LIMIT = 512 * 1024;
/** The database's rule for emails (private.is_email_address). */
const EMAIL = /^[^@\s]+@[^@\s.]+(\.[^@\s.]+)+$/;

/** Compares secrets in constant time. */
export function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** {to, subject, text, html}, all strings, with a plausible address and a subject; else the reason. */
export function parseMail(body: unknown): { ok: true; mail: MailMessage } | { ok: false; message: string } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { ok: false, message: 'Send a JSON object {to, subject, text, html}' };
  const { to, subject, text, html } = body as Record<string, unknown>;
  if (typeof to !== 'string' || to.length > 254 || !EMAIL.test(to)) return { ok: false, message: '"to" must be an email address' };
  if (typeof subject !== 'string' || subject.trim() === '' || subject.length > 998) return { ok: false, message: '"subject" must be a non-empty string of at most 998 characters' };
  if (typeof text !== 'string') return { ok: false, message: '"text" must be a string' };
  if (typeof html !== 'string') return { ok: false, message: '"html" must be a string' };
  return { ok: true, mail: { to, subject, text, html } };
}

/**
 * POST /_dev/mail/send: what a function's MAIL_SEND_URL points at locally. Only the service role
 * may send (its key as bearer): the outbox shows mail as if it had been delivered.
 */
export async function handleSend(req: ApiRequest, serviceRoleKey: string, send: (mail: MailMessage) => Promise<void>): Promise<ApiResponse> {
  if (req.method !== 'POST') return json(405, { message: 'Use POST' }, { allow: 'POST' });
  const bearer = /^bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '')?.[1];
  if (!bearer || !sameSecret(bearer, serviceRoleKey)) {
    return json(401, { message: 'Sending mail needs the service-role key as bearer token' });
  }
  let body: unknown;
  try {
    body = await readJson(req, (message) => new HttpError(400, { message: `The body is not valid JSON: ${message}` }), SEND_BODY_LIMIT);
  } catch (e) {
    if (e instanceof HttpError) return json(e.status, { message: e.status === 413 ? 'The mail is too large' : e.message });
    throw e;
  }
  const parsed = parseMail(body);
  if (!parsed.ok) return json(400, { message: parsed.message });
  await send(parsed.mail);
  return json(202, { queued: true });
}
