import { useSyncExternalStore } from 'react';
import { readItem, removeItem, writeItem } from '@/lib/storage/local-storage';

/**
 * This computer's printing choices (spec 9: the default printer and the default scale are kept in local storage,
 * one key each), plus how to print. They belong to the device, not the session: signing out keeps them.
 */

export type PrintMethod = 'qz' | 'browser' | 'download';

export const PRINT_METHODS: ReadonlyArray<{ value: PrintMethod; label: string; help: string }> = [
  {
    value: 'qz',
    label: 'QZ Tray',
    help: 'Labels go straight to the default printer (ZPL raw to a thermal printer, PDF as a document).',
  },
  { value: 'browser', label: 'Browser print', help: "PDF labels open the browser's print dialog; ZPL is downloaded." },
  { value: 'download', label: 'Download', help: 'Every label is saved as a file.' },
];

/** A USB scale as QZ Tray lists it: its ids find it again, its name is what people read. */
export interface ScaleChoice {
  vendorId: string;
  productId: string;
  name: string;
}

export interface PrinterPreferences {
  printer: string | null;
  scale: ScaleChoice | null;
  method: PrintMethod;
}

export const PRINTER_STORAGE_KEYS = {
  printer: 'defaultPrinter',
  scale: 'defaultScale',
  method: 'printMethod',
} as const;

const DEFAULT_PRINT_METHOD: PrintMethod = 'browser';
const MAX_NAME = 200;
const HEX_ID = /^[0-9a-f]{1,4}$/i;

function cleanName(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const name = value.trim();
  return name && name.length <= MAX_NAME ? name : null;
}

function parseScale(raw: string | null): ScaleChoice | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { vendorId, productId, name } = value as Record<string, unknown>;
  if (typeof vendorId !== 'string' || !HEX_ID.test(vendorId)) return null;
  if (typeof productId !== 'string' || !HEX_ID.test(productId)) return null;
  return { vendorId: vendorId.toLowerCase(), productId: productId.toLowerCase(), name: cleanName(name) ?? 'USB scale' };
}

function parseMethod(raw: string | null): PrintMethod {
  return PRINT_METHODS.some((method) => method.value === raw) ? (raw as PrintMethod) : DEFAULT_PRINT_METHOD;
}

/** The stored choices; anything stored that does not make sense reads as not chosen. */
export function readPrinterPreferences(): PrinterPreferences {
  return {
    printer: cleanName(readItem(PRINTER_STORAGE_KEYS.printer)),
    scale: parseScale(readItem(PRINTER_STORAGE_KEYS.scale)),
    method: parseMethod(readItem(PRINTER_STORAGE_KEYS.method)),
  };
}

const listeners = new Set<() => void>();
let snapshot: PrinterPreferences | null = null;

/** Stores the given choices (null forgets one) and tells every component that reads them. */
export function writePrinterPreferences(changes: Partial<PrinterPreferences>): PrinterPreferences {
  if ('printer' in changes) {
    const printer = cleanName(changes.printer);
    if (printer) writeItem(PRINTER_STORAGE_KEYS.printer, printer);
    else removeItem(PRINTER_STORAGE_KEYS.printer);
  }
  if ('scale' in changes) {
    const scale = changes.scale ? parseScale(JSON.stringify(changes.scale)) : null;
    if (scale) writeItem(PRINTER_STORAGE_KEYS.scale, JSON.stringify(scale));
    else removeItem(PRINTER_STORAGE_KEYS.scale);
  }
  if (changes.method !== undefined) writeItem(PRINTER_STORAGE_KEYS.method, parseMethod(changes.method));
  snapshot = null;
  for (const listener of listeners) listener();
  return readPrinterPreferences();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab of this browser changed them.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || Object.values<string>(PRINTER_STORAGE_KEYS).includes(event.key)) {
      snapshot = null;
      listener();
    }
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

function getSnapshot(): PrinterPreferences {
  const fresh = readPrinterPreferences();
  // The same object while nothing changed, as useSyncExternalStore needs.
  if (
    snapshot &&
    snapshot.printer === fresh.printer &&
    snapshot.method === fresh.method &&
    JSON.stringify(snapshot.scale) === JSON.stringify(fresh.scale)
  ) {
    return snapshot;
  }
  snapshot = fresh;
  return fresh;
}

/** The choices, kept current when they change here or in another tab. */
export function usePrinterPreferences(): PrinterPreferences {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}
