import type { Database } from '../db/types.ts';
import type { MailMessage, Mailer, Module } from '../context.ts';
import { json, type ApiRequest, type ApiResponse } from '../http.ts';
import { createMailStore } from './store.ts';
import { outboxPage } from './page.ts';
import { handleSend } from './send.ts';

export interface OutboxOptions {
  /** Enables POST /send for callers holding this key (the functions' MAIL_SEND_URL). */
  serviceRoleKey?: string;
  /** Where POST /send hands a mail (default: this outbox). */
  send?: (mail: MailMessage) => Promise<void>;
}

/** The dev outbox: outgoing mail is stored in the database and shown at /_dev/mail (page and JSON). */
export function createMailOutbox(db: Database, options: OutboxOptions = {}): { mailer: Mailer; module: Module } {
  const store = createMailStore(db);
  const send = options.send ?? ((mail: MailMessage) => store.add(mail));

  async function handle(req: ApiRequest): Promise<ApiResponse> {
    if (req.path === '/send' && options.serviceRoleKey) return handleSend(req, options.serviceRoleKey, send);
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

  return { mailer: { send: (message) => store.add(message) }, module: { handle } };
}

function wantsJson(req: ApiRequest): boolean {
  return req.url.searchParams.get('format') === 'json' || (req.headers.accept ?? '').includes('application/json');
}
