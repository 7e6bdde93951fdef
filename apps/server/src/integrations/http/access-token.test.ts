import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createAccessTokens,
  errorsOrTokenError,
  refusedCredentials,
  REFRESH_EARLY_MS,
  type TokenAnswer,
} from './access-token.ts';
import { ChannelError } from './channel-http.ts';

const NOW = Date.parse('2026-06-01T12:00:00.000Z');

/** A token endpoint that answers token-1, token-2, ... living `lifetime` seconds (null: it does not say). */
function endpoint(lifetime: number | null = 3600) {
  let issued = 0;
  const request = vi.fn(async (): Promise<TokenAnswer & { refresh_token?: string }> => {
    issued += 1;
    return { access_token: `token-${issued}`, ...(lifetime === null ? {} : { expires_in: lifetime }) };
  });
  return request;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('access tokens', () => {
  it('keeps a token until a minute before it expires, then asks for a new one', async () => {
    const request = endpoint(3600);
    const tokens = createAccessTokens({ platform: 'Acme', request });

    await expect(tokens.get()).resolves.toEqual({ value: 'token-1', fresh: true });
    vi.setSystemTime(NOW + 3600_000 - REFRESH_EARLY_MS - 1);
    await expect(tokens.get()).resolves.toEqual({ value: 'token-1', fresh: false });
    vi.setSystemTime(NOW + 3600_000 - REFRESH_EARLY_MS);
    await expect(tokens.get()).resolves.toEqual({ value: 'token-2', fresh: true });
    expect(request).toHaveBeenCalledTimes(2);
  });

  it('sends one token request for calls that all want a token at once', async () => {
    const request = endpoint();
    const tokens = createAccessTokens({ platform: 'Acme', request });
    const all = await Promise.all([tokens.get(), tokens.get(), tokens.get()]);
    expect(all.map((token) => token.value)).toEqual(['token-1', 'token-1', 'token-1']);
    expect(request).toHaveBeenCalledTimes(1);
  });

  it('reuses a token kept from an earlier run while it is valid', async () => {
    const request = endpoint();
    const valid = createAccessTokens({
      platform: 'Acme',
      request,
      kept: { accessToken: 'kept', accessTokenExpiresAt: new Date(NOW + 60_000).toISOString() },
    });
    await expect(valid.get()).resolves.toEqual({ value: 'kept', fresh: false });

    const expired = createAccessTokens({
      platform: 'Acme',
      request,
      kept: { accessToken: 'kept', accessTokenExpiresAt: new Date(NOW - 1).toISOString() },
    });
    await expect(expired.get()).resolves.toEqual({ value: 'token-1', fresh: true });
    const unreadable = createAccessTokens({
      platform: 'Acme',
      request,
      kept: { accessToken: 'kept', accessTokenExpiresAt: 'soon' },
    });
    await expect(unreadable.get()).resolves.toEqual({ value: 'token-2', fresh: true });
  });

  it('forgets a refused token, but not a newer one another call already got', async () => {
    const request = endpoint();
    const tokens = createAccessTokens({ platform: 'Acme', request });
    await tokens.get();
    tokens.forget('token-1');
    await expect(tokens.get()).resolves.toEqual({ value: 'token-2', fresh: true });
    tokens.forget('token-1');
    await expect(tokens.get()).resolves.toEqual({ value: 'token-2', fresh: false });
  });

  it('serves a token without expires_in for one call, or for the lifetime the platform documents', async () => {
    const unstated = endpoint(null);
    const once = createAccessTokens({ platform: 'Acme', request: unstated });
    await once.get();
    await once.get();
    expect(unstated).toHaveBeenCalledTimes(2);

    const documented = endpoint(null);
    const kept = createAccessTokens({ platform: 'Acme', request: documented, assumedLifetimeSeconds: 900 });
    await kept.get();
    vi.setSystemTime(NOW + 900_000 - REFRESH_EARLY_MS - 1);
    await kept.get();
    expect(documented).toHaveBeenCalledTimes(1);
  });

  it('saves each new token with its renewal time and what else the answer changed', async () => {
    const saved: Array<Record<string, string>> = [];
    const tokens = createAccessTokens({
      platform: 'Acme',
      request: async () => ({ access_token: 'token-1', expires_in: 3600, refresh_token: 'rotated' }),
      changedBy: (answer) => ({ refreshToken: answer.refresh_token! }),
      save: async (changed) => void saved.push(changed),
    });
    await tokens.get();
    expect(saved).toEqual([
      {
        accessToken: 'token-1',
        accessTokenExpiresAt: new Date(NOW + 3600_000 - REFRESH_EARLY_MS).toISOString(),
        refreshToken: 'rotated',
      },
    ]);
  });

  it('hands out the token even when keeping it fails', async () => {
    const tokens = createAccessTokens({
      platform: 'Acme',
      request: endpoint(),
      save: () => Promise.reject(new Error('database down')),
    });
    await expect(tokens.get()).resolves.toEqual({ value: 'token-1', fresh: true });
  });

  it('reports an answer without an access token as malformed, and asks again next time', async () => {
    const request = vi.fn(async (): Promise<TokenAnswer | null> => ({ expires_in: 3600 }));
    const tokens = createAccessTokens({ platform: 'Acme', request });
    await expect(tokens.get()).rejects.toMatchObject({
      kind: 'malformed',
      message: 'Acme answered the token request without an access token',
    });
    request.mockResolvedValueOnce(null);
    await expect(tokens.get()).rejects.toMatchObject({ kind: 'malformed' });
    expect(request).toHaveBeenCalledTimes(2);
  });
});

describe('refused credentials', () => {
  const refusal = (error: ChannelError) => {
    try {
      refusedCredentials('Acme')(error);
    } catch (thrown) {
      return thrown;
    }
    throw new Error('did not throw');
  };

  it("turns a token endpoint's 4xx into an auth error with the platform's reason", () => {
    const invalidGrant = new ChannelError('invalid', 'Acme refused the request (HTTP 400)', 400, 'invalid_grant');
    expect(refusal(invalidGrant)).toMatchObject({
      kind: 'auth',
      message: 'Acme refused the credentials (HTTP 400)',
      status: 400,
      platformMessage: 'invalid_grant',
    });
  });

  it('leaves throttling, outages and network failures as they are', () => {
    for (const error of [
      new ChannelError('rate_limited', 'Acme kept throttling the requests (HTTP 429)', 429, null),
      new ChannelError('unavailable', 'Acme is failing (HTTP 503)', 503, null),
      new ChannelError('network', 'Acme could not be reached (ECONNRESET)'),
      new ChannelError('malformed', 'Acme answered with malformed JSON', 200, '<html>'),
    ]) {
      expect(refusal(error)).toBe(error);
    }
  });
});

describe('error bodies', () => {
  const message = (body: unknown) => errorsOrTokenError<{ code: string }>(body, (error) => `code ${error.code}`);

  it("puts the platform's errors in words, one after another", () => {
    expect(message({ errors: [{ code: 'A' }, { code: 'B' }], error: 'ignored' })).toBe('code A; code B');
  });

  it("falls back to the token endpoint's description, then its error code", () => {
    expect(message({ errors: [], error: 'invalid_grant', error_description: 'refresh token revoked' })).toBe(
      'refresh token revoked',
    );
    expect(message({ error: 'invalid_client', error_description: '' })).toBe('invalid_client');
  });

  it('has nothing to say about other bodies', () => {
    expect(message(null)).toBeNull();
    expect(message('Bad Gateway')).toBeNull();
    expect(message({ message: 'elsewhere' })).toBeNull();
  });
});
