import { json, type ApiRequest, type ApiResponse } from '../http.ts';
import type { MailMessage } from '../context.ts';
import { emailChangeMail } from '../mail/templates.ts';
import { objectField, optionalStringField, readBody } from './body.ts';
import { authenticate } from './bearer.ts';
import { now } from './clock.ts';
import type { Queryable } from '../db/types.ts';
import { badRequest, unauthorized, unprocessable, versionHeaders } from './errors.ts';
import { pkceChallenge } from './flowState.ts';
import { confirmReauthentication } from './reauthenticate.ts';
import { checkRecipient } from './recipient.ts';
import { resolveRedirect } from './redirect.ts';
import { deleteUserSessions, sessionAssurance } from './sessions.ts';
import type { AuthState } from './state.ts';
import { findUserByEmail, findUserById, hashPassword, makePermanent, mergeMetadata, passwordMatches, userJson, type UserRow } from './users.ts';
import { checkPassword, normaliseEmail } from './validate.ts';
import { issueLinkToken, verifyLink } from './linkTokens.ts';

/**
 * GoTrue's rule for a user with a verified factor: the password or the e-mail changes only from an
 * aal2 session, so a stolen password (an aal1 session) cannot take the account over.
 */
async function mayChangeCredentials(db: Queryable, user: UserRow, sessionId: string | undefined): Promise<boolean> {
  const { rows } = await db.query(`select 1 from auth.mfa_factors where user_id = $1 and status = 'verified' limit 1`, [user.id]);
  if (rows.length === 0) return true;
  return sessionId !== undefined && (await sessionAssurance(db, sessionId)).aal === 'aal2';
}

/** GET /user: the signed-in user. */
export async function getUser(state: AuthState, req: ApiRequest): Promise<ApiResponse> {
  const { user } = await authenticate(req, state.config, state.db);
  return json(200, userJson(user), versionHeaders(req));
}

/**
 * PUT /user: metadata merges in; a new password ends the user's other sessions; a new email takes
 * effect only when the link mailed to the new address is followed (GoTrue's secure email change).
 * As in GoTrue, a taken address is refused before the password is looked at; a new address the
 * mailer refuses (MAILER_EMAIL_VALIDATION_EXTENDED) is refused then too, before a reauthentication
 * nonce is spent, so nothing of the request is kept.
 */
export async function updateUser(state: AuthState, req: ApiRequest): Promise<ApiResponse> {
  const { config, db } = state;
  const { user, sessionId } = await authenticate(req, config, db);
  const body = await readBody(req);
  const requestedEmail = optionalStringField(body, 'email');
  const password = optionalStringField(body, 'password');
  const data = objectField(body, 'data');
  if (optionalStringField(body, 'phone')) throw badRequest('phone_provider_disabled', 'Phone logins are disabled');
  const pkce = pkceChallenge(body);
  const address = requestedEmail ? normaliseEmail(requestedEmail) : undefined;
  const changesEmail = address !== undefined && address !== user.email?.toLowerCase();
  if ((password || changesEmail) && !(await mayChangeCredentials(db, user, sessionId))) {
    throw unauthorized('insufficient_aal', 'AAL2 session is required to update email or password when MFA is enabled.');
  }

  if (password !== undefined) {
    checkPassword(password, config.passwordPolicy);
    if (user.is_anonymous && !requestedEmail) {
      throw unprocessable('validation_failed', 'Updating password of an anonymous user without an email or phone is not allowed');
    }
  }

  let newEmail: string | undefined;
  if (address && changesEmail) {
    const holder = await findUserByEmail(db, address);
    if (holder && holder.id !== user.id) {
      throw unprocessable('email_exists', 'A user with this email address has already been registered');
    }
    // Under autoConfirm the address changes at once, unmailed.
    if (!config.autoConfirm) checkRecipient(config, address);
    newEmail = address;
  }

  let encryptedPassword: string | undefined;
  if (password !== undefined) {
    await confirmReauthentication(db, config, state.nonceAttempts, user, sessionId, optionalStringField(body, 'nonce'));
    if (await passwordMatches(user, password)) {
      throw unprocessable('same_password', 'New password should be different from the old password.');
    }
    encryptedPassword = await hashPassword(password);
  }
  const redirectTo = resolveRedirect(req.url.searchParams.get('redirect_to'), config);

  const result = await db.transaction(async (tx) => {
    const at = now();
    let mail: MailMessage | undefined;
    if (data) {
      await tx.query('update auth.users set raw_user_meta_data = $2::jsonb, updated_at = $3 where id = $1', [
        user.id,
        JSON.stringify(mergeMetadata(user.raw_user_meta_data, data)),
        at,
      ]);
    }
    if (encryptedPassword) {
      await tx.query('update auth.users set encrypted_password = $2, updated_at = $3 where id = $1', [user.id, encryptedPassword, at]);
      await deleteUserSessions(tx, user.id, sessionId);
    }
    if (newEmail && config.autoConfirm) {
      await tx.query('update auth.users set email = $2, updated_at = $3 where id = $1', [user.id, newEmail, at]);
      await tx.query(
        `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text), updated_at = $3
          where user_id = $1 and provider = 'email'`,
        [user.id, newEmail, at],
      );
      await makePermanent(tx, user.id);
    } else if (newEmail) {
      const token = await issueLinkToken(tx, user.id, 'email_change', newEmail, pkce);
      mail = emailChangeMail(newEmail, verifyLink(config, token, 'email_change', redirectTo));
    }
    return { user: (await findUserById(tx, user.id)) ?? user, mail };
  });
  if (result.mail) await state.mailer.send(result.mail);
  return json(200, userJson(result.user), versionHeaders(req));
}
