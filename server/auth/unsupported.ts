import type { ApiRequest, ApiResponse } from '../http.ts';
import { authenticate } from './bearer.ts';
import { readBody, stringField } from './body.ts';
import { type AuthError, badRequest, notFound, OAuthError, unprocessable } from './errors.ts';
import type { AuthState } from './state.ts';

/*
 * GoTrue features this server does not serve (SSO, passkeys, OAuth providers, manual identity
 * linking, the OAuth 2.1 server, Web3, ID-token sign-in). Each answers as GoTrue does while the
 * feature is turned off, so an app learns "not enabled" rather than meeting an unknown route.
 */

/**
 * Route prefixes GoTrue guards with a "feature enabled" middleware, and that middleware's answer;
 * below /user GoTrue checks the bearer token first.
 */
const DISABLED_PREFIXES: { prefix: string; signedIn?: boolean; refusal: () => AuthError }[] = [
  { prefix: '/sso', refusal: () => notFound('saml_provider_disabled', 'SAML 2.0 is disabled') },
  { prefix: '/passkeys', refusal: () => notFound('passkey_disabled', 'Passkeys are disabled') },
  { prefix: '/oauth', refusal: () => notFound('feature_disabled', 'OAuth server is disabled') },
  { prefix: '/user/identities', signedIn: true, refusal: () => notFound('manual_linking_disabled', 'Manual linking is disabled') },
  { prefix: '/user/oauth', signedIn: true, refusal: () => notFound('feature_disabled', 'OAuth server is disabled') },
];

/** Throws GoTrue's answer for a path below a feature that is off here; returns for any other path. */
export async function refuseDisabledFeature(state: AuthState, req: ApiRequest, path: string): Promise<void> {
  const match = DISABLED_PREFIXES.find(({ prefix }) => path === prefix || path.startsWith(`${prefix}/`));
  if (!match) return;
  if (match.signedIn) await authenticate(req, state.config, state.db);
  throw match.refusal();
}

/** The OAuth providers GoTrue knows (its settings list them, all off here). */
export const OAUTH_PROVIDERS = [
  'apple',
  'azure',
  'bitbucket',
  'discord',
  'facebook',
  'figma',
  'fly',
  'github',
  'gitlab',
  'google',
  'keycloak',
  'kakao',
  'linkedin',
  'linkedin_oidc',
  'notion',
  'spotify',
  'slack',
  'slack_oidc',
  'workos',
  'twitch',
  'twitter',
  'zoom',
];

/** GET /authorize?provider=…: GoTrue's 400 for a provider that is not enabled or not known. */
export async function authorize(_state: unknown, req: ApiRequest): Promise<ApiResponse> {
  const provider = req.url.searchParams.get('provider') ?? '';
  const reason = OAUTH_PROVIDERS.includes(provider.toLowerCase()) ? 'provider is not enabled' : `Provider ${provider} could not be found`;
  throw badRequest('validation_failed', `Unsupported provider: ${reason}`);
}

/** POST /token?grant_type=web3: GoTrue's 422 while neither Solana nor Ethereum sign-in is enabled. */
export async function web3Grant(): Promise<never> {
  throw unprocessable('web3_provider_disabled', 'Web3 provider is disabled');
}

/** Issuers of the ID-token providers GoTrue names by a fixed issuer. */
const FIXED_ISSUERS: Record<string, string> = {
  google: 'https://accounts.google.com',
  facebook: 'https://www.facebook.com',
  kakao: 'https://kauth.kakao.com',
  keycloak: '',
};

/** The `iss` of an unverified JWT, or undefined when it cannot be read. */
function tokenIssuer(idToken: string): string | undefined {
  try {
    const payload = JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString('utf8'));
    return typeof payload?.iss === 'string' ? payload.iss : undefined;
  } catch {
    return undefined;
  }
}

/** Apple and Azure: GoTrue reads the issuer from the ID token before finding the provider off. */
function detectedIssuer(provider: 'Apple' | 'Azure', idToken: string): string {
  const issuer = tokenIssuer(idToken);
  if (issuer === undefined) throw badRequest('validation_failed', `Unable to detect issuer in ID token for ${provider} provider`);
  const belongs =
    provider === 'Apple' ? issuer === 'https://appleid.apple.com' : issuer.startsWith('https://login.microsoftonline.com/') || issuer.startsWith('https://sts.windows.net/');
  if (!belongs) throw badRequest('validation_failed', `Detected ID token issuer is not an ${provider} ID token issuer`);
  return issuer;
}

/**
 * POST /token?grant_type=id_token (signInWithIdToken): GoTrue's checks in its order — the OAuth
 * errors for missing fields, then provider_disabled for a known provider (none is enabled here),
 * validation_failed for any other.
 */
export async function idTokenGrant(_state: unknown, req: ApiRequest): Promise<ApiResponse> {
  const body = await readBody(req);
  const idToken = stringField(body, 'id_token');
  const provider = stringField(body, 'provider');
  const issuer = stringField(body, 'issuer');
  if (idToken === '') throw new OAuthError('invalid request', 'id_token required');
  if (provider === '' && (stringField(body, 'client_id') === '' || issuer === '')) {
    throw new OAuthError('invalid request', 'provider or client_id and issuer required');
  }
  const disabled = (iss: string) => badRequest('provider_disabled', `Provider (issuer "${iss}") is not enabled`);
  if (provider === 'apple' || issuer === 'https://appleid.apple.com') throw disabled(detectedIssuer('Apple', idToken));
  const fixed = Object.entries(FIXED_ISSUERS).find(([name, iss]) => provider === name || (iss !== '' && issuer === iss));
  if (fixed) throw disabled(fixed[1]);
  if (provider === 'azure') throw disabled(detectedIssuer('Azure', idToken));
  if (provider.startsWith('custom:')) throw badRequest('validation_failed', 'Custom OAuth providers are disabled');
  throw badRequest('validation_failed', `Custom OIDC provider "${provider}" not allowed`);
}
