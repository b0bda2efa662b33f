import { json, type ApiRequest, type ApiResponse } from '../http.ts';
import type { Queryable } from '../db/types.ts';
import { inviteMail } from '../mail/templates.ts';
import { booleanField, objectField, optionalStringField, readBody, stringField, type Json } from './body.ts';
import { requireAdmin } from './bearer.ts';
import { now } from './clock.ts';
import { badRequest, notFound, unprocessable, versionHeaders } from './errors.ts';
import { checkRecipient } from './recipient.ts';
import { resolveRedirect } from './redirect.ts';
import { adminFactors } from './mfa.ts';
import { deleteUserSessions } from './sessions.ts';
import type { AuthState } from './state.ts';
import { createUser, findUserByEmail, findUserById, hashPassword, isConfirmed, isUuid, listUsers, mergeMetadata, userJson, type UserRow } from './users.ts';
import { checkPassword, normaliseEmail } from './validate.ts';
import { issueLinkToken, verifyLink, type LinkType } from './linkTokens.ts';

const emailExists = () => unprocessable('email_exists', 'A user with this email address has already been registered');
const userNotFound = () => notFound('user_not_found', 'User not found');

const GO_DURATION = /^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h))+$/;
const UNIT_MS: Record<string, number> = { ns: 1e-6, us: 1e-3, µs: 1e-3, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** GoTrue's ban_duration: 'none' lifts a ban, a Go duration ('24h', '1h30m') bans until now + that. */
export function parseBanDuration(raw: string): Date | null {
  if (raw === 'none') return null;
  if (!GO_DURATION.test(raw)) throw badRequest('validation_failed', `invalid format for ban duration: time: invalid duration "${raw}"`);
  let ms = 0;
  for (const [, amount, , unit] of raw.matchAll(/(\d+(\.\d+)?)(ns|us|µs|ms|s|m|h)/g)) ms += Number(amount) * UNIT_MS[unit];
  return new Date(now().getTime() + ms);
}

/** Routes below /admin (service_role only). */
export async function admin(state: AuthState, req: ApiRequest): Promise<ApiResponse | undefined> {
  const factorsResponse = await adminFactors(state, req);
  if (factorsResponse) return factorsResponse;
  const users = /^\/admin\/users(?:\/([^/]+))?\/?$/.exec(req.path);
  const isGenerateLink = req.path === '/admin/generate_link';
  const isInvite = req.path === '/invite';
  if (!users && !isGenerateLink && !isInvite) return undefined;
  await requireAdmin(req, state.config);
  const respond = (status: number, payload: unknown, headers: Record<string, string> = {}) => json(status, payload, { ...versionHeaders(req), ...headers });

  if (isInvite) {
    if (req.method !== 'POST') return undefined;
    return respond(200, await inviteUserByEmail(state, req));
  }
  if (isGenerateLink) {
    if (req.method !== 'POST') return undefined;
    return respond(200, await generateLink(state, req));
  }
  const id = users?.[1] ? decodeURIComponent(users[1]) : undefined;
  if (id === undefined) {
    if (req.method === 'GET') return listUsersPage(state, req, respond);
    if (req.method === 'POST') return respond(200, await createUserByAdmin(state, await readBody(req)));
    return undefined;
  }
  if (!isUuid(id)) throw notFound('validation_failed', 'user_id must be an UUID');
  switch (req.method) {
    case 'GET': {
      const user = await findUserById(state.db, id);
      if (!user) throw userNotFound();
      return respond(200, userJson(user));
    }
    case 'PUT':
      return respond(200, await updateUserByAdmin(state, id, await readBody(req)));
    case 'DELETE': {
      await readBody(req);
      const { rows } = await state.db.query('delete from auth.users where id = $1 returning id', [id]);
      if (rows.length === 0) throw userNotFound();
      return respond(200, {});
    }
    default:
      return undefined;
  }
}

function positiveInt(raw: string | null, fallback: number, name: string): number {
  if (raw === null || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 1) throw badRequest('validation_failed', `Bad Pagination Parameters: ${name} must be a positive integer`);
  return Number(raw);
}

async function listUsersPage(
  state: AuthState,
  req: ApiRequest,
  respond: (status: number, payload: unknown, headers?: Record<string, string>) => ApiResponse,
): Promise<ApiResponse> {
  const page = positiveInt(req.url.searchParams.get('page'), 1, 'page');
  const perPage = Math.min(positiveInt(req.url.searchParams.get('per_page'), 50, 'per_page'), 1000);
  const { users, total } = await listUsers(state.db, perPage, (page - 1) * perPage);
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const link = (n: number, rel: string) => `</admin/users?page=${n}&per_page=${perPage}>; rel="${rel}"`;
  const links = [...(page < lastPage ? [link(page + 1, 'next')] : []), link(lastPage, 'last')];
  return respond(200, { users: users.map(userJson), aud: 'authenticated' }, { 'x-total-count': String(total), link: links.join(', ') });
}

async function createUserByAdmin(state: AuthState, body: Json) {
  if (stringField(body, 'phone') !== '') throw badRequest('phone_provider_disabled', 'Phone logins are disabled');
  if (stringField(body, 'email').trim() === '') throw badRequest('validation_failed', 'Cannot create a user without either an email or phone');
  const email = normaliseEmail(stringField(body, 'email'));
  const password = optionalStringField(body, 'password');
  if (password !== undefined) checkPassword(password, state.config.passwordPolicy);
  const encryptedPassword = password === undefined ? null : await hashPassword(password);
  const confirmed = booleanField(body, 'email_confirm') ?? false;
  const userMetadata = objectField(body, 'user_metadata') ?? {};
  const appMetadata = objectField(body, 'app_metadata') ?? {};
  const banDuration = optionalStringField(body, 'ban_duration');
  const bannedUntil = banDuration === undefined ? null : parseBanDuration(banDuration);
  const user = await state.db.transaction(async (tx) => {
    if (await findUserByEmail(tx, email)) return undefined;
    const created = await createUser(tx, { email, encryptedPassword, userMetadata, appMetadata, confirmedAt: confirmed ? now() : null });
    if (bannedUntil) await tx.query('update auth.users set banned_until = $2 where id = $1', [created.id, bannedUntil]);
    return findUserById(tx, created.id);
  });
  if (!user) throw emailExists();
  return userJson(user);
}

async function updateUserByAdmin(state: AuthState, id: string, body: Json) {
  const email = optionalStringField(body, 'email');
  const address = email ? normaliseEmail(email) : undefined;
  const password = optionalStringField(body, 'password');
  if (password !== undefined) checkPassword(password, state.config.passwordPolicy);
  const encryptedPassword = password === undefined ? undefined : await hashPassword(password);
  const confirm = booleanField(body, 'email_confirm');
  const userMetadata = objectField(body, 'user_metadata');
  const appMetadata = objectField(body, 'app_metadata');
  const banDuration = optionalStringField(body, 'ban_duration');
  const bannedUntil = banDuration === undefined ? undefined : parseBanDuration(banDuration);

  const outcome = await state.db.transaction(async (tx) => {
    const user = await findUserById(tx, id, true);
    if (!user) return 'not_found' as const;
    const at = now();
    if (address && address !== user.email) {
      const holder = await findUserByEmail(tx, address);
      if (holder && holder.id !== id) return 'email_exists' as const;
      await tx.query(`update auth.users set email = $2, email_change = '', email_change_token_new = '' where id = $1`, [id, address]);
      await tx.query(
        `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text), updated_at = $3
          where user_id = $1 and provider = 'email'`,
        [id, address, at],
      );
    }
    if (encryptedPassword) await tx.query('update auth.users set encrypted_password = $2 where id = $1', [id, encryptedPassword]);
    if (confirm === true) await tx.query('update auth.users set email_confirmed_at = coalesce(email_confirmed_at, $2) where id = $1', [id, at]);
    if (confirm === false) await tx.query('update auth.users set email_confirmed_at = null where id = $1', [id]);
    if (userMetadata) {
      await tx.query('update auth.users set raw_user_meta_data = $2::jsonb where id = $1', [id, JSON.stringify(mergeMetadata(user.raw_user_meta_data, userMetadata))]);
    }
    if (appMetadata) {
      await tx.query('update auth.users set raw_app_meta_data = $2::jsonb where id = $1', [id, JSON.stringify(mergeMetadata(user.raw_app_meta_data, appMetadata))]);
    }
    if (bannedUntil !== undefined) {
      await tx.query('update auth.users set banned_until = $2 where id = $1', [id, bannedUntil]);
      if (bannedUntil) await deleteUserSessions(tx, id);
    }
    await tx.query('update auth.users set updated_at = $2 where id = $1', [id, at]);
    return findUserById(tx, id);
  });
  if (outcome === 'not_found' || outcome === undefined) throw userNotFound();
  if (outcome === 'email_exists') throw emailExists();
  return userJson(outcome);
}

/**
 * Marks the address as invited (creating the user when it is new) and issues its invite token;
 * a confirmed address cannot be invited (GoTrue's 422 email_exists). Run inside a transaction.
 * `beforeWrite` runs once the address may be invited and before anything is written (the mailed
 * invite checks its recipient there; a generated link is not mailed).
 */
async function inviteUser(tx: Queryable, email: string, data: Json, beforeWrite: () => void = () => {}): Promise<{ user: UserRow; token: string } | 'email_exists'> {
  const existing = await findUserByEmail(tx, email);
  if (existing && isConfirmed(existing)) return 'email_exists';
  beforeWrite();
  const at = now();
  const user = existing ?? (await createUser(tx, { email, encryptedPassword: null, userMetadata: data, invitedAt: at }));
  if (existing) await tx.query('update auth.users set invited_at = $2 where id = $1', [user.id, at]);
  const token = await issueLinkToken(tx, user.id, 'invite');
  return { user: (await findUserById(tx, user.id)) ?? user, token };
}

/** POST /invite (auth.admin.inviteUserByEmail): mails an invite link; answers with the invited user. */
async function inviteUserByEmail(state: AuthState, req: ApiRequest) {
  const body = await readBody(req);
  const email = normaliseEmail(stringField(body, 'email'));
  const data = objectField(body, 'data') ?? {};
  const redirectTo = resolveRedirect(req.url.searchParams.get('redirect_to'), state.config);
  const outcome = await state.db.transaction((tx) => inviteUser(tx, email, data, () => checkRecipient(state.config, email)));
  if (outcome === 'email_exists') throw emailExists();
  await state.mailer.send(inviteMail(email, verifyLink(state.config, outcome.token, 'invite', redirectTo)));
  return userJson(outcome.user);
}

const LINK_TYPES = ['signup', 'invite', 'magiclink', 'recovery', 'email_change_current', 'email_change_new'] as const;
type GeneratedLinkType = (typeof LINK_TYPES)[number];

/**
 * POST /admin/generate_link: the link GoTrue would mail, returned instead of sent, so its address
 * is not checked as a recipient (MAILER_EMAIL_VALIDATION_EXTENDED), as in GoTrue. A magic link
 * for an unknown address signs the address up (type signup), as GoTrue does. `email_otp` holds the
 * same token as the link: this server mails links, not codes, so verifyOtp({email, token}) takes it.
 * email_change_current is GoTrue's answer with secure email change off: this server confirms an
 * email change at the new address only.
 */
async function generateLink(state: AuthState, req: ApiRequest) {
  const body = await readBody(req);
  const email = normaliseEmail(stringField(body, 'email'));
  const requested = stringField(body, 'type');
  let type: GeneratedLinkType | undefined = LINK_TYPES.find((t) => t === requested);
  if (!type) throw badRequest('validation_failed', `Invalid email action link type requested: ${requested}`);
  const password = optionalStringField(body, 'password');
  const data = objectField(body, 'data') ?? {};
  const redirectTo = resolveRedirect(req.url.searchParams.get('redirect_to') ?? optionalStringField(body, 'redirect_to'), state.config);

  const known = await findUserByEmail(state.db, email);
  if (!known && type === 'magiclink') type = 'signup';
  if (!known && (type === 'recovery' || type.startsWith('email_change'))) throw notFound('user_not_found', 'User with this email not found');
  if (type === 'email_change_current') throw badRequest('validation_failed', 'Enable secure email change to generate link for current email');
  const newEmail = type === 'email_change_new' ? normaliseEmail(stringField(body, 'new_email')) : undefined;
  if (requested === 'signup' && !known) {
    if (!password) throw badRequest('validation_failed', 'Signup requires a valid password');
    checkPassword(password, state.config.passwordPolicy);
  }
  const encryptedPassword = password && !known ? await hashPassword(password) : null;
  const linkType = type;

  const outcome = await state.db.transaction(async (tx) => {
    if (linkType === 'invite') return inviteUser(tx, email, data);
    let user = await findUserByEmail(tx, email);
    if (linkType === 'signup') {
      if (user && isConfirmed(user)) return 'email_exists' as const;
      if (user) await tx.query('update auth.users set raw_user_meta_data = $2::jsonb where id = $1', [user.id, JSON.stringify(mergeMetadata(user.raw_user_meta_data, data))]);
      user ??= await createUser(tx, { email, encryptedPassword, userMetadata: data });
    }
    if (!user) return 'not_found' as const;
    if (newEmail) {
      const holder = await findUserByEmail(tx, newEmail);
      if (holder && holder.id !== user.id) return 'email_exists' as const;
    }
    const token = await issueLinkToken(tx, user.id, VERIFY_TYPE[linkType], newEmail);
    return { user: (await findUserById(tx, user.id)) ?? user, token };
  });
  if (outcome === 'email_exists') throw emailExists();
  if (outcome === 'not_found') throw notFound('user_not_found', 'User with this email not found');
  return {
    ...userJson(outcome.user),
    action_link: verifyLink(state.config, outcome.token, VERIFY_TYPE[linkType], redirectTo),
    email_otp: outcome.token,
    hashed_token: outcome.token,
    redirect_to: redirectTo,
    verification_type: linkType,
  };
}

/** The /verify type each generated link carries (both email-change links verify as email_change). */
const VERIFY_TYPE: Record<GeneratedLinkType, Exclude<LinkType, 'email'>> = {
  signup: 'signup',
  invite: 'invite',
  magiclink: 'magiclink',
  recovery: 'recovery',
  email_change_current: 'email_change',
  email_change_new: 'email_change',
};
