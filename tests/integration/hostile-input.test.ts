/**
 * Hostile input over HTTP: random and classic-injection query strings, headers and bodies for
 * /rest/v1, /auth/v1, /storage/v1 and the two functions. Every answer is a 2xx or a 4xx with a
 * well-formed error body — never a 5xx, never a hang — and nothing changes.
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, PNG_1X1, anonKey, apiUrl, countRows, serviceClient, serviceRoleKey, signIn, sql } from './support.ts';

const RUNS = 200;
const TIMEOUT_MS = 5000;
const CANARY_TABLES = [
  'products',
  'variants',
  'media',
  'reviews',
  'orders',
  'order_items',
  'order_emails',
  'newsletter_subscribers',
  'contact_messages',
  'checkout_sessions',
  'admin_emails',
  'shipping_regions',
];

const INJECTIONS = [
  "'; drop table products; --",
  '1 or 1=1',
  "' or '1'='1",
  'id=eq.1);delete from products;--',
  '1); delete from products; --',
  '"; delete from variants; --',
  "x' union select email, encrypted_password from auth.users --",
  'null::text); drop table orders; --',
  '$1',
  '\\x00',
  '\u0000',
  '%',
  '*',
  '(select 1)',
  'pg_sleep(10)',
  '1;select pg_sleep(10)',
  'robert"); DROP TABLE students;--',
  '$' + '{jndi:ldap://x}',
  '../../../etc/passwd',
];

const SPECIAL = [
  '(',
  ')',
  ',',
  '"',
  "'",
  '\\',
  '.',
  ':',
  '::',
  '->',
  '->>',
  '*',
  '!',
  '{',
  '}',
  '[',
  ']',
  '%',
  '\u0000',
  ';',
  '--',
  ' ',
  '+',
  '&',
  '=',
  '#',
  '?',
  'eq',
  'neq',
  'in',
  'is',
  'not',
  'or',
  'and',
  'select',
  'null',
  'ü',
  'ß',
  '🏋️',
  '\u202e',
  '\ud800',
  'title',
  'id',
  'tags',
  'variants',
  'inner',
  'count',
];

/** Random text biased towards the PostgREST grammar's own characters and words. */
const hostile = fc.oneof(
  { weight: 3, arbitrary: fc.array(fc.constantFrom(...SPECIAL), { maxLength: 12 }).map((a) => a.join('')) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.constantFrom(...INJECTIONS) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme-ascii', maxLength: 40 }) },
);
/** What a fetch header value may carry (visible ASCII and space). */
const headerValue = fc.oneof(
  fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 60 }),
  fc.constantFrom(
    'items=0-',
    'items=-1',
    '0-9999999999999999999',
    'bytes=0-1',
    'count=exact,count=planned',
    'return=representation, tx=commit',
    'missing=default',
    'max-affected=-1',
    'handling=strict, max-affected=0',
  ),
);
const OPERATORS = [
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'is',
  'in',
  'cs',
  'cd',
  'ov',
  'fts',
  'plfts',
  'phfts',
  'wfts',
  'not.eq',
  'not.in',
  'sl',
  'match',
  'isdistinct',
];
const COLUMNS = ['id', 'title', 'slug', 'tags', 'status', 'featured', 'created_at', 'description', 'currency'];

interface Answer {
  status: number;
  text: string;
  headers: Headers;
}

async function send(path: string, init: RequestInit & { key?: string } = {}): Promise<Answer> {
  const headers = new Headers(init.headers);
  const key = init.key ?? anonKey();
  if (!headers.has('apikey')) headers.set('apikey', key);
  if (!headers.has('authorization')) headers.set('authorization', `Bearer ${key}`);
  const res = await fetch(`${apiUrl()}${path}`, { ...init, headers, redirect: 'manual', signal: AbortSignal.timeout(TIMEOUT_MS) });
  return { status: res.status, text: await res.text(), headers: res.headers };
}

function parse(a: Answer): Record<string, unknown> {
  try {
    return JSON.parse(a.text);
  } catch {
    throw new Error(`${a.status} with a body that is not JSON: ${a.text.slice(0, 200)}`);
  }
}

/** PostgREST-style: 2xx, or 4xx with {code, message}. */
function expectRestAnswer(a: Answer, what: string) {
  expect(a.status, `${what} → ${a.status} ${a.text.slice(0, 300)}`).toBeLessThan(500);
  expect(a.status, what).toBeGreaterThanOrEqual(200);
  if (a.status >= 400) {
    const body = parse(a);
    expect(typeof body.code, `${what}: code in ${a.text.slice(0, 200)}`).toBe('string');
    expect(typeof body.message, `${what}: message`).toBe('string');
  }
}

/** GoTrue-style: 2xx/3xx, or 4xx with a message in msg (or message / error_description). */
function expectAuthAnswer(a: Answer, what: string) {
  expect(a.status, `${what} → ${a.status} ${a.text.slice(0, 300)}`).toBeLessThan(500);
  if (a.status >= 400) {
    const body = parse(a);
    const msg = body.msg ?? body.message ?? body.error_description;
    expect(typeof msg, `${what}: message in ${a.text.slice(0, 200)}`).toBe('string');
  }
}

function expect4xx(a: Answer, what: string) {
  expect(a.status, `${what} → ${a.status} ${a.text.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
  expect(a.status, `${what} → ${a.status} ${a.text.slice(0, 300)}`).toBeLessThan(500);
}

/** Lone surrogates cannot be percent-encoded: replace them as a browser would (U+FFFD). */
const wellFormed = (s: string) => s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
const enc = (s: string) => encodeURIComponent(wellFormed(s));

const qs = (params: [string, string][]) => new URLSearchParams(params).toString();

let canary: Record<string, number>;
let authUsers: number;
let storageObjects: number;
const CANARY_SUBJECT = `canary-${randomUUID()}`;

async function snapshot() {
  const counts: Record<string, number> = {};
  for (const t of CANARY_TABLES) counts[t] = await countRows(t);
  return counts;
}

/**
 * Users other than anonymous ones: with anonymous sign-ins on (global-setup), a signup body with
 * neither email nor phone is GoTrue's anonymous sign-in and rightly makes a user without an email.
 */
const PERMANENT_USERS = 'select count(*)::text as n from auth.users where not is_anonymous or email is not null';

async function expectNothingChanged() {
  expect(await snapshot()).toEqual(canary);
  expect(Number((await sql<{ n: string }>(PERMANENT_USERS))[0].n)).toBe(authUsers);
  expect(Number((await sql<{ n: string }>('select count(*)::text as n from storage.objects'))[0].n)).toBe(storageObjects);
}

const property = <T>(arb: fc.Arbitrary<T>, check: (v: T) => Promise<void>, numRuns = RUNS) => fc.assert(fc.asyncProperty(arb, check), { numRuns, endOnFailure: true });

beforeAll(async () => {
  const service = serviceClient();
  const { error } = await service
    .from('contact_messages')
    .insert(Array.from({ length: 5 }, (_, i) => ({ email: `canary${i}@example.test`, subject: CANARY_SUBJECT, message: `canary ${i}` })));
  if (error) throw new Error(`canary insert failed: ${error.message}`);
  canary = await snapshot();
  authUsers = Number((await sql<{ n: string }>(PERMANENT_USERS))[0].n);
  storageObjects = Number((await sql<{ n: string }>('select count(*)::text as n from storage.objects'))[0].n);
});

describe('/rest/v1 query strings', () => {
  it('random select lists', async () => {
    await property(hostile, async (v) => expectRestAnswer(await send(`/rest/v1/products?${qs([['select', v]])}`), `select=${JSON.stringify(v)}`));
  });

  it('random filter values under every operator', async () => {
    await property(fc.tuple(fc.constantFrom(...COLUMNS), fc.constantFrom(...OPERATORS), hostile), async ([col, op, v]) =>
      expectRestAnswer(await send(`/rest/v1/products?${qs([[col, `${op}.${v}`]])}`), `${col}=${op}.${JSON.stringify(v)}`),
    );
  });

  it.each([
    ['featured', 'eq.notabool'],
    ['featured', 'gte.ü'],
    ['featured', 'gte.\u{AF71A}\u{E997E}'],
    ['featured', 'isdistinct.\u3500\u{C78FC}'],
    ['featured', 'in.(true,maybe)'],
    ['id', 'eq.not-a-uuid'],
    ['id', 'in.(1,2,3)'],
    ['created_at', 'lt.not-a-date'],
    ['created_at', 'gt.2025-13-45'],
    ['tags', 'cs.not-an-array'],
    ['tags', 'ov.{"unclosed'],
    ['status', 'fts.&&&'],
    ['title', 'wfts(no_such_config).x'],
  ])('a value of the wrong type (%s=%s) is 400, not 500', async (col, filter) => {
    const a = await send(`/rest/v1/products?${qs([[col, filter]])}`);
    expectRestAnswer(a, `${col}=${filter}`);
    expect4xx(a, `${col}=${filter}`);
  });

  it('random column names and operators', async () => {
    await property(fc.tuple(hostile, hostile, hostile), async ([col, op, v]) =>
      expectRestAnswer(await send(`/rest/v1/products?${qs([[col || 'x', `${op}.${v}`]])}`), `${JSON.stringify(col)}=${JSON.stringify(op)}`),
    );
  });

  it('random order, limit and offset', async () => {
    await property(fc.tuple(hostile, hostile, hostile), async ([order, limit, offset]) =>
      expectRestAnswer(
        await send(
          `/rest/v1/products?${qs([
            ['order', order],
            ['limit', limit],
            ['offset', offset],
          ])}`,
        ),
        `order=${JSON.stringify(order)}`,
      ),
    );
  });

  it('random or=() and and=() trees', async () => {
    await property(fc.tuple(fc.constantFrom('or', 'and', 'not.or', 'variants.or'), hostile), async ([k, v]) => {
      expectRestAnswer(await send(`/rest/v1/products?${qs([[k, `(${v})`]])}`), `${k}=(${JSON.stringify(v)})`);
      expectRestAnswer(await send(`/rest/v1/products?${qs([[k, v]])}`), `${k}=${JSON.stringify(v)}`);
    });
  });

  it('random casts, JSON paths and embeds', async () => {
    await property(
      hostile,
      async (v) => {
        for (const select of [`title::${v}`, `tags->${v}`, `tags->>${v}`, `id,variants(${v})`, `${v}:title`, `id,variants!${v}(id)`]) {
          expectRestAnswer(await send(`/rest/v1/products?${qs([['select', select]])}`), `select=${JSON.stringify(select)}`);
        }
        expectRestAnswer(await send(`/rest/v1/products?${qs([['tags->>0', `eq.${v}`]])}`), `tags->>0=eq.${JSON.stringify(v)}`);
      },
      100,
    );
  });

  it('random Range, Prefer, Accept and profile headers', async () => {
    await property(fc.tuple(headerValue, headerValue, headerValue, headerValue), async ([range, prefer, accept, profile]) => {
      const a = await send('/rest/v1/products?select=id', { headers: { Range: range, Prefer: prefer, 'Range-Unit': 'items' } });
      expectRestAnswer(a, `Range: ${range} / Prefer: ${prefer}`);
      const b = await send('/rest/v1/products?select=id', { headers: { Accept: accept, 'Accept-Profile': profile } });
      expect(b.status, `Accept: ${accept} / Accept-Profile: ${profile} → ${b.status} ${b.text.slice(0, 200)}`).toBeLessThan(500);
    });
  });

  it('broken percent-encoding and raw garbage in the path', async () => {
    for (const raw of ['%', '%zz', '%00', '%ff%fe', '%C0%AF', 'select=%', 'title=eq.%E2%28%A1', 'or=%28title.eq.a', '&&&==&', 'a[]=1&a[]=2']) {
      expectRestAnswer(await send(`/rest/v1/products?${raw}`), raw);
    }
    await property(
      hostile,
      async (v) => {
        const path = `/rest/v1/${enc(v)}?select=*`;
        const a = await send(path);
        // A table named "." or ".." is a dot segment: the URL is normalised before it is sent, so
        // the request leaves /rest/v1 and the gateway answers as Kong does (404, a message, no code).
        if (!new URL(`${apiUrl()}${path}`).pathname.startsWith('/rest/v1/')) {
          expect(a.status, `table ${JSON.stringify(v)} → ${a.text.slice(0, 200)}`).toBe(404);
          expect(typeof parse(a).message).toBe('string');
        } else expectRestAnswer(a, `table ${JSON.stringify(v)}`);
      },
      100,
    );
    expect(new URL(`${apiUrl()}/rest/v1/${enc('..')}?select=*`).pathname).toBe('/rest/');
    expect((await send(`/rest/v1/${enc('..')}?select=*`)).status).toBe(404);
  });

  it('10 KB values everywhere', async () => {
    const big = fc.tuple(fc.constantFrom('a', '(', ',', '"', '\\', 'ü', '\u0000'), fc.integer({ min: 10_000, max: 12_000 })).map(([c, n]) => c.repeat(n));
    await property(
      big,
      async (v) => {
        expectRestAnswer(await send(`/rest/v1/products?${qs([['title', `eq.${v}`]])}`), '10 KB eq');
        expectRestAnswer(await send(`/rest/v1/products?${qs([['select', v]])}`), '10 KB select');
        expectRestAnswer(await send(`/rest/v1/products?${qs([['or', `(title.ilike.${v})`]])}`), '10 KB or');
        expectRestAnswer(await send(`/rest/v1/products?${qs([['id', `in.(${v})`]])}`), '10 KB in');
      },
      30,
    );
  });

  it('hostile writes as anon and as the service role change nothing', async () => {
    await property(fc.tuple(hostile, fc.jsonValue({ maxDepth: 3 })), async ([v, body]) => {
      expectRestAnswer(await send(`/rest/v1/products?${qs([['id', `eq.${v}`]])}`, { method: 'DELETE' }), `anon DELETE id=eq.${JSON.stringify(v)}`);
      expectRestAnswer(
        await send(`/rest/v1/products?${qs([['slug', `eq.${v}`]])}`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
        'anon PATCH',
      );
      expectRestAnswer(await send('/rest/v1/products', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }), 'anon POST');
      const key = serviceRoleKey();
      expectRestAnswer(await send(`/rest/v1/contact_messages?${qs([['subject', `eq.${v}`]])}`, { method: 'DELETE', key }), `service DELETE subject=eq.${JSON.stringify(v)}`);
      expectRestAnswer(await send(`/rest/v1/contact_messages?${qs([['id', `in.(${v})`]])}`, { method: 'DELETE', key }), 'service DELETE id=in');
      expectRestAnswer(
        await send(`/rest/v1/contact_messages?${qs([['subject', `eq.${v}`]])}`, {
          method: 'PATCH',
          key,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ message: 'overwritten' }),
        }),
        'service PATCH',
      );
    });
    await expectNothingChanged();
    const { data } = await serviceClient().from('contact_messages').select('message').eq('subject', CANARY_SUBJECT);
    expect((data ?? []).map((r) => r.message).sort()).toEqual(['canary 0', 'canary 1', 'canary 2', 'canary 3', 'canary 4']);
  });

  it('malformed JSON bodies are 400, not 500', async () => {
    await property(
      fc.string({ unit: 'binary', maxLength: 200 }),
      async (body) => {
        let valid = true;
        try {
          JSON.parse(body);
        } catch {
          valid = false;
        }
        const a = await send('/rest/v1/contact_messages', { method: 'POST', headers: { 'content-type': 'application/json' }, body });
        if (!valid) expect(a.status, `${JSON.stringify(body)} → ${a.text}`).toBe(400);
        expectRestAnswer(a, `body ${JSON.stringify(body)}`);
      },
      100,
    );
  });

  it('random rpc names and arguments', async () => {
    await property(
      fc.tuple(fc.constantFrom('calculate_product_rating', 'is_admin', 'has_purchased', 'price_cart', 'fulfil_checkout_session'), fc.jsonValue({ maxDepth: 3 }), hostile),
      async ([fn, args, name]) => {
        expectRestAnswer(await send(`/rest/v1/rpc/${fn}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(args) }), `rpc ${fn}`);
        expectRestAnswer(await send(`/rest/v1/rpc/${fn}?${qs([['product_uuid', name]])}`), `rpc GET ${fn}`);
        expectRestAnswer(await send(`/rest/v1/rpc/${enc(name)}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }), `rpc ${JSON.stringify(name)}`);
      },
      100,
    );
  });

  it.each(INJECTIONS)('classic injection %j is data', async (v) => {
    for (const path of [
      `/rest/v1/products?${qs([['title', `eq.${v}`]])}`,
      `/rest/v1/products?${qs([['id', `eq.${v}`]])}`,
      `/rest/v1/products?${qs([['or', `(title.eq.${v},slug.eq.${v})`]])}`,
      `/rest/v1/products?${qs([['or', `(title.eq."${v.replace(/["\\]/g, (c) => `\\${c}`)}")`]])}`,
      `/rest/v1/products?${qs([['select', v]])}`,
      `/rest/v1/products?${qs([['order', v]])}`,
      `/rest/v1/products?${qs([['tags', `cs.{${v}}`]])}`,
      `/rest/v1/rpc/calculate_product_rating?${qs([['product_uuid', v]])}`,
    ]) {
      const a = await send(path, { key: serviceRoleKey() });
      expectRestAnswer(a, path);
      if (a.status === 200 && path.includes('title=eq.')) expect(parse(a)).toEqual([]);
    }
    const subject = `inj-${randomUUID()}`;
    const message = `msg: ${v.replaceAll('\u0000', '')}`;
    const ins = await send('/rest/v1/contact_messages', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'inj@example.test', subject, message, name: message.slice(0, 50) }),
    });
    expect(ins.status, ins.text).toBe(201);
    const { data } = await serviceClient().from('contact_messages').select('message,name').eq('subject', subject);
    expect(data).toEqual([{ message, name: message.slice(0, 50) }]);
    await serviceClient().from('contact_messages').delete().eq('subject', subject);
    await expectNothingChanged();
  });

  it('a NUL byte in a stored value is refused with 4xx (Postgres text cannot hold it)', async () => {
    const a = await send('/rest/v1/contact_messages', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'nul@example.test', subject: 'nul\u0000byte', message: 'x' }),
    });
    expect4xx(a, 'NUL in text');
    expectRestAnswer(a, 'NUL in text');
  });

  it('nothing changed after all REST properties', async () => {
    await expectNothingChanged();
  });
});

describe('/auth/v1 bodies', () => {
  const notAnEmail = hostile.map((s) => s.replaceAll('@', ''));

  it('signup with random bodies', async () => {
    await property(
      fc.oneof(
        fc.jsonValue({ maxDepth: 2 }).map((j) => JSON.stringify(j)),
        fc.string({ maxLength: 100 }),
        fc.tuple(notAnEmail, hostile).map(([email, password]) => JSON.stringify({ email, password })),
      ),
      async (body) => {
        expectAuthAnswer(await send('/auth/v1/signup', { method: 'POST', headers: { 'content-type': 'application/json' }, body }), `signup ${body.slice(0, 80)}`);
      },
      100,
    );
    expect(Number((await sql<{ n: string }>(PERMANENT_USERS))[0].n)).toBe(authUsers);
  });

  it('token grants with random types and bodies', async () => {
    await property(
      fc.tuple(fc.oneof(fc.constantFrom('password', 'refresh_token', 'pkce', 'id_token'), hostile), fc.jsonValue({ maxDepth: 2 })),
      async ([grant, body]) => {
        const a = await send(`/auth/v1/token?${qs([['grant_type', grant]])}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
        expectAuthAnswer(a, `grant ${JSON.stringify(grant)}`);
        expect(a.status, 'no session from garbage').toBeGreaterThanOrEqual(400);
      },
      100,
    );
  });

  it('password grant with hostile email and password → 4xx', async () => {
    await property(
      fc.tuple(hostile, hostile),
      async ([email, password]) => {
        const a = await send('/auth/v1/token?grant_type=password', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
        expect4xx(a, `password grant ${JSON.stringify(email)}`);
        expectAuthAnswer(a, 'password grant');
      },
      100,
    );
  });

  it('recover with a hostile email → 2xx or 4xx', async () => {
    await property(
      hostile,
      async (email) => {
        expectAuthAnswer(
          await send('/auth/v1/recover', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email }) }),
          `recover ${JSON.stringify(email)}`,
        );
      },
      100,
    );
  });

  it('user update and logout with a hostile bearer → 4xx (logout may say 204)', async () => {
    await property(
      fc.tuple(hostile, headerValue),
      async ([email, bearer]) => {
        const put = await send('/auth/v1/user', {
          method: 'PUT',
          headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
          body: JSON.stringify({ email, data: { role: 'admin' } }),
        });
        expect4xx(put, `PUT /user with bearer ${JSON.stringify(bearer)}`);
        expectAuthAnswer(put, 'PUT /user');
        expectAuthAnswer(await send('/auth/v1/logout?scope=global', { method: 'POST', headers: { authorization: `Bearer ${bearer}` } }), 'logout');
      },
      100,
    );
  });

  it('verify with random tokens never signs in, and never redirects off-site', async () => {
    await property(
      fc.tuple(
        hostile,
        fc.constantFrom('signup', 'recovery', 'email_change', 'magiclink', 'invite', 'x'),
        fc.constantFrom('https://evil.example/', 'javascript:alert(1)', '//evil.example', 'http://localhost:5173/ok'),
      ),
      async ([token, type, redirect]) => {
        const a = await send(
          `/auth/v1/verify?${qs([
            ['token', token],
            ['type', type],
            ['redirect_to', redirect],
          ])}`,
        );
        expectAuthAnswer(a, `verify ${JSON.stringify(token)}`);
        const location = a.headers.get('location') ?? '';
        expect(location).not.toContain('access_token=');
        if (location) expect(new URL(location, 'http://localhost:5173').host, `redirected to ${location}`).toBe('localhost:5173');
      },
      100,
    );
  });

  it('nothing changed after the auth properties', async () => {
    await expectNothingChanged();
  });
});

describe('/storage/v1 uploads (as the admin, who may write)', () => {
  let adminToken: string;
  beforeAll(async () => {
    adminToken = (await signIn(ADMIN.email, ADMIN.password)).session.access_token;
  });
  const upload = (name: string, body: Uint8Array | string, contentType = 'image/png') =>
    send(`/storage/v1/object/product-images/${name}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': contentType, 'x-upsert': 'false' },
      body: typeof body === 'string' ? body : new Uint8Array(body),
    });

  it.each([
    ['text with a png type', 'not a png at all', 'image/png'],
    ['html', '<html><script>alert(1)</script></html>', 'text/html'],
    ['svg', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>', 'image/svg+xml'],
    ['a gif', 'GIF89a\u0001\u0000\u0001\u0000', 'image/gif'],
    ['a zip named png', 'PK\u0003\u0004zipzipzip', 'image/png'],
  ])('wrong type or magic bytes (%s) → 4xx', async (_what, body, type) => {
    const a = await upload(`it-hostile/${randomUUID()}.png`, body, type);
    expect4xx(a, `${type} upload`);
    const err = parse(a);
    expect(typeof err.message).toBe('string');
  });

  it('path traversal and odd names → 4xx, nothing written anywhere', async () => {
    const m = randomUUID();
    const names = [
      `..%2F..%2F..%2F..%2F..%2F..%2Ftmp%2Fnpng-evil-${m}.png`,
      `%2E%2E%2F%2E%2E%2F%2E%2E%2F%2E%2E%2F%2E%2E%2F%2E%2E%2Ftmp%2Fnpng-evil-${m}.png`,
      `a%2F..%2F..%2F..%2F..%2F..%2F..%2F..%2Ftmp%2Fnpng-evil-${m}.png`,
      `..%5C..%5C..%5Ctmp%5Cnpng-evil-${m}.png`,
      `x%00.png`,
    ];
    for (const name of names) expect4xx(await upload(name, PNG_1X1), `upload ${name.slice(0, 80)}`);
    const absolute = await upload(`%2Ftmp%2Fnpng-evil-${m}.png`, PNG_1X1);
    expect(absolute.status).toBeLessThan(500);
    if (absolute.status < 300)
      await serviceClient()
        .storage.from('product-images')
        .remove([`/tmp/npng-evil-${m}.png`, `tmp/npng-evil-${m}.png`]);
    expect(existsSync(`/tmp/npng-evil-${m}.png`)).toBe(false);
    expect(await sql("select name from storage.objects where name like '%npng-evil%' or name like '%..%'")).toEqual([]);
  });

  it('an oversize upload → 413 or 400', async () => {
    const big = Buffer.concat([PNG_1X1, Buffer.alloc(6 * 1024 * 1024 + 1, 1)]);
    const name = `it-hostile/${randomUUID()}.png`;
    const a = await upload(name, big);
    expect([400, 413]).toContain(a.status);
    expect(await sql('select name from storage.objects where name = $1', [name])).toEqual([]);
  });

  it('random object names: never 5xx', async () => {
    const created: string[] = [];
    await property(
      hostile,
      async (v) => {
        const a = await upload(`it-hostile/${enc(v)}`, PNG_1X1);
        expect(a.status, `${JSON.stringify(v)} → ${a.status} ${a.text.slice(0, 200)}`).toBeLessThan(500);
        if (a.status < 300) created.push(`it-hostile/${v}`);
      },
      100,
    );
    if (created.length) await serviceClient().storage.from('product-images').remove(created);
    expect(await sql("select name from storage.objects where name like '%..%' or name like '/%'")).toEqual([]);
  });

  it('nothing changed after the storage attacks', async () => {
    await expectNothingChanged();
  });
});

describe('functions', () => {
  const checkout = (body: string, contentType = 'application/json') =>
    send('/functions/v1/create-checkout-session', { method: 'POST', headers: { 'content-type': contentType }, body });
  let variantId: string;
  beforeAll(async () => {
    const { data } = await serviceClient().from('variants').select('id,inventory,products!inner(status)').eq('products.status', 'published').gt('inventory', 0).limit(1).single();
    variantId = data!.id;
  });
  const base = () => ({ userId: null, email: null, items: [{ variantId, qty: 1 }], successUrl: 'http://localhost:5173/orders', cancelUrl: 'http://localhost:5173/cart' });

  it('create-checkout-session: malformed JSON and random JSON → 4xx', async () => {
    for (const body of ['', '{', 'null', '[]', '"x"', '{"items":', 'items=1']) expect4xx(await checkout(body), `body ${body}`);
    await property(fc.jsonValue({ maxDepth: 4 }), async (j) => expect4xx(await checkout(JSON.stringify(j)), `body ${JSON.stringify(j).slice(0, 80)}`), 100);
  });

  it.each([
    ['items not an array', { items: 'all' }],
    ['qty 0', { items: [{ variantId: 'V', qty: 0 }] }],
    ['qty negative', { items: [{ variantId: 'V', qty: -3 }] }],
    ['qty fractional', { items: [{ variantId: 'V', qty: 1.5 }] }],
    ['qty huge', { items: [{ variantId: 'V', qty: 1e9 }] }],
    ['qty as string', { items: [{ variantId: 'V', qty: '1; drop table orders' }] }],
    ['variantId not a uuid', { items: [{ variantId: "'; drop table variants; --", qty: 1 }] }],
    ['variantId unknown', { items: [{ variantId: '00000000-0000-0000-0000-000000000000', qty: 1 }] }],
    ['variantId a number', { items: [{ variantId: 42, qty: 1 }] }],
    ['huge array', { items: Array.from({ length: 100_000 }, () => ({ variantId: 'V', qty: 1 })) }],
    ['successUrl javascript:', { successUrl: 'javascript:alert(1)' }],
    ['successUrl not a URL', { successUrl: 'not a url' }],
    ['email an object', { email: { $ne: null } }],
  ])('create-checkout-session: %s → 4xx', async (_what, change) => {
    const body = JSON.stringify({ ...base(), ...change }).replaceAll('"V"', JSON.stringify(variantId));
    expect4xx(await checkout(body), _what);
  });

  it('stripe-webhook: unsigned and malformed bodies → 4xx', async () => {
    const hook = (body: string, headers: Record<string, string> = {}) =>
      send('/functions/v1/stripe-webhook', { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
    expect4xx(await hook('{'), 'malformed');
    expect4xx(await hook(JSON.stringify({ type: 'checkout.session.completed', data: { object: { id: 'cs_test_x' } } })), 'unsigned');
    expect4xx(
      await hook(JSON.stringify({ type: 'checkout.session.completed', data: { object: { id: 'cs_test_x' } } }), { 'stripe-signature': 't=1,v1=deadbeef' }),
      'bad signature',
    );
    await property(fc.jsonValue({ maxDepth: 3 }), async (j) => expect4xx(await hook(JSON.stringify(j), { 'stripe-signature': 't=1,v1=00' }), 'random'), 50);
  });

  it('nothing changed after the function attacks', async () => {
    await expectNothingChanged();
    await serviceClient().from('contact_messages').delete().eq('subject', CANARY_SUBJECT);
  });
});
