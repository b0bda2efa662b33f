import bcrypt from 'bcryptjs';
import type { Queryable } from '../db/types.ts';
import { isoSql, now } from './clock.ts';
import type { Json } from './body.ts';

const BCRYPT_COST = 10;

export interface UserRow {
  id: string;
  aud: string;
  role: string;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: string | null;
  invited_at: string | null;
  confirmation_sent_at: string | null;
  recovery_sent_at: string | null;
  email_change: string | null;
  email_change_sent_at: string | null;
  last_sign_in_at: string | null;
  raw_app_meta_data: Json | null;
  raw_user_meta_data: Json | null;
  created_at: string;
  updated_at: string;
  phone: string | null;
  phone_confirmed_at: string | null;
  banned_until: string | null;
  is_anonymous: boolean;
  identities: unknown[];
  /** Two-factor factors as GoTrue lists them on the user (never their secrets). */
  factors: unknown[];
}

/** A factor (alias f) as GoTrue serialises it: friendly_name only when set, no secret. */
export const FACTOR_JSON_SQL = `json_strip_nulls(json_build_object('id', f.id, 'friendly_name', nullif(f.friendly_name, ''),
    'factor_type', f.factor_type, 'status', f.status, 'created_at', ${isoSql('f.created_at')}, 'updated_at', ${isoSql('f.updated_at')}))::jsonb
    || jsonb_build_object('last_challenged_at', ${isoSql('f.last_challenged_at')})`;

const USER_SELECT = `
  select u.id, u.aud, u.role, u.email, u.encrypted_password,
    ${isoSql('u.email_confirmed_at')} as email_confirmed_at, ${isoSql('u.invited_at')} as invited_at,
    ${isoSql('u.confirmation_sent_at')} as confirmation_sent_at, ${isoSql('u.recovery_sent_at')} as recovery_sent_at,
    u.email_change, ${isoSql('u.email_change_sent_at')} as email_change_sent_at,
    ${isoSql('u.last_sign_in_at')} as last_sign_in_at, u.raw_app_meta_data, u.raw_user_meta_data,
    ${isoSql('u.created_at')} as created_at, ${isoSql('u.updated_at')} as updated_at,
    u.phone, ${isoSql('u.phone_confirmed_at')} as phone_confirmed_at, ${isoSql('u.banned_until')} as banned_until,
    u.is_anonymous,
    coalesce((select json_agg(json_build_object(
        'identity_id', i.id, 'id', i.provider_id, 'user_id', i.user_id, 'identity_data', i.identity_data,
        'provider', i.provider, 'last_sign_in_at', ${isoSql('i.last_sign_in_at')},
        'created_at', ${isoSql('i.created_at')}, 'updated_at', ${isoSql('i.updated_at')}, 'email', i.email)
        order by i.created_at)
      from auth.identities i where i.user_id = u.id), '[]'::json) as identities,
    coalesce((select json_agg(${FACTOR_JSON_SQL} order by f.created_at, f.id)
      from auth.mfa_factors f where f.user_id = u.id), '[]'::json) as factors
  from auth.users u`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string): boolean => UUID.test(value);

export async function findUserById(db: Queryable, id: string, forUpdate = false): Promise<UserRow | undefined> {
  if (!isUuid(id)) return undefined;
  const { rows } = await db.query<UserRow>(`${USER_SELECT} where u.id = $1${forUpdate ? ' for update of u' : ''}`, [id]);
  return rows[0];
}

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(`${USER_SELECT} where lower(u.email) = lower($1)`, [email]);
  return rows[0];
}

/** Users whose emailed token (stored hashed) in `column` matches. */
export async function findUserByTokenHash(
  db: Queryable,
  column: 'confirmation_token' | 'recovery_token' | 'email_change_token_new',
  tokenHash: string,
): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(`${USER_SELECT} where u.${column} = $1 for update of u`, [tokenHash]);
  return rows[0];
}

export async function listUsers(db: Queryable, limit: number, offset: number): Promise<{ users: UserRow[]; total: number }> {
  const { rows } = await db.query<UserRow>(`${USER_SELECT} order by u.created_at desc, u.id limit $1 offset $2`, [limit, offset]);
  const count = await db.query<{ total: number }>('select count(*)::int as total from auth.users');
  return { users: rows, total: count.rows[0].total };
}

export function isConfirmed(user: UserRow): boolean {
  return user.email_confirmed_at !== null || user.phone_confirmed_at !== null;
}

export function isBanned(user: UserRow, at = now()): boolean {
  return user.banned_until !== null && new Date(user.banned_until) > at;
}

export async function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, BCRYPT_COST);
}

export async function passwordMatches(user: UserRow, password: string): Promise<boolean> {
  if (!user.encrypted_password) return false;
  return bcrypt.compare(password, user.encrypted_password);
}

/** Applies GoTrue's metadata update: keys are merged in, a null value removes its key. */
export function mergeMetadata(current: Json | null, update: Json): Json {
  const merged: Json = { ...(current ?? {}) };
  for (const [key, value] of Object.entries(update)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

export interface NewUser {
  email: string;
  encryptedPassword: string | null;
  userMetadata: Json;
  appMetadata?: Json;
  confirmedAt?: Date | null;
  invitedAt?: Date | null;
}

/** Inserts the user and its email identity (GoTrue's provider 'email', provider_id = user id). */
export async function createUser(db: Queryable, user: NewUser): Promise<UserRow> {
  const at = now();
  const appMetadata = { ...(user.appMetadata ?? {}), provider: 'email', providers: ['email'] };
  const { rows } = await db.query<{ id: string }>(
    `insert into auth.users (instance_id, aud, role, email, encrypted_password, email_confirmed_at, invited_at,
        raw_app_meta_data, raw_user_meta_data, created_at, updated_at, is_anonymous)
     values ('00000000-0000-0000-0000-000000000000', 'authenticated', 'authenticated', $1, $2, $3, $4, $5::jsonb, $6::jsonb, $7, $7, false)
     returning id`,
    [user.email, user.encryptedPassword, user.confirmedAt ?? null, user.invitedAt ?? null, JSON.stringify(appMetadata), JSON.stringify(user.userMetadata), at],
  );
  const id = rows[0].id;
  await db.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
     values ($1, $2, $3::jsonb, 'email', $4, $4)`,
    [id, id, JSON.stringify({ sub: id, email: user.email, email_verified: false, phone_verified: false }), at],
  );
  const created = await findUserById(db, id);
  if (!created) throw new Error(`user ${id} vanished after insert`);
  return created;
}

/** The user as GoTrue serialises it (optional timestamps are left out when unset). */
export function userJson(user: UserRow): Json {
  const optional = (key: string, value: string | null | undefined) => (value ? { [key]: value } : {});
  return {
    id: user.id,
    aud: user.aud,
    role: user.role,
    email: user.email ?? '',
    ...optional('email_confirmed_at', user.email_confirmed_at),
    phone: user.phone ?? '',
    ...optional('phone_confirmed_at', user.phone_confirmed_at),
    ...optional('confirmation_sent_at', user.confirmation_sent_at),
    ...optional('confirmed_at', user.email_confirmed_at ?? user.phone_confirmed_at),
    ...optional('recovery_sent_at', user.recovery_sent_at),
    ...optional('new_email', user.email_change),
    ...optional('email_change_sent_at', user.email_change ? user.email_change_sent_at : null),
    ...optional('invited_at', user.invited_at),
    ...optional('last_sign_in_at', user.last_sign_in_at),
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    identities: user.identities,
    created_at: user.created_at,
    updated_at: user.updated_at,
    ...optional('banned_until', user.banned_until),
    is_anonymous: user.is_anonymous,
    ...(user.factors.length > 0 ? { factors: user.factors } : {}),
  };
}

/**
 * Once an anonymous user's new email address is confirmed, the user is permanent (GoTrue's
 * emailChangeVerify): `is_anonymous` false, the email confirmed, and an email identity, listed in
 * app_metadata.providers. No-op for a user who was never anonymous. Run inside the transaction that
 * set the email.
 */
export async function makePermanent(db: Queryable, userId: string): Promise<void> {
  const at = now();
  const { rows } = await db.query<{ id: string; email: string }>(
    `update auth.users set is_anonymous = false, email_confirmed_at = coalesce(email_confirmed_at, $2), updated_at = $2,
        raw_app_meta_data = coalesce(raw_app_meta_data, '{}'::jsonb) || '{"providers": ["email"]}'::jsonb
      where id = $1 and is_anonymous returning id, email`,
    [userId, at],
  );
  if (rows.length === 0) return;
  const { id, email } = rows[0];
  await db.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
     values ($1, $2, $3::jsonb, 'email', $4, $4) on conflict (provider_id, provider) do nothing`,
    [id, id, JSON.stringify({ sub: id, email, email_verified: true, phone_verified: false }), at],
  );
}
