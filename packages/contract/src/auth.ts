/**
 * Access-token claims shared by the SSO (which issues them) and the API (which verifies them).
 * `sub` and `email` are standard; the organisation (tenant) and role ids are ours (spec section 6).
 */
export const CLAIM_ORG_ID = 'org_id';
export const CLAIM_ROLE_ID = 'role_id';
export const API_SCOPES = 'openid profile email offline_access';
export const DEFAULT_API_AUDIENCE = 'https://api.shipdesk.local';
export const DEFAULT_WEB_CLIENT_ID = 'shipdesk-web';
/** Signing algorithms the API accepts for access tokens. */
export const ACCESS_TOKEN_ALGORITHMS = ['RS256', 'PS256', 'ES256'] as const;
