import { loadAppConfig, type AppConfig } from '@/config/app-config';
import { isPublicPath } from '@/config/paths';
import { buildLogoutUrl, clearSessionStorage } from '@/lib/session/clear-session';
import { isActivityStale } from '@/lib/session/stale-activity';
import { readAuthData } from '@/lib/storage/auth-data';

/**
 * Start-up before the first render: load /app-config.json, then apply spec 4.3 step 5 (a stored last activity
 * older than 120 minutes clears storage and logs out). Returns null when the page is navigating away.
 */
export async function bootstrap(): Promise<AppConfig | null> {
  const config = await loadAppConfig();
  const stored = readAuthData();
  if (stored && isActivityStale(stored.lastActivity)) {
    clearSessionStorage();
    if (!isPublicPath(window.location.pathname)) {
      window.location.replace(buildLogoutUrl(config.oidcIssuer, config.oidcClientId, `${window.location.origin}/`));
      return null;
    }
  }
  return config;
}
