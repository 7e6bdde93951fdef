import { useSyncExternalStore } from 'react';
import type { Qz, QzHidDevice } from 'qz-tray';
import type { ScaleChoice } from './printer-preferences.ts';
import { serverSigning, type QzSigning } from './qz-signing.ts';
import { parseScaleReport, SCALE_REPORT_SIZE, type ScaleReading } from './scale-report.ts';

/**
 * QZ Tray: a small program on the seller's computer that prints to local printers and reads USB devices through a
 * websocket on localhost. The library is loaded the first time it is needed (its own chunk), never at start-up.
 */

type QzStatus = 'idle' | 'connecting' | 'connected' | 'not-running' | 'failed';

export interface QzState {
  status: QzStatus;
  /** Why the last attempt did not connect, in QZ Tray's words when it said something. */
  message: string | null;
}

type QzLoader = () => Promise<Qz>;

interface QzTrayClientOptions {
  /** Tests pass a fake; the app loads the package. */
  loader?: QzLoader;
  signing?: QzSigning;
  /** How long to wait for QZ Tray's websocket to open. */
  openTimeoutMs?: number;
  /** How long a person has to click "Allow" in QZ Tray once the websocket is open. */
  allowTimeoutMs?: number;
  /** After QZ Tray was found not running, connect() does not look again for this long unless forced. */
  retryAfterMs?: number;
  now?: () => number;
}

export interface QzTrayClient {
  getState(): QzState;
  subscribe(listener: () => void): () => void;
  /** Resolves true once connected. A recent "not running" answers false at once unless `force` asks again. */
  connect(options?: { force?: boolean }): Promise<boolean>;
  disconnect(): Promise<void>;
  listPrinters(): Promise<string[]>;
  /** Raw printer language (ZPL) sent as it is. */
  printRaw(printer: string, commands: string): Promise<void>;
  printPdf(printer: string, base64: string): Promise<void>;
  printImage(printer: string, base64: string): Promise<void>;
  /** USB HID devices that may be scales (the HID scale usage page when QZ Tray reports it), one per device. */
  listScales(): Promise<ScaleChoice[]>;
  /** One settled reading of `scale` (a few reads while it is in motion). */
  readScale(scale: ScaleChoice): Promise<ScaleReading>;
}

const NOT_RUNNING = 'QZ Tray is not running on this computer';
/** What the library says when nothing answers on any of QZ Tray's ports. */
const UNREACHABLE = /^Unable to establish connection with/;
const SCALE_USAGE_PAGE = '8d';
const SETTLE_READS = 5;
const SETTLE_PAUSE_MS = 250;

const defaultLoader: QzLoader = async () => (await import('qz-tray')).default;

/** QZ Tray rejects with an Error carrying its words, or with a bare socket event when nothing listens. */
export function qzMessage(error: unknown, fallback = NOT_RUNNING): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** QZ Tray asks the server for the site's certificate and a signature of each call (none: QZ Tray asks the person). */
function signWith(qz: Qz, signing: QzSigning): void {
  qz.security.setCertificatePromise((resolve) => {
    signing.certificate().then(
      (pem) => resolve(pem ?? undefined),
      () => resolve(undefined),
    );
  });
  qz.security.setSignatureAlgorithm('SHA512');
  qz.security.setSignaturePromise((toSign) => (resolve, reject) => {
    signing.sign(toSign).then((signature) => resolve(signature ?? undefined), reject);
  });
}

/** Waits for the socket to open; once open, gives the person time to answer QZ Tray's "Allow" question. */
function openSocket(qz: Qz, openTimeoutMs: number, allowTimeoutMs: number): Promise<true | Error | 'timeout'> {
  return new Promise((resolve) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const done = (outcome: true | Error | 'timeout') => {
      clearTimeout(timer);
      resolve(outcome);
    };
    qz.websocket.connect({ retries: 0, keepAlive: 60 }).then(
      () => done(true),
      (error: unknown) => done(error instanceof Error ? error : new Error(NOT_RUNNING)),
    );
    timer = setTimeout(() => {
      if (!qz.websocket.isActive()) done('timeout');
      else timer = setTimeout(() => done('timeout'), allowTimeoutMs);
    }, openTimeoutMs);
  });
}

/** The USB devices that may be scales: of the HID scale page when QZ Tray reports pages, one per device. */
function scaleChoices(devices: readonly QzHidDevice[]): ScaleChoice[] {
  const paged = devices.some((device) => device.usagePage);
  const scales = new Map<string, ScaleChoice>();
  for (const device of devices) {
    if (paged && device.usagePage?.toLowerCase() !== SCALE_USAGE_PAGE) continue;
    const vendorId = device.vendorId.toLowerCase();
    const productId = device.productId.toLowerCase();
    const name = [device.manufacturer, device.product].filter(Boolean).join(' ').trim();
    scales.set(`${vendorId}:${productId}`, {
      vendorId,
      productId,
      name: name || `USB device ${vendorId}:${productId}`,
    });
  }
  return [...scales.values()];
}

/** One reading of the scale once it has settled (a few reads while it is in motion); the device is let go after. */
async function readSettled(qz: Qz, scale: ScaleChoice): Promise<ScaleReading> {
  const device: QzHidDevice = { vendorId: scale.vendorId, productId: scale.productId };
  try {
    await qz.hid.claimDevice(device);
  } catch (error) {
    // Claimed earlier by this page (a read that was cut short) is fine; anything else is QZ Tray's answer.
    if (!(await qz.hid.isClaimed(device).catch(() => false)))
      throw new Error(qzMessage(error, 'The scale could not be opened'), { cause: error });
  }
  try {
    let reading: ScaleReading | null = null;
    for (let read = 0; read < SETTLE_READS; read += 1) {
      if (read > 0) await sleep(SETTLE_PAUSE_MS);
      reading = parseScaleReport(await qz.hid.readData({ ...device, responseSize: SCALE_REPORT_SIZE }));
      if (reading.status !== 'in-motion') break;
    }
    return reading!;
  } finally {
    await qz.hid.releaseDevice(device).catch(() => undefined);
  }
}

export function createQzTrayClient(options: QzTrayClientOptions = {}): QzTrayClient {
  const loader = options.loader ?? defaultLoader;
  const signing = options.signing ?? serverSigning();
  const openTimeoutMs = options.openTimeoutMs ?? 4_000;
  const allowTimeoutMs = options.allowTimeoutMs ?? 60_000;
  const retryAfterMs = options.retryAfterMs ?? 30_000;
  const now = options.now ?? Date.now;
  const listeners = new Set<() => void>();
  let state: QzState = { status: 'idle', message: null };
  let failedAt = 0;
  let loaded: Promise<Qz> | null = null;
  let connecting: Promise<boolean> | null = null;

  const setState = (next: QzState) => {
    state = next;
    for (const listener of listeners) listener();
  };

  const load = () => {
    loaded ??= loader().then((qz) => {
      signWith(qz, signing);
      qz.websocket.setClosedCallbacks(() => {
        if (state.status === 'connected') setState({ status: 'not-running', message: 'QZ Tray was closed' });
      });
      return qz;
    });
    loaded.catch(() => {
      loaded = null;
    });
    return loaded;
  };

  const attempt = async (): Promise<boolean> => {
    setState({ status: 'connecting', message: null });
    let qz: Qz;
    try {
      qz = await load();
    } catch {
      failedAt = now();
      setState({ status: 'failed', message: 'The QZ Tray connector could not be loaded' });
      return false;
    }
    if (qz.websocket.isActive()) {
      setState({ status: 'connected', message: null });
      return true;
    }
    const outcome = await openSocket(qz, openTimeoutMs, allowTimeoutMs);
    if (outcome === true) {
      setState({ status: 'connected', message: null });
      return true;
    }
    failedAt = now();
    if (outcome === 'timeout') {
      await qz.websocket.disconnect().catch(() => undefined);
      setState({ status: 'not-running', message: 'QZ Tray did not answer' });
    } else if (outcome.message === NOT_RUNNING || UNREACHABLE.test(outcome.message)) {
      setState({ status: 'not-running', message: NOT_RUNNING });
    } else {
      setState({ status: 'failed', message: outcome.message });
    }
    return false;
  };

  const connect: QzTrayClient['connect'] = async ({ force = false } = {}) => {
    if (state.status === 'connected') return true;
    if (connecting) return connecting;
    const recentlyFailed =
      (state.status === 'not-running' || state.status === 'failed') && now() - failedAt < retryAfterMs;
    if (recentlyFailed && !force) return false;
    connecting = attempt().finally(() => {
      connecting = null;
    });
    return connecting;
  };

  const connected = async (): Promise<Qz> => {
    if (!(await connect())) throw new Error(state.message ?? NOT_RUNNING);
    return load();
  };

  const print = async (printer: string, data: Parameters<Qz['print']>[1]) => {
    const qz = await connected();
    await qz.print(qz.configs.create(printer), data);
  };

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    connect,
    async disconnect() {
      if (!loaded) return;
      const qz = await loaded;
      if (qz.websocket.isActive()) await qz.websocket.disconnect().catch(() => undefined);
      setState({ status: 'idle', message: null });
    },
    async listPrinters() {
      const found = await (await connected()).printers.find();
      return (Array.isArray(found) ? found : [found]).filter((name) => typeof name === 'string' && name !== '');
    },
    printRaw: (printer, commands) =>
      print(printer, [{ type: 'raw', format: 'command', flavor: 'plain', data: commands }]),
    printPdf: (printer, base64) => print(printer, [{ type: 'pixel', format: 'pdf', flavor: 'base64', data: base64 }]),
    printImage: (printer, base64) =>
      print(printer, [{ type: 'pixel', format: 'image', flavor: 'base64', data: base64 }]),
    listScales: async () => scaleChoices(await (await connected()).hid.listDevices()),
    readScale: async (scale) => readSettled(await connected(), scale),
  };
}

/** The app's one connection to QZ Tray. */
export const qzTray = createQzTrayClient();

/** The connection's state, kept current. */
export function useQzTrayState(client: QzTrayClient = qzTray): QzState {
  return useSyncExternalStore(client.subscribe, client.getState, client.getState);
}
