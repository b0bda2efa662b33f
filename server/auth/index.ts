import type { Module, ServerContext } from '../context.ts';
import { json, type ApiRequest, type ApiResponse } from '../http.ts';
import { admin } from './admin.ts';
import { getUser, updateUser } from './currentUser.ts';
import { otp, recover, resend } from './emailLinks.ts';
import { isPgError } from '../db/types.ts';
import { jwks } from './keys.ts';
import { AuthError, badRequest, errorResponse, notFound, unprocessable, versionHeaders } from './errors.ts';
import { logout } from './logout.ts';
import { factors } from './mfa.ts';
import { reauthenticate } from './reauthenticate.ts';
import { HEALTH, settingsJson } from './settings.ts';
import { signup } from './signup.ts';
import { createAuthState, type AuthState } from './state.ts';
import { token } from './tokenGrants.ts';
import { authorize, refuseDisabledFeature } from './unsupported.ts';
import { verifyLinkFromEmail, verifyOtp } from './verifyEndpoint.ts';

type Handler = (state: AuthState, req: ApiRequest) => Promise<ApiResponse>;

const ok =
  (payload: unknown): Handler =>
  async (_state, req) =>
    json(200, payload, versionHeaders(req));

const ROUTES: Record<string, Partial<Record<string, Handler>>> = {
  '/signup': { POST: signup },
  '/token': { POST: token },
  '/logout': { POST: logout },
  '/user': { GET: getUser, PUT: updateUser },
  '/recover': { POST: recover },
  '/resend': { POST: resend },
  '/otp': { POST: otp },
  '/magiclink': { POST: otp },
  '/verify': { GET: verifyLinkFromEmail, POST: verifyOtp },
  '/settings': { GET: async (state, req) => json(200, settingsJson(state.config), versionHeaders(req)) },
  '/health': { GET: ok(HEALTH) },
  '/reauthenticate': { GET: reauthenticate },
  '/authorize': { GET: authorize },
  '/.well-known/jwks.json': { GET: jwks },
};

/**
 * Failures that are not the caller's fault become GoTrue's 500 unexpected_failure; a unique
 * violation can only mean two requests raced to claim one email address.
 */
function asAuthError(e: unknown, req: ApiRequest): AuthError {
  if (e instanceof AuthError) return e;
  if (isPgError(e) && e.code === '23505') return unprocessable('email_exists', 'A user with this email address has already been registered');
  // Class 22 (data exception: bad encoding, value too long, …) is always a value the caller sent.
  if (isPgError(e) && e.code?.startsWith('22')) return badRequest('validation_failed', `Invalid value: ${e.message}`);
  console.error(`[auth] ${req.method} ${req.path}:`, e);
  return new AuthError(500, 'unexpected_failure', 'Unexpected failure, please check server logs for more information');
}

export interface AuthOptions {
  /** Seconds a rotated refresh token may still be presented (GoTrue's default: 10). */
  refreshTokenReuseInterval?: number;
}

/** The /auth/v1 module: a GoTrue-compatible server for email and password accounts. */
export function createAuth(context: ServerContext, options: AuthOptions = {}): Module {
  const state = createAuthState(context.config, context.db, context.mailer, (options.refreshTokenReuseInterval ?? 10) * 1000);

  async function route(req: ApiRequest): Promise<ApiResponse> {
    const path = req.path.length > 1 ? req.path.replace(/\/+$/, '') : req.path;
    const handlers = ROUTES[path];
    if (handlers) {
      const handler = handlers[req.method];
      if (!handler) throw new AuthError(405, 'method_not_allowed', `Method ${req.method} not allowed on ${path}`);
      return handler(state, req);
    }
    await refuseDisabledFeature(state, req, path);
    const adminResponse = await admin(state, { ...req, path });
    if (adminResponse) return adminResponse;
    const factorsResponse = await factors(state, { ...req, path });
    if (factorsResponse) return factorsResponse;
    throw notFound('not_found', 'Not Found');
  }

  return {
    async handle(req) {
      try {
        return await route(req);
      } catch (e) {
        return errorResponse(req, asAuthError(e, req));
      }
    },
  };
}
