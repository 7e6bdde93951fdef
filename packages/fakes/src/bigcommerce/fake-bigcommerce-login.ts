import { randomBytes } from 'node:crypto';
import type { FakeReply, FakeRequest } from '../http/fake-http.ts';

/**
 * The part of BigCommerce's login service (login.bigcommerce.com) an app install goes through: the auth callback's
 * one-time code, and `POST /oauth2/token` exchanging it for the store's never-expiring access token, with the
 * service's refusals in its own words.
 */

interface FakeLoginApp {
  storeHash: string;
  clientId: string;
  clientSecret: string;
  accessToken: string;
  ownerEmail: string;
}

interface FakeLogin {
  tokenEndpoint(request: FakeRequest): FakeReply;
  /** A code the token endpoint will exchange once, as the auth callback would carry it. */
  issueAuthCode(options?: { context?: string; scope?: string; redirectUri?: string }): string;
}

export function createFakeLogin(app: FakeLoginApp): FakeLogin {
  const codes = new Map<string, { context: string; scope: string; redirectUri: string | null }>();

  function tokenEndpoint(request: FakeRequest): FakeReply {
    let fields: Record<string, unknown>;
    try {
      fields = request.headers['content-type']?.includes('application/json')
        ? (JSON.parse(request.body) as Record<string, unknown>)
        : Object.fromEntries(new URLSearchParams(request.body));
    } catch {
      return { status: 400, body: { error: 'Invalid format.' } };
    }
    if (fields.client_id !== app.clientId) return { status: 400, body: { error: 'Invalid client id.' } };
    if (fields.client_secret !== app.clientSecret) {
      return {
        status: 400,
        body: { error: 'invalid_client', error_description: 'Parameter client_secret does not match' },
      };
    }
    if (fields.grant_type !== 'authorization_code') {
      return { status: 400, body: { error: 'unsupported_grant_type' } };
    }
    const issued = typeof fields.code === 'string' ? codes.get(fields.code) : undefined;
    if (!issued) return { status: 400, body: { error: 'Invalid code.' } };
    if (fields.context !== issued.context) {
      return {
        status: 403,
        body: { error: 'Only store owners may install or update apps. Please contact the store owner for assistance' },
      };
    }
    if (issued.redirectUri !== null && fields.redirect_uri !== issued.redirectUri) {
      return { status: 400, body: { error: 'redirect_uri_mismatch' } };
    }
    codes.delete(fields.code as string);
    return {
      status: 200,
      body: {
        access_token: app.accessToken,
        scope: issued.scope,
        user: { id: 24654, username: app.ownerEmail, email: app.ownerEmail },
        owner: { id: 12345, username: app.ownerEmail, email: app.ownerEmail },
        context: issued.context,
        account_uuid: '6f2a1c3e-9b7d-4e8a-a1f0-3c5d7e9b2a41',
      },
    };
  }

  return {
    tokenEndpoint,
    issueAuthCode({
      context = `stores/${app.storeHash}`,
      scope = 'store_v2_orders store_v2_information_read_only',
      redirectUri,
    } = {}) {
      const code = randomBytes(8).toString('hex');
      codes.set(code, { context, scope, redirectUri: redirectUri ?? null });
      return code;
    },
  };
}
