import type { AppConfig } from '@shipdesk/contract';
import type { ServerConfig } from '../../config.ts';

/** What the web needs before it renders: where to sign in and which links to show. */
export function buildAppConfig(config: ServerConfig): AppConfig {
  return {
    oidcIssuer: config.oidcIssuer,
    oidcClientId: config.oidcClientId,
    oidcAudience: config.oidcAudience,
    ssoUrl: config.ssoUrl,
    supportUrl: config.supportUrl,
    providerUrl: config.providerUrl,
  };
}
