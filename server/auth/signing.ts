import type { Config } from '../config.ts';
import { signJwtWithKey, type Claims } from '../jwt.ts';
import { loadKeyRing } from './keys.ts';

/**
 * Signs a user's access token with the key ring's current key (ES256 unless JWT_SIGNING_KEYS
 * names an RS256 key), `kid` in the header, so supabase-js' getClaims() verifies it from the JWKS.
 */
export async function signAccessJwt(config: Config, claims: Claims): Promise<string> {
  return signJwtWithKey(claims, (await loadKeyRing(config)).signing);
}
