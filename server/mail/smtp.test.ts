import { createServer, type AddressInfo, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend, type Backend } from '../start.ts';
import { functionEnv } from '../functions/index.ts';
import { createSmtpMailer } from './smtp.ts';
import { REDACTED_BODY } from './index.ts';

interface Received {
  /** MAIL FROM and RCPT TO of the envelope. */
  from: string;
  to: string[];
  /** AUTH PLAIN's user and password, if the client authenticated. */
  auth?: string[];
  /** The message's headers (unfolded, encoded words decoded) and body as sent. */
  headers: Record<string, string>;
  body: string;
}

/** RFC 2047 encoded words (=?UTF-8?B?…?= and =?UTF-8?Q?…?=) as text. */
function decodeWords(value: string): string {
  return value.replace(/\?=\s+=\?/g, '?==?').replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_m, kind: string, text: string) =>
    kind.toLowerCase() === 'b'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(
          text.replace(/_/g, ' ').replace(/=([0-9a-f]{2})/gi, (_h, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
          'latin1',
        ).toString('utf8'),
  );
}

function parseMessage(data: string): Pick<Received, 'headers' | 'body'> {
  const split = data.indexOf('\r\n\r\n');
  const head = data.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const headers: Record<string, string> = {};
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).toLowerCase()] = decodeWords(line.slice(colon + 1).trim());
  }
  return { headers, body: data.slice(split + 4) };
}

/**
 * The smallest SMTP server nodemailer talks to: greets, answers EHLO (AUTH PLAIN, no STARTTLS),
 * AUTH, MAIL FROM, RCPT TO, DATA (until <CRLF>.<CRLF>), RSET, NOOP and QUIT, and keeps what arrived.
 */
function fakeSmtp(): { server: Server; received: Received[]; port: () => number } {
  const received: Received[] = [];
  const server = createServer((socket) => {
    socket.setEncoding('utf8');
    const reply = (line: string) => socket.write(`${line}\r\n`);
    let buffer = '';
    let inData = false;
    let envelope: { from: string; to: string[]; auth?: string[] } = { from: '', to: [] };
    reply('220 fake.test ESMTP');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          received.push({ ...envelope, ...parseMessage(buffer.slice(0, end).replace(/^\.\./gm, '.')) });
          buffer = buffer.slice(end + 5);
          inData = false;
          envelope = { from: '', to: [], auth: envelope.auth };
          reply('250 2.0.0 queued');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.split(' ')[0].toUpperCase();
        if (verb === 'EHLO') reply('250-fake.test\r\n250-AUTH PLAIN\r\n250-8BITMIME\r\n250 SIZE 10485760');
        else if (verb === 'HELO') reply('250 fake.test');
        else if (verb === 'AUTH') {
          envelope.auth = Buffer.from(line.split(' ')[2] ?? '', 'base64')
            .toString('utf8')
            .split('\0')
            .slice(1);
          reply('235 2.7.0 Authentication successful');
        } else if (verb === 'MAIL') {
          envelope.from = /<([^>]*)>/.exec(line)?.[1] ?? '';
          reply('250 2.1.0 ok');
        } else if (verb === 'RCPT') {
          envelope.to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
          reply('250 2.1.5 ok');
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 end with <CRLF>.<CRLF>');
        } else if (verb === 'QUIT') {
          reply('221 2.0.0 bye');
          socket.end();
          return;
        } else reply('250 ok');
      }
    });
    socket.on('error', () => {});
  });
  return { server, received, port: () => (server.address() as AddressInfo).port };
}

const smtp = fakeSmtp();
beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.server.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp.server.close(() => resolve()));
});

const arrivalFor = async (to: string) => {
  await expect.poll(() => smtp.received.some((m) => m.to.includes(to)), { timeout: 10_000 }).toBe(true);
  return smtp.received.find((m) => m.to.includes(to)) as Received;
};

describe('the SMTP mailer', () => {
  it('delivers with the configured From, To and Subject, after AUTH with SMTP_USER / SMTP_PASS', async () => {
    const mailer = createSmtpMailer({ host: '127.0.0.1', port: smtp.port(), user: 'shop', pass: 'relay-pass', from: 'shop@example.com', senderName: 'No Pain, No Gain' });
    try {
      await mailer.send({ to: 'sam@example.com', subject: 'Your order NPNG-100001 is confirmed / Bestätigt', text: 'Thanks!', html: '<p>Thanks!</p>' });
    } finally {
      mailer.close();
    }
    const mail = await arrivalFor('sam@example.com');
    expect(mail.auth).toEqual(['shop', 'relay-pass']);
    expect(mail.from).toBe('shop@example.com');
    expect(mail.headers.from).toBe('"No Pain, No Gain" <shop@example.com>');
    expect(mail.headers.to).toBe('sam@example.com');
    expect(mail.headers.subject).toBe('Your order NPNG-100001 is confirmed / Bestätigt');
    expect(mail.body).toContain('Thanks!');
  });
});

describe('a backend with SMTP_* and without /_dev routes', () => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await startBackend({
      env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port()), SMTP_ADMIN_EMAIL: 'shop@example.com', SMTP_SENDER_NAME: 'Shop' },
      config: { dataDir: undefined, apiPort: 0, housekeepingMs: 0 },
      seed: false,
    });
  }, 120_000);
  afterAll(async () => {
    await backend?.stop();
  });

  it('sends auth mail over SMTP, with its link, and keeps none in the outbox', async () => {
    const email = `smtp-${Date.now().toString(36)}@example.com`;
    const res = await fetch(`${backend.api.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: backend.config.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'Sup3r-Secret-Pass' }),
    });
    expect(res.status).toBe(200);
    const mail = await arrivalFor(email);
    expect(mail.headers.from).toBe('Shop <shop@example.com>');
    expect(mail.headers.subject).toContain('Confirm your email');
    expect(mail.body).toContain('/auth/v1/verify');
    const kept = await backend.db.query(`select 1 from _dev.mail where "to" = $1`, [email]).catch(() => ({ rows: [] }));
    expect(kept.rows).toEqual([]);
  });

  it('sends order e-mails through /_internal/mail/send (service-role key), the functions’ MAIL_SEND_URL', async () => {
    const env = functionEnv(backend.api.context);
    expect(env.MAIL_SEND_URL).toBe(`${backend.api.url}/_internal/mail/send`);
    const to = `order-${Date.now().toString(36)}@example.com`;
    const send = (authorization?: string) =>
      fetch(env.MAIL_SEND_URL as string, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
        body: JSON.stringify({ to, subject: 'Your order NPNG-100002', text: 'Thanks!', html: '<p>Thanks!</p>' }),
      });
    expect((await send(`Bearer ${backend.config.anonKey}`)).status).toBe(401);
    const res = await send(`Bearer ${backend.config.serviceRoleKey}`);
    expect(res.status).toBe(202);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect((await arrivalFor(to)).headers.subject).toBe('Your order NPNG-100002');
    expect((await fetch(`${backend.api.url}/_dev/mail/send`, { method: 'POST' })).status).toBe(404);
  });
});

describe('the outbox outside development (DEV_ROUTES off, no SMTP)', () => {
  it('keeps recipient and subject, not the link', async () => {
    const backend = await startBackend({ env: {}, config: { dataDir: undefined, apiPort: 0, housekeepingMs: 0 }, seed: false });
    try {
      const email = `redacted-${Date.now().toString(36)}@example.com`;
      const res = await fetch(`${backend.api.url}/auth/v1/signup`, {
        method: 'POST',
        headers: { apikey: backend.config.anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'Sup3r-Secret-Pass' }),
      });
      expect(res.status).toBe(200);
      const { rows } = await backend.db.query<{ subject: string; text: string; html: string }>(`select subject, text, html from _dev.mail where "to" = $1`, [email]);
      expect(rows).toHaveLength(1);
      expect(rows[0].subject).toContain('Confirm your email');
      expect(rows[0].text).toBe(REDACTED_BODY);
      expect(`${rows[0].text}${rows[0].html}`).not.toMatch(/token|verify/);
    } finally {
      await backend.stop();
    }
  }, 120_000);
});
