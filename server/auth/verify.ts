import { json, redirect, type ApiRequest, type ApiResponse } from '../http.ts';
import { optionalStringField, readBody, stringField } from './body.ts';
import { badRequest, forbidden, unprocessable, versionHeaders } from './errors.ts';
import { resolveRedirect, withFragment } from './redirect.ts';
import { startSession, type AuthMethod, type SessionJson } from './sessions.ts';
import type { AuthState } from './state.ts';
import { consumeLinkToken, isLinkType, type LinkType, type VerifyFailure } from './verification.ts';

const METHOD: Record<Exclude<LinkType, 'email'>, AuthMethod> = {
  signup: 'otp',
  invite: 'invite',
  recovery: 'recovery',
  magiclink: 'magiclink',
  email_change: 'email_change',
};

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
    const session = await startSession(state.config, tx, consumed.user, METHOD[consumed.type], req);
    return { ok: true, session, type: consumed.type };
  });
}

/**
 * GET /verify: the link from an email. Success signs in and redirects with the session in the
 * fragment (the implicit flow supabase-js reads); a bad, used or expired link redirects with an error.
 */
export async function verifyLinkFromEmail(state: AuthState, req: ApiRequest): Promise<ApiResponse> {
  const params = req.url.searchParams;
  const type = requireLinkType(params.get('type') ?? '');
  const token = params.get('token') ?? params.get('token_hash') ?? '';
  if (token === '') throw badRequest('validation_failed', 'Verify requires a token or a token hash');
  const target = resolveRedirect(params.get('redirect_to'), state.config);

  const verified = await verifyAndSignIn(state, req, type, token);
  if (!verified.ok) {
    const fragment =
      verified.failure === 'email_exists'
        ? { error: 'access_denied', error_code: 'email_exists', error_description: 'A user with this email address has already been registered' }
        : { error: 'access_denied', error_code: 'otp_expired', error_description: 'Email link is invalid or has expired' };
    return redirect(withFragment(target, fragment));
  }
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
