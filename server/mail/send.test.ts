import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend, type Backend } from '../start.ts';
import { functionEnv } from '../functions/index.ts';
import { parseMail } from './send.ts';

let backend: Backend;
const mail = { to: 'sam@example.com', subject: 'Your order NPNG-100001 is confirmed', text: 'Thanks!', html: '<p>Thanks!</p>' };

const send = (body: string, authorization?: string, method = 'POST') =>
  fetch(`${backend.api.url}/_dev/mail/send`, {
    method,
    headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
    body: method === 'GET' ? undefined : body,
  });
const outbox = async (to: string) => (await (await fetch(`${backend.api.url}/_dev/mail?format=json&to=${encodeURIComponent(to)}`)).json()) as (typeof mail)[];

beforeAll(async () => {
  backend = await startBackend({ config: { dataDir: undefined, apiPort: 0, devRoutes: true }, seed: false });
}, 60_000);

afterAll(async () => {
  await backend?.stop();
});

describe('POST /_dev/mail/send', () => {
  it('puts a mail sent with the service-role key into the outbox', async () => {
    const res = await send(JSON.stringify(mail), `Bearer ${backend.config.serviceRoleKey}`);
    expect([res.status, await res.json()]).toEqual([202, { queued: true }]);
    expect(await outbox(mail.to)).toEqual([expect.objectContaining(mail)]);
  });

  it.each([
    ['no authorization', undefined],
    ['the anon key', 'anon'],
    ['a wrong key', 'Bearer not-the-key'],
    ['the key without Bearer', 'raw'],
  ])('answers 401 for %s and stores nothing', async (_what, auth) => {
    const authorization = auth === 'anon' ? `Bearer ${backend.config.anonKey}` : auth === 'raw' ? backend.config.serviceRoleKey : auth;
    const to = `nobody-${Math.random().toString(36).slice(2)}@example.com`;
    const res = await send(JSON.stringify({ ...mail, to }), authorization);
    expect(res.status).toBe(401);
    expect((await res.json()).message).toMatch(/service-role key/);
    expect(await outbox(to)).toEqual([]);
  });

  it.each([
    ['malformed JSON', '{"to": ', /^The body is not valid JSON/],
    ['an empty body', '', /JSON object/],
    ['an array', '[]', /JSON object/],
    ['no recipient', JSON.stringify({ ...mail, to: undefined }), /"to" must be an email address/],
    ['a recipient that is no address', JSON.stringify({ ...mail, to: 'sam' }), /"to" must be an email address/],
    ['an empty subject', JSON.stringify({ ...mail, subject: ' ' }), /"subject"/],
    ['no text', JSON.stringify({ ...mail, text: undefined }), /"text" must be a string/],
    ['html that is no string', JSON.stringify({ ...mail, html: 1 }), /"html" must be a string/],
  ])('answers 400 for %s', async (_what, body, message) => {
    const res = await send(body, `Bearer ${backend.config.serviceRoleKey}`);
    expect(res.status).toBe(400);
    expect((await res.json()).message).toMatch(message);
  });

  it('answers 413 for a mail over 512 KB and 405 for other methods', async () => {
    const big = await send(JSON.stringify({ ...mail, html: 'x'.repeat(600 * 1024) }), `Bearer ${backend.config.serviceRoleKey}`);
    expect(big.status).toBe(413);
    const get = await send('', `Bearer ${backend.config.serviceRoleKey}`, 'GET');
    expect(get.status).toBe(405);
  });

  it('is what functions get as MAIL_SEND_URL while /_dev routes are on', () => {
    expect(functionEnv(backend.api.context).MAIL_SEND_URL).toBe(`${backend.api.url}/_dev/mail/send`);
    const off = { ...backend.api.context, config: { ...backend.config, devRoutes: false } };
    expect(functionEnv(off).MAIL_SEND_URL).toBeUndefined();
    const relay = { ...backend.api.context, config: { ...backend.config, devRoutes: false, mailSendUrl: 'https://mail.example/send' } };
    expect(functionEnv(relay).MAIL_SEND_URL).toBe('https://mail.example/send');
  });
});

describe('without /_dev routes', () => {
  it('does not serve /_dev/mail/send at all', async () => {
    const closed = await startBackend({ config: { dataDir: undefined, apiPort: 0, devRoutes: false }, seed: false });
    try {
      const res = await fetch(`${closed.api.url}/_dev/mail/send`, {
        method: 'POST',
        headers: { authorization: `Bearer ${closed.config.serviceRoleKey}`, 'content-type': 'application/json' },
        body: JSON.stringify(mail),
      });
      expect(res.status).toBe(404);
    } finally {
      await closed.stop();
    }
  }, 60_000);
});

describe('parseMail', () => {
  it('keeps exactly to, subject, text and html', () => {
    expect(parseMail({ ...mail, extra: 1 })).toEqual({ ok: true, mail });
    expect(parseMail(null)).toMatchObject({ ok: false });
  });
});
