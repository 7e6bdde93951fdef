import { vi } from 'vitest';

/** Test-only: answers in the API's envelope, and a fetch that records each call and answers it. */

/** Test-only: a request the page made, with what the server needs to see. */
export interface ApiCall {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
}

export const ok = (data: unknown, status = 200) =>
  new Response(JSON.stringify({ code: status, success: true, data }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

export const fail = (status: number, message: string, extra: Record<string, unknown> = {}) =>
  new Response(JSON.stringify({ code: status, success: false, message, ...extra }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

/** Replaces fetch: `answer` sees each call (absolute or relative URL) and returns the response. */
export function stubApi(answer: (call: ApiCall) => Response | Promise<Response>): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request =
        input instanceof Request ? input : new Request(new URL(String(input), window.location.origin), init);
      const url = new URL(request.url);
      const text = await request.clone().text();
      const call: ApiCall = {
        method: request.method,
        path: url.pathname,
        query: url.searchParams,
        headers: request.headers,
        body: text ? JSON.parse(text) : undefined,
      };
      calls.push(call);
      return answer(call);
    }),
  );
  return calls;
}
