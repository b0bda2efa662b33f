import { json, redirect, type ApiRequest, type ApiResponse } from '../http.ts';
import { optionalStringField, readBody, stringField } from './body.ts';
import { AuthError, badRequest, forbidden, unprocessable, versionHeaders } from './errors.ts';
import { issueAuthCode, PKCE_PREFIX } from './flowState.ts';
import { resolveRedirect, withErrorParams, withFragment, withQuery } from './redirect.ts';
import { startSession, type SessionJson } from './sessions.ts';
import type { AuthState } from './state.ts';
import { consumeLinkToken, FLOW_METHOD, isLinkType, SESSION_METHOD, type LinkType, type VerifyFailure } from './linkTokens.ts';

function requireLinkType(raw: string): LinkType {
  if (raw === '') throw badRequest('validation_failed', 'Verify requires a verification type');
  if (!isLinkType(raw)) throw badRequest('validation_failed', `Unsupported verification type "${raw}"`);
  return raw;
}

type Verified = { ok: true; session: SessionJson; type: Exclude<LinkType, 'email'> } | { ok: false; failure: VerifyFailure };

async function verifyAndSignIn(state: AuthState, req: ApiRequest, type: LinkType, token: string, email?: string): Promise<Verified> {
  return state.db.transaction(async (tx): Promise<Verified> => {
    const consumed = await consumeLinkToken(tx, type, token, email);
    if (!consumed.ok) return consumed;
    const session = await startSession(state.config, tx, consumed.user, SESSION_METHOD[consumed.type], req);
    return { ok: true, session, type: consumed.type };
  });
}

const LINK_ERRORS: Record<VerifyFailure, Record<string, string>> = {
  email_exists: { error: 'access_denied', error_code: 'email_exists', error_description: 'A user with this email address has already been registered' },
  invalid: { error: 'access_denied', error_code: 'otp_expired', error_description: 'Email link is invalid or has expired' },
};

/** Thrown inside the verify transaction so a PKCE link without its flow state confirms nothing. */
const noFlowState = () => badRequest('flow_state_not_found', 'No associated flow state found. No valid flow state found for user.');

type FollowedLink = { ok: true; type: Exclude<LinkType, 'email'>; authCode: string } | { ok: false; failure: VerifyFailure };

/** A `pkce_` link: spends the token and, in the same transaction, draws the flow's auth code. */
async function verifyAndIssueCode(state: AuthState, type: LinkType, token: string): Promise<FollowedLink> {
  return state.db.transaction(async (tx): Promise<FollowedLink> => {
    const consumed = await consumeLinkToken(tx, type, token);
    if (!consumed.ok) return consumed;
    const authCode = await issueAuthCode(tx, consumed.user.id, FLOW_METHOD[consumed.type]);
    if (!authCode) throw noFlowState();
    return { ok: true, type: consumed.type, authCode };
  });
}

/** GoTrue's redirect for a PKCE link: the auth code, or the error, in the query (errors in the fragment too). */
async function followPkceLink(state: AuthState, type: LinkType, token: string, target: string): Promise<ApiResponse> {
  let followed: FollowedLink;
  try {
    followed = await verifyAndIssueCode(state, type, token);
  } catch (e) {
    if (!(e instanceof AuthError) || e.errorCode !== 'flow_state_not_found') throw e;
    return redirect(withErrorParams(target, { error: 'invalid_request', error_code: e.errorCode, error_description: e.message }));
  }
  if (!followed.ok) return redirect(withErrorParams(target, LINK_ERRORS[followed.failure]));
  return redirect(withQuery(target, { code: followed.authCode }));
}

/**
 * GET /verify: the link from an email. Success signs in and redirects with the session in the
 * fragment (the implicit flow supabase-js reads), or, for a link asked for with a PKCE challenge,
 * with `?code=` for the asking browser to exchange; a bad, used or expired link redirects with an error.
 */
export async function verifyLinkFromEmail(state: AuthState, req: ApiRequest): Promise<ApiResponse> {
  const params = req.url.searchParams;
  const type = requireLinkType(params.get('type') ?? '');
  const token = params.get('token') ?? params.get('token_hash') ?? '';
  if (token === '') throw badRequest('validation_failed', 'Verify requires a token or a token hash');
  const target = resolveRedirect(params.get('redirect_to'), state.config);
  if (token.startsWith(PKCE_PREFIX)) return followPkceLink(state, type, token, target);

  const verified = await verifyAndSignIn(state, req, type, token);
  if (!verified.ok) return redirect(withFragment(target, LINK_ERRORS[verified.failure]));
  const { session } = verified;
  return redirect(
    withFragment(target, {
      access_token: session.access_token,
      expires_at: String(session.expires_at),
      expires_in: String(session.expires_in),
      refresh_token: session.refresh_token,
      token_type: 'bearer',
      type: verified.type,
    }),
  );
}

/** POST /verify {type, token_hash} or {type, token, email}: the same check, answered with the session. */
export async function verifyOtp(state: AuthState, req: ApiRequest): Promise<ApiResponse> {
  const body = await readBody(req);
  const type = requireLinkType(stringField(body, 'type'));
  const tokenHash = stringField(body, 'token_hash');
  const token = stringField(body, 'token');
  const email = optionalStringField(body, 'email');
  if (stringField(body, 'phone') !== '') throw badRequest('phone_provider_disabled', 'Phone logins are disabled');
  if (tokenHash === '' && token === '') throw badRequest('validation_failed', 'Verify requires either a token or a token hash');
  if (tokenHash === '' && !email) throw badRequest('validation_failed', 'Verify with a token requires the email address it was sent to');

  const verified = await verifyAndSignIn(state, req, type, tokenHash || token, tokenHash ? undefined : email);
  if (!verified.ok) {
    if (verified.failure === 'email_exists') throw unprocessable('email_exists', 'A user with this email address has already been registered');
    throw forbidden('otp_expired', 'Token has expired or is invalid');
  }
  return json(200, verified.session, versionHeaders(req));
}
