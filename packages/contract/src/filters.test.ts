import { describe, expect, it } from 'vitest';
import { parseFilterValue, serializeFilters } from './filters.ts';
import { logoutRoomId, roomEmail } from './realtime.ts';

describe('serializeFilters', () => {
  it('skips falsy values and prefixes the date fields with eq@', () => {
    expect(
      serializeFilters({
        status: 'Sales Order',
        store: '',
        page: 0,
        tag: null,
        other: undefined,
        created: '2026-01-02',
        created_at: '2026-01-03',
        orderDate: '2026-01-04',
        total: 'gt@100',
      }),
    ).toEqual({
      status: 'Sales Order',
      created: 'eq@2026-01-02',
      created_at: 'eq@2026-01-03',
      orderDate: 'eq@2026-01-04',
      total: 'gt@100',
    });
  });
});

describe('parseFilterValue', () => {
  it('reads a known operator prefix', () => {
    expect(parseFilterValue('total', 'between@1,5')).toEqual({ field: 'total', operator: 'between', value: '1,5' });
  });
  it('treats an unknown prefix or an e-mail as a plain equality', () => {
    expect(parseFilterValue('email', 'ann@example.com')).toEqual({
      field: 'email',
      operator: 'eq',
      value: 'ann@example.com',
    });
  });
});

describe('logout rooms', () => {
  it('joins the e-mail and the fingerprint, and reads the e-mail back', () => {
    const room = logoutRoomId('Ann@Example.com', 'fp1');
    expect(room).toBe('ann@example.com:fp1');
    expect(roomEmail(room)).toBe('ann@example.com');
  });
});
