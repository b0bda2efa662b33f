import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../db/pglite.ts';
import type { Database } from '../db/types.ts';
import type { ApiRequest } from '../http.ts';
import { createMailOutbox } from './index.ts';
import { confirmSignupMail, emailChangeMail, recoveryMail } from './templates.ts';

function request(method: string, path: string, query = '', headers: Record<string, string> = {}): ApiRequest {
  return {
    method,
    url: new URL(`http://localhost/_dev/mail${path === '/' ? '' : path}${query}`),
    path,
    headers,
    ip: '127.0.0.1',
    body: async () => Buffer.alloc(0),
  };
}

const text = (body: string | Uint8Array | undefined) => (typeof body === 'string' ? body : Buffer.from(body ?? '').toString('utf8'));

describe('dev mail outbox', () => {
  let dir: string;
  let db: Database;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'npng-mail-'));
    db = await openPglite(dir);
  }, 60_000);
  afterAll(async () => {
    await db?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('stores mail and lists it newest first as JSON, filtered by recipient ignoring case', async () => {
    const { mailer, module } = createMailOutbox(db);
    await mailer.send(confirmSignupMail('Sam@Example.test', 'http://localhost:54321/auth/v1/verify?token=a&type=signup'));
    await mailer.send(recoveryMail('kim@example.test', 'http://localhost:54321/auth/v1/verify?token=b&type=recovery'));

    const all = JSON.parse(text((await module.handle(request('GET', '/', '?format=json'))).body));
    expect(all.map((m: { to: string }) => m.to)).toEqual(['kim@example.test', 'Sam@Example.test']);
    expect(Object.keys(all[0]).sort()).toEqual(['created_at', 'html', 'id', 'subject', 'text', 'to']);

    const viaAccept = await module.handle(request('GET', '/', '?to=sam@EXAMPLE.test', { accept: 'application/json' }));
    const sam = JSON.parse(text(viaAccept.body));
    expect(sam).toHaveLength(1);
    expect(sam[0].subject).toContain('No Pain, No Gain');
    expect(sam[0].text).toContain('Bestätige');

    const one = await module.handle(request('GET', `/${sam[0].id}`));
    expect(one.headers?.['content-type']).toContain('text/html');
    expect(text(one.body)).toContain('href="http://localhost:54321/auth/v1/verify?token=a&amp;type=signup"');
    expect((await module.handle(request('GET', '/00000000-0000-0000-0000-000000000000'))).status).toBe(404);
    expect((await module.handle(request('GET', '/not-an-id'))).status).toBe(404);
  });

  it('renders a readable page with clickable links and escaped content', async () => {
    const { mailer, module } = createMailOutbox(db);
    await mailer.send({ ...emailChangeMail('new@example.test', 'http://localhost/verify?token=c&type=email_change'), subject: '<script>x</script>' });
    const page = text((await module.handle(request('GET', '/'))).body);
    expect(page).toContain('<a href="http://localhost/verify?token=c&amp;type=email_change">');
    expect(page).toContain('&lt;script&gt;x&lt;/script&gt;');
    expect(page).not.toContain('<script>x');
    expect(page.indexOf('new@example.test')).toBeLessThan(page.indexOf('kim@example.test'));
  });

  it('keeps mail across restarts and clears it on DELETE', async () => {
    await db.close();
    db = await openPglite(dir);
    const { module } = createMailOutbox(db);
    const kept = JSON.parse(text((await module.handle(request('GET', '/', '?format=json'))).body));
    expect(kept).toHaveLength(3);
    expect((await module.handle(request('DELETE', '/'))).status).toBe(204);
    expect(JSON.parse(text((await module.handle(request('GET', '/', '?format=json'))).body))).toEqual([]);
  }, 60_000);
});
