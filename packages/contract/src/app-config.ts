import Type from 'typebox';

/** `GET /app-config.json` (public): what the web needs before it renders, from the server's environment. */
export const AppConfigSchema = Type.Object({
  oidcIssuer: Type.String(),
  oidcClientId: Type.String(),
  oidcAudience: Type.String(),
  ssoUrl: Type.String(),
  /** Empty when not configured: the web then hides the 'Report an Issue' button. */
  supportUrl: Type.String(),
  /** Empty when not configured: the footer's copyright line is then plain text. */
  providerUrl: Type.String(),
});
export type AppConfig = Type.Static<typeof AppConfigSchema>;
