import { randomUUID } from 'node:crypto';
import { json, type ApiRequest, type ApiResponse } from '../http.ts';
import { confirmSignupMail } from '../mail/templates.ts';
import { signUpAnonymously } from './anonymous.ts';
import { objectField, readBody, stringField } from './body.ts';
import { now } from './clock.ts';
import { badRequest, unprocessable, versionHeaders } from './errors.ts';
import { pkceChallenge } from './flowState.ts';
import { resolveRedirect } from './redirect.ts';
import { startSession } from './sessions.ts';
import type { AuthState } from './state.ts';
import { checkRecipient } from './recipient.ts';
import { overRequestRateLimit } from './rateLimit.ts';
import type { Queryable } from '../db/types.ts';
import { createUser, findUserByEmail, findUserById, hashPassword, isConfirmed, userJson, type UserRow } from './users.ts';
import { checkPassword, normaliseEmail } from './validate.ts';
import { issueLinkToken, verifyLink } from './linkTokens.ts';

/** Rejects what this server does not offer, with GoTrue's wording where GoTrue has one. */
function rejectUnsupportedFlows(phone: string, email: string): void {
  if (phone !== '' && email === '') throw badRequest('phone_provider_disabled', 'Phone signups are disabled');
  if (phone !== '' && email !== '') throw badRequest('validation_failed', 'Only an email address or phone number should be provided on signup.');
}

/**
 * POST /signup: creates an unconfirmed user and mails a confirmation link (or signs in with
 * autoConfirm); with neither email nor phone it is an anonymous sign-in, as in GoTrue.
 */
export async function signup(state: AuthState, req: ApiRequest): Promise<ApiResponse> {
  const { config, db } = state;
  const body = await readBody(req);
  const email = stringField(body, 'email');
  const phone = stringField(body, 'phone');
  const password = stringField(body, 'password');
  const data = objectField(body, 'data') ?? {};
  if (email === '' && phone === '') return signUpAnonymously(state, req, body);
  if (!(await state.limits.signUp.take(req.ip))) throw overRequestRateLimit();
  if (password === '') throw badRequest('validation_failed', 'Signup requires a valid password');
  rejectUnsupportedFlows(phone, email);
  const pkce = pkceChallenge(body);
  checkPassword(password, config.passwordPolicy);
  const address = normaliseEmail(email);
  const redirectTo = resolveRedirect(req.url.searchParams.get('redirect_to'), config);
  const encryptedPassword = await hashPassword(password);

  const result = await db.transaction(async (tx) => {
    const existing = await findUserByEmail(tx, address);
    if (existing && (config.autoConfirm || isConfirmed(existing))) return { kind: 'exists' as const };
    // The confirmation mail's recipient, refused before the user is created or its token stored.
    if (!config.autoConfirm) checkRecipient(config, address);
    // A repeated sign-up of an unconfirmed address replaces the pending password (and metadata)
    // together with the confirmation token: only the newest link confirms, and it confirms its own
    // sign-up's password, so a stranger's earlier sign-up cannot outlive the owner's confirmation.
    const user = existing
      ? await renewPendingSignUp(tx, existing, encryptedPassword, data)
      : await createUser(tx, { email: address, encryptedPassword, userMetadata: data, confirmedAt: config.autoConfirm ? now() : null });
    if (config.autoConfirm) return { kind: 'session' as const, session: await startSession(config, tx, user, 'password', req) };
    const token = await issueLinkToken(tx, user.id, 'signup', undefined, pkce);
    const pending = (await findUserById(tx, user.id)) ?? user;
    return { kind: 'confirm' as const, user: pending, mail: confirmSignupMail(address, verifyLink(config, token, 'signup', redirectTo)) };
  });

  switch (result.kind) {
    case 'exists':
      if (config.autoConfirm) throw unprocessable('user_already_exists', 'User already registered');
      return json(200, obfuscatedUser(address, data), versionHeaders(req));
    case 'session':
      return json(200, result.session, versionHeaders(req));
    case 'confirm':
      await state.mailer.send(result.mail);
      return json(200, userJson(result.user), versionHeaders(req));
  }
}

async function renewPendingSignUp(tx: Queryable, user: UserRow, encryptedPassword: string, data: Record<string, unknown>): Promise<UserRow> {
  await tx.query('update auth.users set encrypted_password = $2, raw_user_meta_data = $3::jsonb, updated_at = $4 where id = $1', [
    user.id,
    encryptedPassword,
    JSON.stringify(data),
    now(),
  ]);
  return user;
}

/** GoTrue's answer for an already-registered address: looks like a fresh sign-up, reveals nothing. */
function obfuscatedUser(email: string, data: Record<string, unknown>) {
  const at = now().toISOString();
  return {
    id: randomUUID(),
    aud: 'authenticated',
    role: 'authenticated',
    email,
    phone: '',
    confirmation_sent_at: at,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: data,
    identities: [],
    created_at: at,
    updated_at: at,
    is_anonymous: false,
  };
}
