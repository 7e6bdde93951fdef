import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureStore } from '@reduxjs/toolkit';
import { writeAuthData } from '@/lib/storage/auth-data';
import { api } from './base-api.ts';
import { onAccessEnded } from '@/lib/session/access-ended';
import { NETWORK_ERROR_TEXT, toApiError } from './base-query.ts';

const noteLocalChange = vi.hoisted(() => vi.fn());
vi.mock('@/lib/realtime/realtime-hub', () => ({ noteLocalChange }));

const probeApi = api.injectEndpoints({
  endpoints: (build) => ({
    probe: build.query<unknown, void>({ query: () => 'call/probe' }),
    change: build.mutation<unknown, void>({ query: () => ({ url: 'call/change', method: 'POST' }) }),
    provision: build.mutation<unknown, void>({
      query: () => ({ url: 'call/provision', method: 'POST' }),
      extraOptions: { showsNoChange: true },
    }),
  }),
});

function makeStore() {
  return configureStore({
    reducer: { [api.reducerPath]: api.reducer },
    middleware: (gdm) => gdm().concat(api.middleware),
  });
}

function stubFetch(response: () => Response | Promise<Response>) {
  const fetchMock = vi.fn(async (input: Request) => {
    void input;
    return response();
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const json = (status: number, body: unknown, statusText = '') =>
  new Response(JSON.stringify(body), { status, statusText, headers: { 'Content-Type': 'application/json' } });

async function probe() {
  const store = makeStore();
  return store.dispatch(probeApi.endpoints.probe.initiate(undefined, { forceRefetch: true }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  noteLocalChange.mockReset();
});

describe('base query', () => {
  it('sends the stored token as a bearer token', async () => {
    writeAuthData('abc.def.ghi');
    const fetchMock = stubFetch(() => json(200, { code: 200, success: true, data: 1 }));
    const result = await probe();
    expect(result.data).toEqual({ code: 200, success: true, data: 1 });
    const request = fetchMock.mock.calls[0]![0];
    expect(request.headers.get('Authorization')).toBe('Bearer abc.def.ghi');
    expect(new URL(request.url).pathname).toBe('/call/probe');
  });

  it('tells the live updates of each change sent (they ask again for what they missed), not of reads', async () => {
    stubFetch(() => json(200, {}));
    const store = makeStore();
    await store.dispatch(probeApi.endpoints.probe.initiate(undefined, { forceRefetch: true }));
    expect(noteLocalChange).not.toHaveBeenCalled();
    await store.dispatch(probeApi.endpoints.provision.initiate());
    expect(noteLocalChange).not.toHaveBeenCalled();
    await store.dispatch(probeApi.endpoints.change.initiate());
    expect(noteLocalChange).toHaveBeenCalledTimes(1);
  });

  it('sends no Authorization header without a stored login', async () => {
    const fetchMock = stubFetch(() => json(200, {}));
    await probe();
    expect(fetchMock.mock.calls[0]![0].headers.has('Authorization')).toBe(false);
  });

  it('returns failures as ApiError { status, statusText, data }', async () => {
    stubFetch(() =>
      json(
        400,
        { code: 400, success: false, message: 'Invalid input', errors: { name: 'Name is required' } },
        'Bad Request',
      ),
    );
    const result = await probe();
    expect(result.error).toEqual({
      status: 400,
      statusText: 'Invalid input',
      data: { code: 400, message: 'Invalid input', errors: { name: 'Name is required' } },
    });
  });

  it("reports a 401 access_revoked (the user's access ended) to the session, and no other failure", async () => {
    const ended = vi.fn();
    const off = onAccessEnded(ended);
    try {
      stubFetch(() => json(401, { code: 401, success: false, message: 'Access token has expired', reason: 'expired' }));
      await probe();
      stubFetch(() => json(403, { code: 403, success: false, message: 'No', reason: 'access_revoked' }));
      await probe();
      expect(ended).not.toHaveBeenCalled();
      stubFetch(() =>
        json(401, {
          code: 401,
          success: false,
          message: 'Your access has ended: sign in again',
          reason: 'access_revoked',
        }),
      );
      expect((await probe()).error).toMatchObject({ status: 401, data: { reason: 'access_revoked' } });
      expect(ended).toHaveBeenCalledTimes(1);
    } finally {
      off();
    }
  });

  it('falls back to the HTTP status text, then to the reason phrase', async () => {
    stubFetch(() => json(409, { unexpected: true }, 'Conflict here'));
    expect((await probe()).error).toEqual({ status: 409, statusText: 'Conflict here', data: {} });
    stubFetch(() => new Response('<html>oops</html>', { status: 502 }));
    expect((await probe()).error).toEqual({ status: 502, statusText: 'Bad Gateway' });
  });

  it('reports an unreachable server as FETCH_ERROR', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    expect((await probe()).error).toEqual({ status: 'FETCH_ERROR', statusText: NETWORK_ERROR_TEXT });
  });

  it('reports an unreadable success body as PARSE_ERROR', () => {
    expect(toApiError({ status: 'PARSING_ERROR', originalStatus: 200, data: '<html>' })).toEqual({
      status: 'PARSE_ERROR',
      statusText: 'The server sent an unreadable response.',
    });
  });
});
