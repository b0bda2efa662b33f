/**
 * The product-images bucket lists no draft's images (issue 22 item 9c): visitors and shoppers list
 * the objects of published products only; admins list every one. Each test makes its own products.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ADMIN, PNG_1X1, createConfirmedUser, rest, serviceRoleKey, signIn, sql } from './support.ts';

async function productWithImage(status: 'draft' | 'published'): Promise<{ id: string; path: string }> {
  const slug = `it-images-${status}-${randomUUID().slice(0, 8)}`;
  const [{ id }] = await sql<{ id: string }>(`insert into public.products (slug, title, category, status) values ($1, $1, 'clothing', $2) returning id`, [slug, status]);
  const path = `${id}/1700000000000-0.png`;
  const upload = await rest(`/storage/v1/object/product-images/${path}`, { method: 'POST', key: serviceRoleKey(), headers: { 'content-type': 'image/png' }, body: PNG_1X1 });
  expect(upload.status).toBe(200);
  return { id, path };
}

async function list(prefix: string, token?: string): Promise<string[]> {
  const res = await rest('/storage/v1/object/list/product-images', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ prefix, limit: 1000, offset: 0, sortBy: { column: 'name', order: 'asc' } }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { name: string }[]).map((e) => e.name);
}

describe('product-images listing', () => {
  it('shows a visitor and a shopper a published product’s images but not a draft’s', async () => {
    const published = await productWithImage('published');
    const draft = await productWithImage('draft');
    const shopper = (await createConfirmedUser()).session.access_token;
    for (const token of [undefined, shopper]) {
      expect(await list(published.id, token)).toEqual(['1700000000000-0.png']);
      expect(await list(draft.id, token)).toEqual([]);
      const folders = await list('', token);
      expect(folders).toContain(published.id);
      expect(folders).not.toContain(draft.id);
    }
  });

  it('shows an admin a draft’s images too', async () => {
    const draft = await productWithImage('draft');
    const admin = (await signIn(ADMIN.email, ADMIN.password)).session.access_token;
    expect(await list(draft.id, admin)).toEqual(['1700000000000-0.png']);
    expect(await list('', admin)).toContain(draft.id);
  });

  it('still serves a known path from the public bucket', async () => {
    const draft = await productWithImage('draft');
    const res = await rest(`/storage/v1/object/public/product-images/${draft.path}`);
    expect([res.status, res.headers.get('content-type')]).toEqual([200, 'image/png']);
  });
});
