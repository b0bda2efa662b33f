import bcrypt from 'bcryptjs';
import { json, type ApiRequest, type ApiResponse } from '../http.ts';
import { readBody, stringField } from './body.ts';
import { AuthError, badRequest, notFound, unprocessable, versionHeaders } from './errors.ts';
import { refreshTokenGrant } from './refresh.ts';
import { redeemAuthCode } from './flowState.ts';
import { startSession } from './sessions.ts';
import type { AuthState } from './state.ts';
import { idTokenGrant, web3Grant } from './unsupported.ts';
import { findUserByEmail, findUserById, isBanned, passwordMatches } from './users.ts';
import { passwordWeaknesses } from './validate.ts';
import { overRequestRateLimit } from './rateLimit.ts';
import { linkTypeOfFlow, SESSION_METHOD } from './linkTokens.ts';

/** Compared against when the email is unknown, so a miss costs as long as a wrong password. */
const DUMMY_HASH = bcrypt.hashSync('no-such-user-password', 10);

/** POST /token?grant_type=…: password sign-in, refresh-token rotation and PKCE auth codes. */
export async function token(state: AuthState, req: ApiRequest): Promise<ApiResponse> {
  const grantType = req.url.searchParams.get('grant_type') ?? '';
  switch (grantType) {
    case 'password':
      if (!(await state.limits.signIn.take(req.ip))) throw overRequestRateLimit();
      return json(200, await passwordGrant(state, req), versionHeaders(req));
    case 'refresh_token':
      return json(200, await refreshTokenGrant(state.config, state.db, await readBody(req), state.reuseIntervalMs), versionHeaders(req));
    case 'id_token':
      return idTokenGrant(state, req);
    case 'web3':
      return web3Grant();
    case 'pkce':
      return pkceGrant(state, req);
    default:
      throw new AuthError(400, 'unsupported_grant_type', 'unsupported_grant_type');
  }
}

async function passwordGrant(state: AuthState, req: ApiRequest) {
  const body = await readBody(req);
  const email = stringField(body, 'email').trim();
  const phone = stringField(body, 'phone').trim();
  const password = stringField(body, 'password');
  if (email !== '' && phone !== '') throw badRequest('validation_failed', 'Only an email address or phone number should be provided on login.');
  if (email === '' && phone === '') throw badRequest('validation_failed', 'missing email or phone');
  if (email === '') throw unprocessable('phone_provider_disabled', 'Phone logins are disabled');

  // Per account as well as per client address: rotating addresses does not buy more guesses at one
  // password. Every attempt takes a slot up front (parallel guesses cannot share one); a right
  // password gives its slot back, so only failures count and the owner is not locked out by signing in.
  const account = email.toLowerCase();
  if (!(await state.limits.signInAccount.take(account))) throw overRequestRateLimit();
  const user = await findUserByEmail(state.db, email);
  const valid = user ? await passwordMatches(user, password) : await bcrypt.compare(password, DUMMY_HASH).then(() => false);
  if (!user || !valid) throw badRequest('invalid_credentials', 'Invalid login credentials');
  await state.limits.signInAccount.release(account);
  if (isBanned(user)) throw badRequest('user_banned', 'User is banned');
  if (!user.email_confirmed_at) throw badRequest('email_not_confirmed', 'Email not confirmed');
  const session = await state.db.transaction((tx) => startSession(state.config, tx, user, 'password', req));
  // GoTrue signs in a right password that today's policy finds weak, and says so (data.weakPassword).
  const { reasons, messages } = passwordWeaknesses(password, state.config.passwordPolicy);
  return reasons.length > 0 ? { ...session, weak_password: { message: messages.join(' '), reasons } } : session;
}

/** POST /token?grant_type=pkce {auth_code, code_verifier}: an e-mailed link's auth code buys one session. */
async function pkceGrant(state: AuthState, req: ApiRequest): Promise<ApiResponse> {
  const body = await readBody(req);
  const authCode = stringField(body, 'auth_code');
  const verifier = stringField(body, 'code_verifier');
  const session = await state.db.transaction(async (tx) => {
    const { userId, method } = await redeemAuthCode(tx, authCode, verifier);
    const user = await findUserById(tx, userId);
    const linkType = linkTypeOfFlow(method);
    if (!user || !linkType) throw notFound('flow_state_not_found', 'invalid flow state, no valid flow state found');
    return startSession(state.config, tx, user, SESSION_METHOD[linkType], req);
  });
  return json(200, session, versionHeaders(req));
}
