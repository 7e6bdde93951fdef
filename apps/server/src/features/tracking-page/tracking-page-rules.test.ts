import { describe, expect, it } from 'vitest';
import { publicDestination, publicLogo, publicPlace, publicWords } from './tracking-page-rules.ts';
import { createPageCache } from './tracking-page-cache.ts';

describe('what the public page may say', () => {
  it("keeps a carrier place's city, state and country, never its postal code", () => {
    expect(publicPlace('COLUMBUS, OH 43215, US')).toBe('COLUMBUS, OH, US');
    expect(publicPlace('Toronto, ON M5V 2T6, CA')).toBe('Toronto, ON, CA');
    expect(publicPlace('12345')).toBeNull();
    expect(publicPlace(null)).toBeNull();
  });

  it("drops a signer's name, e-mail addresses and postal codes from the carrier's words", () => {
    expect(publicWords('Delivered, front door. Signed by: JOHN SMITH', 'delivered', 'poll')).toBe(
      'Delivered, front door',
    );
    expect(publicWords('Notice left for a@b.com at 10001-1234', 'exception', 'push')).toBe('Notice left for at');
    expect(publicWords('Delivered by hand (marked by seller@shop.com)', 'delivered', 'seller')).toBe(
      'Delivered by the seller',
    );
    expect(publicWords('', 'in_transit', 'poll')).toBe('In transit');
  });

  it('says the destination by city and state, and shows a logo only from https', () => {
    expect(publicDestination('Austin', 'TX', 'US')).toBe('Austin, TX');
    expect(publicDestination('Toronto', 'ON', 'ca')).toBe('Toronto, ON, CA');
    expect(publicLogo('http://x.example/logo.png')).toBeNull();
    expect(publicLogo('javascript:alert(1)')).toBeNull();
    expect(publicLogo('https://x.example/logo.png')).toBe('https://x.example/logo.png');
  });
});

describe('the cache of rendered pages', () => {
  it('keeps at most its size, the least recently read going first, each for its time, forgotten by tag', () => {
    let now = 0;
    const cache = createPageCache<string>({ max: 2, ttlMs: 1000, now: () => now });
    cache.set('a', 'A', 'order-1');
    cache.set('b', 'B', 'order-2');
    expect(cache.get('a')).toBe('A');
    cache.set('c', 'C', 'order-1');
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('A');
    cache.forget('order-1');
    expect([cache.get('a'), cache.get('c'), cache.size]).toEqual([undefined, undefined, 0]);
    cache.set('d', 'D', 'order-3');
    now = 1000;
    expect(cache.get('d')).toBeUndefined();
  });
});
