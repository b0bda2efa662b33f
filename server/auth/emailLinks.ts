import { json, type ApiRequest, type ApiResponse } from '../http.ts';
import { confirmSignupMail, emailChangeMail, magicLinkMail, recoveryMail } from '../mail/templates.ts';
import { booleanField, objectField, readBody, stringField } from './body.ts';
import { now } from './clock.ts';
import { badRequest, tooManyRequests, unprocessable, versionHeaders } from './errors.ts';
import { pkceChallenge, type PkceChallenge } from './flowState.ts';
import { checkRecipient } from './recipient.ts';
import { resolveRedirect } from './redirect.ts';
import type { AuthState } from './state.ts';
import { createUser, findUserByEmail, isConfirmed, type UserRow } from './users.ts';
import { normaliseEmail } from './validate.ts';
import { issueLinkToken, verifyLink } from './linkTokens.ts';

const RESEND_TYPES = ['signup', 'email_change', 'sms', 'phone_change'];

const overEmailRateLimit = () => tooManyRequests('over_email_send_rate_limit', 'Email rate limit exceeded');

async function takeEmailBudget(state: AuthState, req: ApiRequest): Promise<void> {
  if (!(await state.limits.email.take(req.ip))) throw overEmailRateLimit();
}

/** The mail-sending endpoints answer `{}` whether or not the address is known (no enumeration). */
const accepted = (req: ApiRequest) => json(200, {}, versionHeaders(req));

/**
 * Stores the link's token and hands its mail to the mailer. With `background` the mailer is not
 * waited for (its failure is logged): the caller answers as fast as for an address that gets no mail.
 */
async function mailLink(state: AuthState, user: UserRow, type: 'signup' | 'recovery' | 'magiclink', redirectTo: string, pkce?: PkceChallenge, background = false): Promise<void> {
  checkRecipient(state.config, user.email ?? '');
  const token = await state.db.transaction(async (tx) => {
    // A new confirmation link not sent by a sign-up carries no password: the pending one belonged to
    // the replaced link (whoever asked for this one may not be who chose it).
    if (type === 'signup') await tx.query('update auth.users set encrypted_password = null where id = $1 and email_confirmed_at is null', [user.id]);
    return issueLinkToken(tx, user.id, type, undefined, pkce);
  });
  const link = verifyLink(state.config, token, type, redirectTo);
  const address = user.email ?? '';
  const compose = { signup: confirmSignupMail, recovery: recoveryMail, magiclink: magicLinkMail }[type];
  const sending = state.mailer.send(compose(address, link));
  if (!background) return sending;
  sending.catch((e) => console.error(`[auth] ${type} mail to ${address} failed:`, e));
}

/**
 * POST /recover: mails a password-recovery link when the address belongs to a user. The answer does
 * not wait for the mailer (an SMTP round trip would tell known addresses from unknown ones by time).
 */
export async function recover(state: AuthState, req: ApiRequest): Promise<ApiResponse> {
  await takeEmailBudget(state, req);
  const body = await readBody(req);
  const email = normaliseEmail(stringField(body, 'email'));
  const pkce = pkceChallenge(body);
  const redirectTo = resolveRedirect(req.url.searchParams.get('redirect_to'), state.config);
  const user = await findUserByEmail(state.db, email);
  if (user) await mailLink(state, user, 'recovery', redirectTo, pkce, true);
  return accepted(req);
}

/** POST /resend: mails the sign-up confirmation or the pending email-change link again. */
export async function resend(state: AuthState, req: ApiRequest): Promise<ApiResponse> {
  await takeEmailBudget(state, req);
  const body = await readBody(req);
  const type = stringField(body, 'type');
  if (!RESEND_TYPES.includes(type)) throw badRequest('validation_failed', 'Missing one of these types: signup, email_change, sms, phone_change');
  if (type === 'sms' || type === 'phone_change') throw badRequest('phone_provider_disabled', 'Phone logins are disabled');
  const email = normaliseEmail(stringField(body, 'email'));
  const redirectTo = resolveRedirect(req.url.searchParams.get('redirect_to'), state.config);

  if (type === 'signup') {
    const user = await findUserByEmail(state.db, email);
    if (user && !isConfirmed(user)) await mailLink(state, user, 'signup', redirectTo);
    return accepted(req);
  }
  const { rows } = await state.db.query<{ id: string; email_change: string }>(
    `select id, email_change from auth.users
      where coalesce(email_change, '') <> '' and (lower(email) = $1 or lower(email_change) = $1) limit 1`,
    [email],
  );
  const pending = rows[0];
  if (pending) {
    checkRecipient(state.config, pending.email_change);
    const token = await state.db.transaction((tx) => issueLinkToken(tx, pending.id, 'email_change', pending.email_change));
    await state.mailer.send(emailChangeMail(pending.email_change, verifyLink(state.config, token, 'email_change', redirectTo)));
  }
  return accepted(req);
}

/**
 * POST /otp (magic link): a confirmed user gets a sign-in link; an unknown address becomes a new
 * unconfirmed user (unless create_user is false) and, like an unconfirmed one, gets the confirmation link.
 */
export async function otp(state: AuthState, req: ApiRequest): Promise<ApiResponse> {
  await takeEmailBudget(state, req);
  const body = await readBody(req);
  const phone = stringField(body, 'phone');
  if (phone !== '' && stringField(body, 'email') === '') throw badRequest('phone_provider_disabled', 'Unsupported phone provider');
  const email = normaliseEmail(stringField(body, 'email'));
  const pkce = pkceChallenge(body);
  const createIfMissing = booleanField(body, 'create_user') ?? true;
  const data = objectField(body, 'data') ?? {};
  const redirectTo = resolveRedirect(req.url.searchParams.get('redirect_to'), state.config);

  let user = await findUserByEmail(state.db, email);
  if (!user && !createIfMissing) throw unprocessable('otp_disabled', 'Signups not allowed for otp');
  // Every path below mails the address: refused before a new user is created for it.
  checkRecipient(state.config, email);
  if (!user) {
    const confirmedAt = state.config.autoConfirm ? now() : null;
    user = await state.db.transaction((tx) => createUser(tx, { email, encryptedPassword: null, userMetadata: data, confirmedAt }));
  }
  await mailLink(state, user, isConfirmed(user) ? 'magiclink' : 'signup', redirectTo, pkce);
  return accepted(req);
}
