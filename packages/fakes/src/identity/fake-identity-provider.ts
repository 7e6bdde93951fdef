import { SignJWT, createLocalJWKSet, exportJWK, generateKeyPair, type CryptoKey, type JWK } from 'jose';

/**
 * An OpenID Connect provider reduced to what the API checks: an RS256 key, its key set and access tokens minted as
 * the bundled SSO (or Auth0, Keycloak...) would issue them, every claim bendable so tests can prove refusals. The claim
 * names are the provider's wire format, spelled here: `org_id` (the tenant) and `role_id` (1, 2, 3).
 */
export const FAKE_ISSUER = 'https://sso.test.shipdesk.local';
export const FAKE_AUDIENCE = 'https://api.shipdesk.local';
const KID = 'test-key-1';

interface FakeIdentityProvider {
  privateKey: CryptoKey;
  publicJwk: JWK;
  jwks: ReturnType<typeof createLocalJWKSet>;
}

let provider: Promise<FakeIdentityProvider> | undefined;

/** One key per process: every token of a run verifies against the same key set. */
export function fakeIdentityProvider(): Promise<FakeIdentityProvider> {
  provider ??= (async () => {
    const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
    const publicJwk = { ...(await exportJWK(publicKey)), kid: KID, alg: 'RS256', use: 'sig' };
    return { privateKey, publicJwk, jwks: createLocalJWKSet({ keys: [publicJwk] }) };
  })();
  return provider;
}

export interface AccessTokenOptions {
  tenantId: string;
  /** 2 (Admin) unless given; null leaves the claim out. */
  roleId?: number | string | null;
  email?: string | null;
  sub?: string;
  issuer?: string;
  audience?: string;
  expiresIn?: number;
  /** Seconds from now for `iat` (default 0). */
  issuedIn?: number;
  notBefore?: number;
  key?: CryptoKey | Uint8Array;
  alg?: string;
  extraClaims?: Record<string, unknown>;
}

export async function mintAccessToken(options: AccessTokenOptions): Promise<string> {
  const idp = await fakeIdentityProvider();
  const now = Math.floor(Date.now() / 1000);
  const roleId = options.roleId === undefined ? 2 : options.roleId;
  const claims: Record<string, unknown> = { ...options.extraClaims };
  if (options.email !== null) claims.email = options.email ?? `user-${options.tenantId.slice(0, 8)}@example.com`;
  if (options.tenantId) claims.org_id = options.tenantId;
  if (roleId !== null) claims.role_id = roleId;
  const jwt = new SignJWT(claims)
    .setProtectedHeader({ alg: options.alg ?? 'RS256', kid: KID, typ: 'at+jwt' })
    .setIssuer(options.issuer ?? FAKE_ISSUER)
    .setAudience(options.audience ?? FAKE_AUDIENCE)
    .setSubject(options.sub ?? `user|${options.tenantId}|${roleId ?? 2}`)
    .setIssuedAt(now + (options.issuedIn ?? 0))
    .setExpirationTime(now + (options.expiresIn ?? 300));
  if (options.notBefore !== undefined) jwt.setNotBefore(now + options.notBefore);
  return jwt.sign(options.key ?? idp.privateKey);
}
