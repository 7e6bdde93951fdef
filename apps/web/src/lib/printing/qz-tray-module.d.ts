/** The part of the `qz-tray` package (it ships no types) that Shipdesk uses. */
declare module 'qz-tray' {
  type Resolver<T> = (resolve: (value: T) => void, reject: (reason?: unknown) => void) => void;

  export interface QzHidDevice {
    vendorId: string;
    productId: string;
    usagePage?: string;
    serial?: string;
    manufacturer?: string;
    product?: string;
  }

  export interface QzPrintData {
    type: 'raw' | 'pixel';
    format: 'command' | 'pdf' | 'image';
    flavor: 'plain' | 'base64';
    data: string;
  }

  export interface QzConfig {
    getPrinter(): unknown;
  }

  export interface Qz {
    websocket: {
      connect(options?: { retries?: number; delay?: number; keepAlive?: number }): Promise<void>;
      disconnect(): Promise<void>;
      isActive(): boolean;
      setClosedCallbacks(calls: (event: unknown) => void): void;
      setErrorCallbacks(calls: (event: unknown) => void): void;
    };
    security: {
      setCertificatePromise(handler: Resolver<string | undefined>, options?: { rejectOnFailure?: boolean }): void;
      setSignatureAlgorithm(algorithm: 'SHA1' | 'SHA256' | 'SHA512'): void;
      setSignaturePromise(factory: (toSign: string) => Resolver<string | undefined>): void;
    };
    printers: {
      find(query?: string): Promise<string | string[]>;
      getDefault(): Promise<string | null>;
    };
    configs: {
      create(printer: string, options?: Record<string, unknown>): QzConfig;
    };
    print(config: QzConfig, data: QzPrintData[]): Promise<void>;
    hid: {
      listDevices(): Promise<QzHidDevice[]>;
      claimDevice(device: QzHidDevice): Promise<void>;
      isClaimed(device: QzHidDevice): Promise<boolean>;
      readData(device: QzHidDevice & { responseSize: number }): Promise<string[]>;
      releaseDevice(device: QzHidDevice): Promise<void>;
    };
  }

  const qz: Qz;
  export default qz;
}
