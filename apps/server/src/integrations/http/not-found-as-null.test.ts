import { describe, expect, it } from 'vitest';
import { ChannelError } from './channel-http.ts';
import { orNullWhenNotFound } from './not-found-as-null.ts';

describe('orNullWhenNotFound', () => {
  it("passes the request's answer through", async () => {
    await expect(orNullWhenNotFound(Promise.resolve({ id: 7 }))).resolves.toEqual({ id: 7 });
  });

  it("answers null when the platform says 'not found'", async () => {
    const missing = Promise.reject(new ChannelError('not_found', 'No order 7', 404));
    await expect(orNullWhenNotFound(missing)).resolves.toBeNull();
  });

  it('rethrows every other channel error', async () => {
    const refused = new ChannelError('forbidden', 'No access', 403);
    await expect(orNullWhenNotFound(Promise.reject(refused))).rejects.toBe(refused);
  });

  it('rethrows errors that are not channel errors, even with a 404 in them', async () => {
    const odd = Object.assign(new Error('404 not found'), { kind: 'not_found' });
    await expect(orNullWhenNotFound(Promise.reject(odd))).rejects.toBe(odd);
  });
});
