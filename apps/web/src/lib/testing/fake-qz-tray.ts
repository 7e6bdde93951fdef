import type { Qz, QzHidDevice, QzPrintData } from 'qz-tray';
import { createQzTrayClient, type QzTrayClient } from '@/lib/printing/qz-tray';

interface FakeQzOptions {
  /** false: nothing listens on QZ Tray's ports. */
  running?: boolean;
  printers?: string[];
  /** QZ Tray's words when a print fails. */
  printError?: string;
  devices?: QzHidDevice[];
  /** Reports the scale answers, one per read (the last one repeats). */
  reports?: string[][];
}

export interface FakeQzLibrary {
  qz: Qz;
  printed: Array<{ printer: string; data: QzPrintData[] }>;
  connects: () => number;
  claimed: QzHidDevice[];
  released: QzHidDevice[];
  options: FakeQzOptions;
}

export interface FakeQz extends FakeQzLibrary {
  client: QzTrayClient;
}

/** A stand-in for the qz-tray library (for `vi.mock('qz-tray')` too): it prints into `printed`. */
export function fakeQzLibrary(initial: FakeQzOptions = {}): FakeQzLibrary {
  const options: FakeQzOptions = { running: true, printers: ['Zebra ZP450', 'Office Laser'], ...initial };
  let active = false;
  let connects = 0;
  let reads = 0;
  const printed: FakeQzLibrary['printed'] = [];
  const claimed: QzHidDevice[] = [];
  const released: QzHidDevice[] = [];
  const qz: Qz = {
    websocket: {
      connect: async () => {
        connects += 1;
        // What the library says when nothing listens on QZ Tray's ports.
        if (!options.running) throw new Error('Unable to establish connection with QZ Tray');
        active = true;
      },
      disconnect: async () => {
        active = false;
      },
      isActive: () => active,
      setClosedCallbacks: () => undefined,
      setErrorCallbacks: () => undefined,
    },
    security: {
      setCertificatePromise: () => undefined,
      setSignatureAlgorithm: () => undefined,
      setSignaturePromise: () => undefined,
    },
    printers: {
      find: async () => options.printers ?? [],
      getDefault: async () => options.printers?.[0] ?? null,
    },
    configs: { create: (printer) => ({ getPrinter: () => printer }) },
    print: async (config, data) => {
      if (options.printError) throw new Error(options.printError);
      printed.push({ printer: config.getPrinter() as string, data });
    },
    hid: {
      listDevices: async () => options.devices ?? [],
      claimDevice: async (device) => void claimed.push(device),
      isClaimed: async () => false,
      readData: async () => {
        const reports = options.reports ?? [];
        const report = reports[Math.min(reads, reports.length - 1)];
        reads += 1;
        if (!report) throw new Error('Nothing to read');
        return report;
      },
      releaseDevice: async (device) => void released.push(device),
    },
  };
  return { qz, printed, connects: () => connects, claimed, released, options };
}

/** The fake library with a client over it that loads nothing and signs nothing. */
export function fakeQzTray(options: FakeQzOptions = {}): FakeQz {
  const library = fakeQzLibrary(options);
  const client = createQzTrayClient({
    loader: async () => library.qz,
    signing: { certificate: async () => null, sign: async () => null },
  });
  return { ...library, client };
}
