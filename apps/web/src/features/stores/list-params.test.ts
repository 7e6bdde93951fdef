import { describe, expect, it } from 'vitest';
import { readStoreListParams, writeStoreListParams } from './list-params';

describe('store list params', () => {
  it('reads page and size from the URL, falling back to page 1 of 10', () => {
    expect(readStoreListParams(new URLSearchParams('page=3&size=25'))).toEqual({ page: 3, size: 25 });
    expect(readStoreListParams(new URLSearchParams('page=0&size=7'))).toEqual({ page: 1, size: 10 });
    expect(readStoreListParams(new URLSearchParams('page=1.5'))).toEqual({ page: 1, size: 10 });
  });

  it('writes only what differs from the defaults', () => {
    expect(writeStoreListParams({ page: 1, size: 10 }).toString()).toBe('');
    expect(writeStoreListParams({ page: 2, size: 50 }).toString()).toBe('page=2&size=50');
  });
});
