import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import {
  PRINTER_STORAGE_KEYS,
  readPrinterPreferences,
  usePrinterPreferences,
  writePrinterPreferences,
} from './printer-preferences';

describe('printer preferences', () => {
  it('start unchosen, printing through the browser', () => {
    expect(readPrinterPreferences()).toEqual({ printer: null, scale: null, method: 'browser' });
  });

  it('keep the default printer and the default scale under one key each, and the method', () => {
    const scale = { vendorId: '0922', productId: '8004', name: 'DYMO M25' };
    const saved = writePrinterPreferences({ printer: '  Zebra ZP450 ', scale, method: 'qz' });
    expect(saved).toEqual({ printer: 'Zebra ZP450', scale, method: 'qz' });
    expect(localStorage.getItem(PRINTER_STORAGE_KEYS.printer)).toBe('Zebra ZP450');
    expect(JSON.parse(localStorage.getItem(PRINTER_STORAGE_KEYS.scale)!)).toEqual(scale);
    expect(localStorage.getItem(PRINTER_STORAGE_KEYS.method)).toBe('qz');
    expect(readPrinterPreferences()).toEqual(saved);

    // A partial write changes only what it names; null forgets.
    expect(writePrinterPreferences({ printer: null })).toEqual({ printer: null, scale, method: 'qz' });
    expect(localStorage.getItem(PRINTER_STORAGE_KEYS.printer)).toBeNull();
  });

  it('read bad stored values as not chosen', () => {
    localStorage.setItem(PRINTER_STORAGE_KEYS.printer, '   ');
    localStorage.setItem(PRINTER_STORAGE_KEYS.scale, '{not json');
    localStorage.setItem(PRINTER_STORAGE_KEYS.method, 'fax');
    expect(readPrinterPreferences()).toEqual({ printer: null, scale: null, method: 'browser' });

    localStorage.setItem(PRINTER_STORAGE_KEYS.printer, 'x'.repeat(201));
    localStorage.setItem(PRINTER_STORAGE_KEYS.scale, JSON.stringify({ vendorId: 'zz', productId: '8004' }));
    expect(readPrinterPreferences()).toMatchObject({ printer: null, scale: null });

    localStorage.setItem(PRINTER_STORAGE_KEYS.scale, JSON.stringify({ vendorId: '0922', productId: '8004', name: 7 }));
    expect(readPrinterPreferences().scale).toEqual({ vendorId: '0922', productId: '8004', name: 'USB scale' });
    localStorage.setItem(PRINTER_STORAGE_KEYS.scale, '"0922:8004"');
    expect(readPrinterPreferences().scale).toBeNull();
  });

  it('usePrinterPreferences follows writes here and in another tab', () => {
    const { result } = renderHook(() => usePrinterPreferences());
    expect(result.current.printer).toBeNull();
    act(() => void writePrinterPreferences({ printer: 'Zebra ZP450' }));
    expect(result.current.printer).toBe('Zebra ZP450');
    const stable = result.current;
    act(() => {
      localStorage.setItem(PRINTER_STORAGE_KEYS.method, 'download');
      window.dispatchEvent(new StorageEvent('storage', { key: PRINTER_STORAGE_KEYS.method }));
    });
    expect(result.current).not.toBe(stable);
    expect(result.current.method).toBe('download');
  });
});
