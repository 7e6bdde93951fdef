import type { RefreshTokenConfig } from '../http/access-token.ts';
import { ChannelError } from '../http/channel-http.ts';
import type { AdapterOptions, StoreConnection } from './channel-types.ts';

/** What the platform calls its app's id and secret, for the message that says which is missing. */
interface AppCredentialNames {
  clientId: string;
  clientSecret: string;
}

/**
 * The client config of a store connected through the refresh_token grant (eBay, Amazon): the app's id (in the
 * settings or the credentials), its secret and the seller's refresh token, the token kept from an earlier run, and where
 * to keep a new one. A connection missing any of the three fails with an auth error naming them.
 */
export function refreshTokenConfig(
  platform: string,
  names: AppCredentialNames,
  connection: StoreConnection,
  options: AdapterOptions,
): RefreshTokenConfig {
  const { settings, credentials } = connection;
  const clientId = settings.clientId ?? credentials.clientId ?? '';
  const clientSecret = credentials.clientSecret ?? '';
  const refreshToken = credentials.refreshToken ?? '';
  const missing = [
    [names.clientId, clientId],
    [names.clientSecret, clientSecret],
    ['refresh token', refreshToken],
  ].filter(([, value]) => !value);
  if (missing.length > 0) {
    const list = missing.map(([name]) => name).join(', ');
    throw new ChannelError('auth', `The ${platform} connection is missing: ${list}`);
  }
  return {
    clientId,
    clientSecret,
    refreshToken,
    apiBaseUrl: settings.apiBaseUrl,
    authBaseUrl: settings.authBaseUrl,
    accessToken: credentials.accessToken,
    accessTokenExpiresAt: credentials.accessTokenExpiresAt,
    saveCredentials: connection.saveCredentials,
    http: options.http,
  };
}
