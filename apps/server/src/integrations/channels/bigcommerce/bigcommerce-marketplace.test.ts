import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChannelError } from '../../http/channel-http.ts';
import { createBigcommerceAdapter } from './bigcommerce-adapter.ts';
import { startFakeBigcommerce, type FakeBigcommerce } from '@shipdesk/fakes';
import { exchangeAuthCode, SignedPayloadError, verifySignedPayloadJwt } from './bigcommerce-marketplace.ts';

const http = { baseDelayMs: 1, timeoutMs: 500 };

describe('BigCommerce marketplace install flow', () => {
  let fake: FakeBigcommerce;
  beforeAll(async () => {
    fake = await startFakeBigcommerce({
      orders: 3,
      storeHash: 'g5cd38',
      clientId: 'app-client',
      clientSecret: 's3cret',
    });
  });
  afterAll(() => fake.close());

  const app = () => ({ loginBaseUrl: fake.url, clientId: 'app-client', clientSecret: 's3cret' });

  describe('exchangeAuthCode', () => {
    it('exchanges the auth callback code for a permanent store token', async () => {
      const code = fake.issueAuthCode({ scope: 'store_v2_orders', redirectUri: 'https://app.example/auth' });
      const installed = await exchangeAuthCode(
        { ...app(), code, scope: 'store_v2_orders', context: 'stores/g5cd38', redirectUri: 'https://app.example/auth' },
        { http },
      );
      expect(installed).toEqual({
        accessToken: fake.accessToken,
        scope: 'store_v2_orders',
        storeHash: 'g5cd38',
        user: { id: 24654, email: 'owner@trailhead.example' },
        owner: { id: 12345, email: 'owner@trailhead.example' },
        accountUuid: expect.any(String),
      });
      const request = fake.requests.at(-1)!;
      expect(request.path).toBe('/oauth2/token');
      expect(JSON.parse(request.body)).toMatchObject({ grant_type: 'authorization_code', client_id: 'app-client' });

      // The token opens the store's API.
      const adapter = createBigcommerceAdapter(
        {
          settings: { storeHash: installed.storeHash, apiBaseUrl: fake.url },
          credentials: { accessToken: installed.accessToken },
        },
        { http },
      );
      await expect(adapter.testConnection()).resolves.toEqual({ accountName: 'Trailhead Outfitters' });
    });

    it('refuses a code that was not issued, or is used twice', async () => {
      const exchange = (code: string) =>
        exchangeAuthCode(
          { ...app(), code, scope: 'store_v2_orders', context: 'stores/g5cd38', redirectUri: 'x' },
          { http },
        );
      const error = await exchange('not-a-code').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ChannelError);
      expect(error).toMatchObject({ kind: 'invalid', status: 400, platformMessage: 'Invalid code.' });

      const code = fake.issueAuthCode();
      await exchange(code);
      await expect(exchange(code)).rejects.toMatchObject({ platformMessage: 'Invalid code.' });
    });

    it('refuses a wrong client secret with the login service message', async () => {
      const code = fake.issueAuthCode();
      const error = await exchangeAuthCode(
        { ...app(), clientSecret: 'nope', code, scope: 's', context: 'stores/g5cd38', redirectUri: 'x' },
        { http },
      ).catch((e: unknown) => e);
      expect(error).toMatchObject({
        kind: 'invalid',
        platformMessage: 'invalid_client: Parameter client_secret does not match',
      });
    });
  });

  describe('verifySignedPayloadJwt', () => {
    it('returns the store and users of a valid load payload', async () => {
      const jwt = await fake.signedPayloadJwt({ email: 'staff@trailhead.example', userId: 555, url: '/orders' });
      const payload = await verifySignedPayloadJwt(jwt, { clientId: 'app-client', clientSecret: 's3cret' });
      expect(payload).toMatchObject({
        storeHash: 'g5cd38',
        user: { id: 555, email: 'staff@trailhead.example', locale: 'en-US' },
        owner: { id: 7654321, email: 'owner@trailhead.example' },
        url: '/orders',
        channelId: null,
      });
      expect(payload.jwtId).toMatch(/^[0-9a-f-]{36}$/);
      expect(Date.parse(payload.expiresAt) - Date.now()).toBeGreaterThan(23 * 3600 * 1000);
    });

    it('refuses a payload signed with another secret', async () => {
      const jwt = await fake.signedPayloadJwt({ clientSecret: 'someone-else' });
      const error = await verifySignedPayloadJwt(jwt, { clientId: 'app-client', clientSecret: 's3cret' }).catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(SignedPayloadError);
      expect(error).toMatchObject({ problem: 'signature' });
    });

    it('refuses a payload for another app', async () => {
      const jwt = await fake.signedPayloadJwt({ clientId: 'other-app' });
      await expect(
        verifySignedPayloadJwt(jwt, { clientId: 'app-client', clientSecret: 's3cret' }),
      ).rejects.toMatchObject({ problem: 'audience', message: expect.stringContaining('another app') });
    });

    it('refuses an expired payload and one not issued by bc', async () => {
      const expired = await fake.signedPayloadJwt({
        issuedAt: new Date(Date.now() - 25 * 3600 * 1000),
        expiresInSeconds: 24 * 3600,
      });
      await expect(
        verifySignedPayloadJwt(expired, { clientId: 'app-client', clientSecret: 's3cret' }),
      ).rejects.toMatchObject({ problem: 'expired' });
      const foreign = await fake.signedPayloadJwt({ issuer: 'not-bc' });
      await expect(
        verifySignedPayloadJwt(foreign, { clientId: 'app-client', clientSecret: 's3cret' }),
      ).rejects.toMatchObject({ problem: 'issuer' });
    });

    it('refuses something that is not a JWT', async () => {
      await expect(
        verifySignedPayloadJwt('abc.def', { clientId: 'app-client', clientSecret: 's3cret' }),
      ).rejects.toMatchObject({ problem: 'malformed' });
    });
  });
});
