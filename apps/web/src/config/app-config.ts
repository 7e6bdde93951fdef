import { DEFAULT_API_AUDIENCE, DEFAULT_WEB_CLIENT_ID } from '@shipdesk/contract';

/** Runtime configuration served by the API server at /app-config.json (values from its environment). */
export interface AppConfig {
  oidcIssuer: string;
  oidcClientId: string;
  oidcAudience: string;
  /** Base URL of the account service (its /profile page). */
  ssoUrl: string;
  /** Where 'Report an Issue' leads. */
  supportUrl: string;
  /** The provider's site, linked from the footer's copyright line. */
  providerUrl: string;
}

let current: AppConfig | null = null;
let loading: Promise<AppConfig> | null = null;

function str(value: unknown, fallback: string): string {
  return typeof value === 'string' && value.trim() ? value.trim().replace(/\/+$/, '') : fallback;
}

/** Validates the fetched JSON; missing fields fall back to the documented defaults. */
function parseAppConfig(json: unknown): AppConfig {
  const source = json && typeof json === 'object' ? (json as Record<string, unknown>) : {};
  const oidcIssuer = str(source.oidcIssuer, 'http://localhost:3001');
  return {
    oidcIssuer,
    oidcClientId: str(source.oidcClientId, DEFAULT_WEB_CLIENT_ID),
    // The audience is an identifier, not a URL to call: keep it exactly as sent.
    oidcAudience:
      typeof source.oidcAudience === 'string' && source.oidcAudience ? source.oidcAudience : DEFAULT_API_AUDIENCE,
    ssoUrl: str(source.ssoUrl, oidcIssuer),
    supportUrl: str(source.supportUrl, ''),
    providerUrl: str(source.providerUrl, ''),
  };
}

/** Fetches /app-config.json once (call before rendering); later calls return the same promise. */
export function loadAppConfig(fetchImpl: typeof fetch = fetch): Promise<AppConfig> {
  loading ??= (async () => {
    const response = await fetchImpl('/app-config.json', { headers: { Accept: 'application/json' } });
    if (!response.ok) throw new Error(`Loading /app-config.json failed: HTTP ${response.status}`);
    current = parseAppConfig(await response.json());
    return current;
  })().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** The loaded configuration; throws if loadAppConfig() has not finished (a programming error). */
export function getAppConfig(): AppConfig {
  if (!current) throw new Error('getAppConfig() called before loadAppConfig() finished');
  return current;
}

/** For tests and for the bootstrap when the config is known another way. */
export function setAppConfig(config: AppConfig): void {
  current = config;
}
