import type { Config } from '../config.ts';
import type { Database } from '../db/types.ts';
import { stringField, type Json } from './body.ts';
import { now } from './clock.ts';
import { badRequest } from './errors.ts';
import { deleteSession, insertRefreshToken, sessionJson, type SessionJson } from './sessions.ts';
import { findUserById, isBanned } from './users.ts';

interface RefreshTokenRow {
  id: string;
  token: string;
  user_id: string;
  revoked: boolean;
  session_id: string | null;
  updated_ms: number;
}

type Outcome = { kind: 'issued'; session: SessionJson } | { kind: 'not_found' } | { kind: 'banned' } | { kind: 'reused' };

/**
 * grant_type=refresh_token with GoTrue's rotation: every refresh token is single use. A revoked
 * token presented again within the reuse interval (two tabs refreshing at once) gets the session's
 * current token back; later it is treated as stolen and the whole session is revoked.
 */
export async function refreshTokenGrant(config: Config, db: Database, body: Json, reuseIntervalMs: number): Promise<SessionJson> {
  const presented = stringField(body, 'refresh_token');
  if (presented === '') throw badRequest('validation_failed', 'refresh_token required');

  const outcome = await db.transaction(async (tx): Promise<Outcome> => {
    const { rows } = await tx.query<RefreshTokenRow>(
      `select id::text as id, token, user_id, revoked, session_id,
              (extract(epoch from updated_at) * 1000)::float8 as updated_ms
         from auth.refresh_tokens where token = $1 for update`,
      [presented],
    );
    const row = rows[0];
    if (!row?.session_id) return { kind: 'not_found' };
    const session = await tx.query('select id from auth.sessions where id = $1 for update', [row.session_id]);
    if (session.rows.length === 0) return { kind: 'not_found' };
    const user = await findUserById(tx, row.user_id);
    if (!user) return { kind: 'not_found' };
    if (isBanned(user)) return { kind: 'banned' };

    const at = now();
    let issued: string;
    if (row.revoked) {
      const active = await tx.query<{ token: string }>('select token from auth.refresh_tokens where session_id = $1 and not revoked order by id desc limit 1', [row.session_id]);
      const withinReuseInterval = at.getTime() <= row.updated_ms + reuseIntervalMs;
      if (!withinReuseInterval || active.rows.length === 0) {
        await deleteSession(tx, row.session_id);
        return { kind: 'reused' };
      }
      issued = active.rows[0].token;
    } else {
      await tx.query('update auth.refresh_tokens set revoked = true, updated_at = $2 where id = $1::bigint', [row.id, at]);
      issued = await insertRefreshToken(tx, user.id, row.session_id, row.token, at);
    }
    await tx.query('update auth.sessions set updated_at = $2 where id = $1', [row.session_id, at]);
    return { kind: 'issued', session: await sessionJson(config, tx, user, row.session_id, issued) };
  });

  switch (outcome.kind) {
    case 'issued':
      return outcome.session;
    case 'not_found':
      throw badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
    case 'banned':
      throw badRequest('user_banned', 'Invalid Refresh Token: User Banned');
    case 'reused':
      throw badRequest('refresh_token_already_used', 'Invalid Refresh Token: Already Used');
  }
}
