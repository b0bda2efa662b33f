import type { Config } from '../config.ts';
import { OAUTH_PROVIDERS } from './unsupported.ts';

/**
 * GET /settings in GoTrue's shape: email sign-up, anonymous sign-in when configured; no OAuth
 * provider, phone, SAML or Web3 (unsupported.ts answers for those).
 */
export function settingsJson(config: Config) {
  return {
    external: {
      anonymous_users: config.anonymousSignIns,
      ...Object.fromEntries(OAUTH_PROVIDERS.map((p) => [p, false])),
      email: true,
      phone: false,
      web3_solana: false,
      web3_ethereum: false,
    },
    disable_signup: false,
    mailer_autoconfirm: config.autoConfirm,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
  };
}

export const HEALTH = { version: 'local', name: 'GoTrue', description: 'GoTrue is a user registration and authentication API' };
