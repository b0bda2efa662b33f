import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../db/types.ts';
import { stringField, type Json } from './body.ts';
import { now } from './clock.ts';
import { badRequest, notFound, unprocessable } from './errors.ts';
import { hashToken } from './randomTokens.ts';

/**
 * PKCE for e-mailed links, as GoTrue does it (internal/api/pkce.go, models/flow_state.go): a request
 * that carries a code_challenge stores a flow state; the mailed link's token starts with `pkce_`,
 * so following it answers with an auth code instead of a session; the auth code buys a session
 * once, and only together with the code verifier behind the challenge.
 */
export const PKCE_PREFIX = 'pkce_';

export type ChallengeMethod = 's256' | 'plain';
export interface PkceChallenge {
  challenge: string;
  method: ChallengeMethod;
}

/** GoTrue's authentication_method of each e-mailed flow (models.AuthenticationMethod). */
export type FlowMethod = 'email/signup' | 'invite' | 'recovery' | 'magiclink' | 'email_change';

/** How long an issued auth code may be exchanged (GoTrue's FLOW_STATE_EXPIRY_DURATION default, 300 s). */
export const AUTH_CODE_LIFETIME_MS = 300 * 1000;

const MIN_CHALLENGE_LENGTH = 43;
const MAX_CHALLENGE_LENGTH = 128;
const CHALLENGE_CHARACTERS = /^[A-Za-z0-9._~-]+$/;

/**
 * The code_challenge and code_challenge_method of a request body (GoTrue's validatePKCEParams):
 * undefined when neither is given (the implicit flow), GoTrue's 400s when only one is, when the
 * challenge is not 43–128 RFC 7636 characters, or the method is neither s256 nor plain.
 */
export function pkceChallenge(body: Json): PkceChallenge | undefined {
  const challenge = stringField(body, 'code_challenge');
  const method = stringField(body, 'code_challenge_method');
  if ((challenge === '') !== (method === '')) throw badRequest('validation_failed', 'PKCE flow requires code_challenge_method and code_challenge');
  if (challenge === '') return undefined;
  if (challenge.length < MIN_CHALLENGE_LENGTH || challenge.length > MAX_CHALLENGE_LENGTH) {
    throw badRequest('validation_failed', `code challenge has to be between ${MIN_CHALLENGE_LENGTH} and ${MAX_CHALLENGE_LENGTH} characters`);
  }
  if (!CHALLENGE_CHARACTERS.test(challenge)) {
    throw badRequest('validation_failed', 'code challenge can only contain alphanumeric characters, hyphens, periods, underscores and tildes');
  }
  const lowered = method.toLowerCase();
  // GoTrue answers an unknown method with a 500; a bad parameter is the caller's, so a 400 here.
  if (lowered !== 's256' && lowered !== 'plain') throw badRequest('validation_failed', `unsupported code_challenge method "${method}"`);
  return { challenge, method: lowered };
}

/**
 * Stores the flow state a PKCE link of `method` will be redeemed against; it lives as long as that
 * link (`linkLifetimeMs`). Rows nothing can redeem any more go at the same time: this user's
 * unissued ones of this method (the new link replaces their link), anyone's unissued ones older
 * than a link lives, and anyone's issued codes past their five minutes.
 */
export async function createFlowState(db: Queryable, userId: string, pkce: PkceChallenge, method: FlowMethod, linkLifetimeMs: number): Promise<void> {
  const at = now();
  await db.query(
    `delete from auth.flow_state
      where (user_id = $1 and authentication_method = $2 and auth_code_issued_at is null)
         or auth_code_issued_at < $3
         or (auth_code_issued_at is null and created_at < $4)`,
    [userId, method, new Date(at.getTime() - AUTH_CODE_LIFETIME_MS), new Date(at.getTime() - linkLifetimeMs)],
  );
  // The auth code is drawn when the link is followed (issueAuthCode); until then none can be redeemed.
  await db.query(
    `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, provider_type, authentication_method, created_at, updated_at)
     values ($1, $2, $3, $4::auth.code_challenge_method, $5, $6, $6, $7, $7)`,
    [randomUUID(), userId, hashToken(randomUUID()), pkce.method, pkce.challenge, method, at],
  );
}

/**
 * The followed link's auth code: a fresh code for the user's newest flow state of `method`, whose
 * five minutes start now (GoTrue starts them here for magic links; this server for every link, so a
 * confirmation mail read an hour later still works). Undefined when the user has no such flow state.
 */
export async function issueAuthCode(db: Queryable, userId: string, method: FlowMethod): Promise<string | undefined> {
  const code = randomUUID();
  const at = now();
  const { rows } = await db.query<{ id: string }>(
    `update auth.flow_state set auth_code = $3, auth_code_issued_at = $4, updated_at = $4
      where id = (select id from auth.flow_state where user_id = $1 and authentication_method = $2
                   order by created_at desc limit 1)
      returning id`,
    [userId, method, hashToken(code), at],
  );
  return rows.length > 0 ? code : undefined;
}

/** Whether the verifier is the one behind the stored challenge (GoTrue's VerifyPKCE). */
function verifierMatches(method: string, challenge: string, verifier: string): boolean {
  const expected = method === 's256' ? createHash('sha256').update(verifier).digest('base64url') : verifier;
  const a = Buffer.from(expected);
  const b = Buffer.from(challenge);
  return a.length === b.length && timingSafeEqual(a, b);
}

interface FlowRow {
  id: string;
  user_id: string;
  code_challenge_method: string;
  code_challenge: string;
  authentication_method: FlowMethod;
  auth_code_issued_at: string | Date;
}

/**
 * Spends an auth code (GoTrue's PKCE grant): 404 flow_state_not_found for an unknown, unissued or
 * already spent code, 422 flow_state_expired after five minutes, 400 bad_code_verifier when the
 * verifier does not answer the challenge. A wrong verifier leaves the code as it was; a match
 * deletes it, so two exchanges racing for one code cannot both win. Run inside a transaction.
 */
export async function redeemAuthCode(db: Queryable, authCode: string, verifier: string): Promise<{ userId: string; method: FlowMethod }> {
  if (authCode === '' || verifier === '') {
    throw badRequest('validation_failed', 'invalid request: both auth code and code verifier should be non-empty');
  }
  const notFoundError = () => notFound('flow_state_not_found', 'invalid flow state, no valid flow state found');
  const { rows } = await db.query<FlowRow>(
    `select id, user_id, code_challenge_method::text as code_challenge_method, code_challenge, authentication_method, auth_code_issued_at
       from auth.flow_state where auth_code = $1 and auth_code_issued_at is not null and user_id is not null`,
    [hashToken(authCode)],
  );
  const flow = rows[0];
  if (!flow) throw notFoundError();
  if (new Date(flow.auth_code_issued_at).getTime() + AUTH_CODE_LIFETIME_MS < now().getTime()) {
    throw unprocessable('flow_state_expired', 'invalid flow state, flow state has expired');
  }
  if (!verifierMatches(flow.code_challenge_method, flow.code_challenge, verifier)) {
    throw badRequest('bad_code_verifier', 'code challenge does not match previously saved code verifier');
  }
  const deleted = await db.query('delete from auth.flow_state where id = $1 returning id', [flow.id]);
  if (deleted.rows.length === 0) throw notFoundError();
  return { userId: flow.user_id, method: flow.authentication_method };
}
