import { createPublicKey } from 'node:crypto';
import { CLAIM_ORG_ID, CLAIM_ROLE_ID } from '@shipdesk/contract';
import { createLocalJWKSet, jwtVerify, type JWK } from 'jose';
import type { Context } from 'koa';
import type { SsoConfig } from '../config.ts';
import { HttpError } from '../http.ts';
import type { KeyMaterial } from './keys.ts';

/** Who called one of the SSO's own APIs, from an access token it issued. */
export interface TokenCaller {
  userId: string;
  organizationId: string;
  /** The role claim as issued; undefined when the token has none or an unreadable one. */
  roleId: number | undefined;
}

function publicJwks(keys: KeyMaterial): { keys: JWK[] } {
  return {
    keys: keys.signing.map((jwk) => ({
      ...(createPublicKey({ key: jwk as never, format: 'jwk' }).export({ format: 'jwk' }) as JWK),
      kid: jwk.kid as string,
      alg: jwk.alg as string,
      use: 'sig',
    })),
  };
}

export function unauthorized(message: string, error?: string): HttpError {
  const challenge = error ? `Bearer error="${error}"` : 'Bearer';
  return new HttpError(401, message, undefined, { 'WWW-Authenticate': challenge });
}

/**
 * Verifies a bearer access token of this issuer for the API audience: signature, algorithm, type, iss, aud, exp, nbf.
 * `missingMessage` is what a request without a token is told.
 */
export function createAccessTokenVerifier(config: SsoConfig, keys: KeyMaterial) {
  const jwks = createLocalJWKSet(publicJwks(keys));
  return async (ctx: Context, missingMessage: string): Promise<TokenCaller> => {
    const match = /^Bearer\s+(\S+)$/i.exec(ctx.get('Authorization'));
    if (!match?.[1]) throw unauthorized(missingMessage);
    try {
      const { payload } = await jwtVerify(match[1], jwks, {
        issuer: config.issuer,
        audience: config.audience,
        algorithms: ['RS256'],
        typ: 'at+jwt',
        clockTolerance: 5,
      });
      const organizationId = payload[CLAIM_ORG_ID];
      if (typeof organizationId !== 'string' || !payload.sub) throw new Error('token without organisation');
      const role = payload[CLAIM_ROLE_ID];
      return { userId: payload.sub, organizationId, roleId: typeof role === 'number' ? role : undefined };
    } catch {
      throw unauthorized('The access token is invalid or has expired.', 'invalid_token');
    }
  };
}
