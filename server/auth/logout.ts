import type { ApiRequest, ApiResponse } from '../http.ts';
import { authenticate } from './bearer.ts';
import { badRequest, versionHeaders } from './errors.ts';
import { deleteSession, deleteUserSessions } from './sessions.ts';
import type { AuthState } from './state.ts';

const SCOPES = ['global', 'local', 'others'] as const;
type Scope = (typeof SCOPES)[number];

/** POST /logout?scope=: ends this session (local), every other one (others) or all of them (global). */
export async function logout(state: AuthState, req: ApiRequest): Promise<ApiResponse> {
  const { user, sessionId } = await authenticate(req, state.config, state.db);
  const scope = req.url.searchParams.get('scope') ?? 'global';
  if (!(SCOPES as readonly string[]).includes(scope)) throw badRequest('validation_failed', `Unsupported logout scope "${scope}"`);
  await state.db.transaction(async (tx) => {
    switch (scope as Scope) {
      case 'global':
        await deleteUserSessions(tx, user.id);
        break;
      case 'local':
        if (sessionId) await deleteSession(tx, sessionId);
        break;
      case 'others':
        await deleteUserSessions(tx, user.id, sessionId);
        break;
    }
  });
  return { status: 204, headers: versionHeaders(req), body: '' };
}
