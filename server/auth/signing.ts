import type { Config } from '../config.ts';
import { signJwt, type Claims } from '../jwt.ts';

/** Signs a user's access token with the key the server issues tokens with (HS256 with the JWT secret). */
export function signAccessJwt(config: Config, claims: Claims): Promise<string> {
  return signJwt(claims, config.jwtSecret);
}
