import { expect } from 'vitest';
import { buildTestApp, type Backend, type TestContext } from './app-helper.ts';
import { freePort } from './free-port.ts';

/**
 * What the store-push tests share: an app that listens on a port of its own (its publicUrl is that address, so a fake
 * channel's pushes reach it), and the signed-in calls they make on it.
 */

export async function startListeningTestApp(backend: Backend): Promise<{ t: TestContext; base: string }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const t = await buildTestApp(backend, { publicUrl: base });
  await t.app.listen({ port, host: '127.0.0.1' });
  return { t, base };
}

/** Calls as `tenant` unless told; `context` is read at each call, since the app is built in `beforeAll`. */
export function storePushCalls(context: () => TestContext, tenant: string) {
  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who = tenant, payload?: object) => {
    const t = context();
    return t.app.inject({ method, url, headers: await t.auth(who), ...(payload ? { payload } : {}) });
  };
  /** The store's orders: how many rows there are, and each as `orderNumber → status`. */
  async function ordersOf(who: string, storeId: string) {
    const filters = encodeURIComponent(JSON.stringify({ storeId }));
    const res = await call('GET', `/api/v1/orders?size=100&filters=${filters}`, who);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().data.rows as Array<{ orderNumber: string; orderStatus: string }>;
    return { rows: rows.length, byNumber: Object.fromEntries(rows.map((r) => [r.orderNumber, r.orderStatus])) };
  }
  return { call, ordersOf };
}
