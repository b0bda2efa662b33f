import type { Database } from '../db/types.ts';
import type { MailMessage, Mailer, Module } from '../context.ts';
import { json, type ApiRequest, type ApiResponse } from '../http.ts';
import { createMailStore } from './store.ts';
import { outboxPage } from './page.ts';
import { handleSend, sameSecret } from './send.ts';
import { isLoopback } from '../config.ts';

export interface OutboxOptions {
  /**
   * Enables POST /send for callers holding this key (the functions' MAIL_SEND_URL); reading the
   * outbox then needs it too, unless the caller is on this machine (see mayRead).
   */
  serviceRoleKey?: string;
  /** Where POST /send hands a mail (default: this outbox). */
  send?: (mail: MailMessage) => Promise<void>;
  /**
   * Keep only recipient and subject, not the body with its links and one-time codes (outside
   * development, where no one reads the outbox: DEV_ROUTES off).
   */
  redact?: boolean;
}

/** What a redacted outbox keeps instead of a body. */
export const REDACTED_BODY = 'Body not kept: the outbox keeps no links or codes outside development (DEV_ROUTES off). Set SMTP_HOST to deliver mail.';

function redacted(mail: MailMessage): MailMessage {
  return { to: mail.to, subject: mail.subject, text: REDACTED_BODY, html: `<p>${REDACTED_BODY}</p>` };
}

const FORWARDED = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

function hostName(host: string): string {
  try {
    return new URL(`http://${host}`).hostname;
  } catch {
    return host;
  }
}

/**
 * The outbox shows every sign-in link and code: it is read with the service-role key (apikey or
 * bearer), or by a caller on this machine: a loopback address, no forwarded header (a reverse proxy
 * on this machine passes on someone else's request), and a loopback Host (a page whose own name was
 * rebound to 127.0.0.1 sends its own name).
 */
export function mayRead(req: ApiRequest, serviceRoleKey: string | undefined): boolean {
  if (serviceRoleKey) {
    const bearer = /^bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '')?.[1];
    for (const key of [req.headers.apikey, bearer]) if (key && sameSecret(key, serviceRoleKey)) return true;
  }
  if (!isLoopback(req.ip)) return false;
  if (FORWARDED.some((h) => req.headers[h] !== undefined)) return false;
  return req.headers.host === undefined || isLoopback(hostName(req.headers.host));
}

/** The dev outbox: outgoing mail is stored in the database and shown at /_dev/mail (page and JSON). */
export function createMailOutbox(db: Database, options: OutboxOptions = {}): { mailer: Mailer; module: Module } {
  const store = createMailStore(db);
  const keep = (mail: MailMessage) => store.add(options.redact ? redacted(mail) : mail);
  const send = options.send ?? keep;

  async function handle(req: ApiRequest): Promise<ApiResponse> {
    if (req.path === '/send' && options.serviceRoleKey) return handleSend(req, options.serviceRoleKey, send);
    if (!mayRead(req, options.serviceRoleKey)) {
      return json(401, { message: 'The mail outbox needs the service-role key (apikey header or bearer token), or a request from this machine' });
    }
    const id = /^\/([^/]+)\/?$/.exec(req.path)?.[1];
    if (req.path === '/' || req.path === '') {
      if (req.method === 'DELETE') {
        await store.clear();
        return { status: 204, body: '' };
      }
      if (req.method !== 'GET' && req.method !== 'HEAD') return json(405, { message: `Method ${req.method} not allowed` });
      const to = req.url.searchParams.get('to') ?? undefined;
      const messages = await store.list(to);
      if (wantsJson(req)) return json(200, messages, { 'cache-control': 'no-store' });
      return { status: 200, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }, body: outboxPage(messages, to) };
    }
    if (id && (req.method === 'GET' || req.method === 'HEAD')) {
      const message = await store.get(decodeURIComponent(id));
      if (!message) return json(404, { message: 'No such mail' });
      return { status: 200, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }, body: message.html };
    }
    return json(404, { message: 'Not found' });
  }

  return { mailer: { send: keep }, module: { handle } };
}

function wantsJson(req: ApiRequest): boolean {
  return req.url.searchParams.get('format') === 'json' || (req.headers.accept ?? '').includes('application/json');
}
