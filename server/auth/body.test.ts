import { describe, expect, it } from 'vitest';
import type { ApiRequest } from '../http.ts';
import { readBody } from './body.ts';
import { AuthError } from './errors.ts';

const request = (body: string): ApiRequest => ({
  method: 'POST',
  url: new URL('http://localhost/auth/v1/token'),
  path: '/token',
  headers: {},
  ip: '127.0.0.1',
  body: async () => Buffer.from(body),
});

async function rejection(body: string): Promise<AuthError> {
  try {
    await readBody(request(body));
  } catch (e) {
    return e as AuthError;
  }
  throw new Error('readBody accepted the body');
}

describe('readBody', () => {
  it('reads an object and treats an empty body as {}', async () => {
    expect(await readBody(request('{"email":"a@b.de"}'))).toEqual({ email: 'a@b.de' });
    expect(await readBody(request(''))).toEqual({});
  });

  it.each(['[1]', '"text"', '{"a":', '12'])('refuses %s as bad_json', async (body) => {
    const e = await rejection(body);
    expect(e).toBeInstanceOf(AuthError);
    expect(e.status).toBe(400);
    expect(e.errorCode).toBe('bad_json');
  });

  it.each(['{"email":"a\\u0000@b.de","password":"x"}', '{"data":{"nested":["ok","bad\\u0000"]}}', '{"data":{"key\\u0000":"v"}}'])(
    'refuses a NUL character anywhere: %s',
    async (body) => {
      const e = await rejection(body);
      expect(e.status).toBe(400);
      expect(e.errorCode).toBe('validation_failed');
    },
  );
});
