import { json, type ApiRequest, type ApiResponse } from '../http.ts';
import { objectField, type Json } from './body.ts';
import { now } from './clock.ts';
import { unprocessable, versionHeaders } from './errors.ts';
import { startSession } from './sessions.ts';
import type { AuthState } from './state.ts';
import { overRequestRateLimit } from './rateLimit.ts';
import { findUserById } from './users.ts';

/**
 * POST /signup with neither email nor phone: GoTrue's anonymous sign-in. The user has no email and
 * no identity, `is_anonymous: true`, the role authenticated, and a session signed in with amr
 * 'anonymous'. Refused with GoTrue's 422 while ENABLE_ANONYMOUS_USERS is off.
 */
export async function signUpAnonymously(state: AuthState, req: ApiRequest, body: Json): Promise<ApiResponse> {
  if (!state.config.anonymousSignIns) throw unprocessable('anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
  if (!(await state.limits.anonymous.take(req.ip))) throw overRequestRateLimit();
  const data = objectField(body, 'data') ?? {};
  const session = await state.db.transaction(async (tx) => {
    const at = now();
    const { rows } = await tx.query<{ id: string }>(
      `insert into auth.users (instance_id, aud, role, email, encrypted_password, raw_app_meta_data, raw_user_meta_data,
          created_at, updated_at, is_anonymous)
       values ('00000000-0000-0000-0000-000000000000', 'authenticated', 'authenticated', null, null, $1::jsonb, $2::jsonb, $3, $3, true)
       returning id`,
      [JSON.stringify({ provider: 'anonymous', providers: ['anonymous'] }), JSON.stringify(data), at],
    );
    const user = await findUserById(tx, rows[0].id);
    if (!user) throw new Error(`anonymous user ${rows[0].id} vanished after insert`);
    return startSession(state.config, tx, user, 'anonymous', req);
  });
  return json(200, session, versionHeaders(req));
}
