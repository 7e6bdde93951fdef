import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchEnvelopeData, joinUrl } from './fetch-json';

function mockFetch(impl: (url: string, init?: RequestInit) => Promise<Response>) {
  const spy = vi.fn(impl);
  vi.stubGlobal('fetch', spy);
  return spy;
}

afterEach(() => vi.unstubAllGlobals());

describe('fetchEnvelopeData', () => {
  it('returns data and sends JSON', async () => {
    const spy = mockFetch(async () => Response.json({ code: 200, success: true, data: { ok: 1 } }));
    await expect(fetchEnvelopeData('http://sso/x', { method: 'POST', body: '{}' })).resolves.toEqual({ ok: 1 });
    const headers = spy.mock.calls[0]?.[1]?.headers as Headers;
    expect(headers.get('Content-Type')).toBe('application/json');
  });

  it('rejects with an ApiError carrying the field errors', async () => {
    mockFetch(async () =>
      Response.json(
        { code: 409, success: false, message: 'Conflict', errors: { companyName: 'Taken' } },
        { status: 409, statusText: 'Conflict' },
      ),
    );
    await expect(fetchEnvelopeData('http://sso/x')).rejects.toEqual({
      status: 409,
      statusText: 'Conflict',
      data: { code: 409, message: 'Conflict', errors: { companyName: 'Taken' } },
    });
  });

  it('rejects with FETCH_ERROR when the network fails and PARSE_ERROR on bad JSON', async () => {
    mockFetch(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(fetchEnvelopeData('http://sso/x')).rejects.toMatchObject({ status: 'FETCH_ERROR' });
    mockFetch(async () => new Response('<html>', { status: 200 }));
    await expect(fetchEnvelopeData('http://sso/x')).rejects.toMatchObject({ status: 'PARSE_ERROR' });
    mockFetch(async () => new Response('<html>', { status: 502, statusText: 'Bad Gateway' }));
    await expect(fetchEnvelopeData('http://sso/x')).rejects.toEqual({ status: 502, statusText: 'Bad Gateway' });
  });
});

describe('joinUrl', () => {
  it('joins with one slash', () => {
    expect(joinUrl('http://a/', '/b')).toBe('http://a/b');
    expect(joinUrl('http://a', 'b')).toBe('http://a/b');
  });
});
