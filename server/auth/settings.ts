import type { Config } from '../config.ts';

const EXTERNAL_PROVIDERS = [
  'anonymous_users', 'apple', 'azure', 'bitbucket', 'discord', 'facebook', 'figma', 'fly', 'github', 'gitlab', 'google',
  'keycloak', 'kakao', 'linkedin', 'linkedin_oidc', 'notion', 'spotify', 'slack', 'slack_oidc', 'workos', 'twitch',
  'twitter', 'zoom',
];

/** GET /settings in GoTrue's shape: email sign-up only. */
export function settingsJson(config: Config) {
  return {
    external: { ...Object.fromEntries(EXTERNAL_PROVIDERS.map((p) => [p, false])), email: true, phone: false },
    disable_signup: false,
    mailer_autoconfirm: config.autoConfirm,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
  };
}

export const HEALTH = { version: 'local', name: 'GoTrue', description: 'GoTrue is a user registration and authentication API' };
