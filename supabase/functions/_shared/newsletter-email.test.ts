import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startBackend, type Backend } from '../../../server/start.ts';
import { startFakeSupabase, type FakeSupabase } from '../../../server/functions/fixtures/fake-supabase.ts';
import type { FunctionEnv } from './env.ts';
import { type NewsletterEmail, renderNewsletterEmail } from './newsletter-email.ts';
import { deliverOrderEmails } from './order-email.ts';

const SITE = 'http://localhost:5173';
const CONFIRM = 'c0'.repeat(32);
const UNSUB = 'd1'.repeat(32);
const mail = (over: Partial<NewsletterEmail> = {}): NewsletterEmail => ({
  id: '1b7e8f4a-0000-4000-8000-000000000001',
  kind: 'confirm',
  email: 'fan@example.com',
  locale: 'en',
  confirmToken: CONFIRM,
  unsubscribeToken: UNSUB,
  ...over,
});

describe('renderNewsletterEmail', () => {
  it('English: the confirm link, its 48 hours, that nothing happens without a click, and the unsubscribe link', () => {
    const rendered = renderNewsletterEmail(mail(), `${SITE}/`);
    expect(rendered.to).toBe('fan@example.com');
    expect(rendered.subject).toBe('Please confirm your subscription to the No Pain, No Gain newsletter');
    expect(rendered.text).toContain(`${SITE}/newsletter/confirm?token=${CONFIRM}`);
    expect(rendered.text).toContain(`${SITE}/newsletter/unsubscribe?token=${UNSUB}`);
    expect(rendered.text).toContain('48 hours');
    expect(rendered.text).toContain('nothing happens without your click');
    expect(rendered.html).toContain(`href="${SITE}/newsletter/confirm?token=${CONFIRM}"`);
    expect(rendered.html).toContain(`href="${SITE}/newsletter/unsubscribe?token=${UNSUB}"`);
    expect(rendered.html).toContain('<html lang="en">');
  });

  it('German in the Du-form; any other language is English', () => {
    const rendered = renderNewsletterEmail(mail({ locale: 'de' }), SITE);
    expect(rendered.subject).toBe('Bitte bestätige Deine Anmeldung zum No Pain, No Gain-Newsletter');
    expect(rendered.text).toContain('Ohne Deinen Klick passiert nichts');
    expect(rendered.text).toContain('Der Link gilt 48 Stunden.');
    expect(rendered.html).toContain('>Abmelden</a>');
    expect(rendered.html).toContain('<html lang="de">');
    expect(renderNewsletterEmail(mail({ locale: 'fr' }), SITE).subject).toMatch(/^Please confirm/);
  });

  it('escapes what goes into the HTML', () => {
    const rendered = renderNewsletterEmail(mail({ confirmToken: '"><script>' }), SITE);
    expect(rendered.html).not.toContain('<script>');
    expect(rendered.text).toContain('token=%22%3E%3Cscript%3E');
  });
});

describe('deliverOrderEmails sends the newsletter confirmations too', () => {
  let backend: Backend;
  let supabase: FakeSupabase;
  let mailServer: Server;
  let mailUrl: string;
  const received: Record<string, string>[] = [];
  let answer = 202;

  const env = (): FunctionEnv => ({
    SUPABASE_URL: supabase.url,
    SUPABASE_ANON_KEY: backend.config.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: backend.config.serviceRoleKey,
    SITE_URL: SITE,
    API_EXTERNAL_URL: 'http://localhost:54321',
    MAIL_SEND_URL: mailUrl,
  });
  const subscribe = (email: string, locale = 'de') => backend.db.query(`select public.subscribe_newsletter($1, 'footer', $2)`, [email, locale]);
  const status = async (email: string) => (await backend.db.query<{ status: string }>('select status from public.newsletter_subscribers where email = $1', [email])).rows[0].status;
  const tokenIn = (text: string, path: string) => new RegExp(`${path}\\?token=([0-9a-f]{64})`).exec(text)?.[1] ?? '';

  beforeAll(async () => {
    backend = await startBackend({ config: { dataDir: undefined, apiPort: 0, housekeepingMs: 0, devRoutes: true }, seed: false });
    supabase = await startFakeSupabase(backend.db, backend.config.serviceRoleKey);
    mailServer = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      received.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      res.writeHead(answer, { 'content-type': 'application/json' }).end('{}');
    });
    await new Promise<void>((resolve) => mailServer.listen(0, '127.0.0.1', resolve));
    mailUrl = `http://127.0.0.1:${(mailServer.address() as AddressInfo).port}/send`;
  }, 60_000);

  afterAll(async () => {
    await new Promise<void>((resolve) => mailServer?.close(() => resolve()));
    await supabase?.close();
    await backend?.stop();
  });

  it('sends each once, with tokens that confirm and unsubscribe; the outbox keeps no token once sent', async () => {
    await subscribe('kim@example.com');
    received.length = 0;
    expect(await deliverOrderEmails(env())).toEqual({ claimed: 1, sent: 1, failed: 0 });
    expect(await deliverOrderEmails(env())).toEqual({ claimed: 0, sent: 0, failed: 0 });
    expect(received).toHaveLength(1);
    expect(received[0].to).toBe('kim@example.com');
    expect(received[0].subject).toMatch(/^Bitte bestätige/);
    const { rows } = await backend.db.query<{ n: number }>(
      'select count(*)::int as n from public.newsletter_emails where confirm_token is not null or unsubscribe_token is not null',
    );
    expect(rows[0].n).toBe(0);

    await backend.db.query('select public.confirm_newsletter($1)', [tokenIn(received[0].text, '/newsletter/confirm')]);
    expect(await status('kim@example.com')).toBe('confirmed');
    await backend.db.query('select public.unsubscribe_newsletter($1)', [tokenIn(received[0].text, '/newsletter/unsubscribe')]);
    expect(await status('kim@example.com')).toBe('unsubscribed');
  });

  it('releases a refused e-mail with its tokens, so the next delivery sends the same working link', async () => {
    await subscribe('retry@example.com', 'en');
    received.length = 0;
    answer = 503;
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      expect(await deliverOrderEmails(env())).toEqual({ claimed: 1, sent: 0, failed: 1 });
    } finally {
      error.mockRestore();
      answer = 202;
    }
    expect(await deliverOrderEmails(env())).toEqual({ claimed: 1, sent: 1, failed: 0 });
    expect(received).toHaveLength(2);
    expect(received[1].text).toBe(received[0].text);
    await backend.db.query('select public.confirm_newsletter($1)', [tokenIn(received[1].text, '/newsletter/confirm')]);
    expect(await status('retry@example.com')).toBe('confirmed');
  });

  it('the local server sends them by itself (server/checkout/housekeeping.ts)', async () => {
    await subscribe('local@example.com', 'en');
    // The server's own MAIL_SEND_URL is its dev outbox; the round reports what it sent.
    expect(await backend.api.housekeeping.run()).toMatchObject({ mailed: 1 });
    expect(await backend.api.housekeeping.run()).toMatchObject({ mailed: 0 });
  });
});
