import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Qz } from 'qz-tray';
import { fakeQzTray } from '@/lib/testing/fake-qz-tray';
import { createQzTrayClient } from './qz-tray';

afterEach(() => {
  vi.useRealTimers();
});

describe('QZ Tray client', () => {
  it('loads the library only when asked to connect, then lists printers', async () => {
    const fake = fakeQzTray();
    const loader = vi.fn(async () => fake.qz);
    const client = createQzTrayClient({ loader, signing: { certificate: async () => null, sign: async () => null } });
    expect(client.getState().status).toBe('idle');
    expect(loader).not.toHaveBeenCalled();
    expect(await client.connect()).toBe(true);
    expect(client.getState()).toEqual({ status: 'connected', message: null });
    expect(await client.listPrinters()).toEqual(['Zebra ZP450', 'Office Laser']);
    expect(loader).toHaveBeenCalledTimes(1);
  });

  it('"not running" is a state: no second look for a while unless forced', async () => {
    let clock = 0;
    const fake = fakeQzTray({ running: false });
    const client = createQzTrayClient({
      loader: async () => fake.qz,
      signing: { certificate: async () => null, sign: async () => null },
      now: () => clock,
    });
    const seen: string[] = [];
    client.subscribe(() => seen.push(client.getState().status));
    expect(await client.connect()).toBe(false);
    expect(client.getState()).toEqual({ status: 'not-running', message: 'QZ Tray is not running on this computer' });
    expect(await client.connect()).toBe(false);
    expect(fake.connects()).toBe(1);
    await expect(client.listPrinters()).rejects.toThrow('QZ Tray is not running on this computer');

    fake.options.running = true;
    expect(await client.connect({ force: true })).toBe(true);
    expect(fake.connects()).toBe(2);
    expect(seen).toEqual(['connecting', 'not-running', 'connecting', 'connected']);

    clock = 60_000;
    fake.options.running = false;
    await fake.qz.websocket.disconnect();
    await client.disconnect();
    expect(await client.connect()).toBe(false);
    expect(fake.connects()).toBe(3);
  });

  it("keeps QZ Tray's words when it refuses, and gives up when its socket does not open in time", async () => {
    const fake = fakeQzTray();
    fake.qz.websocket.connect = async () => {
      throw new Error('Connection blocked by client');
    };
    const refused = createQzTrayClient({ loader: async () => fake.qz });
    expect(await refused.connect()).toBe(false);
    expect(refused.getState()).toEqual({ status: 'failed', message: 'Connection blocked by client' });

    fake.qz.websocket.connect = async () => {
      throw new Error('Connection attempt denied by Local Network Access restrictions');
    };
    const denied = createQzTrayClient({ loader: async () => fake.qz });
    expect(await denied.connect()).toBe(false);
    expect(denied.getState()).toMatchObject({ status: 'failed', message: /Local Network Access/ });

    // A bare socket event, as older versions of the library reject with, is "not running" too.
    fake.qz.websocket.connect = async () => {
      throw new Event('error');
    };
    const bare = createQzTrayClient({ loader: async () => fake.qz });
    expect(await bare.connect()).toBe(false);
    expect(bare.getState().status).toBe('not-running');

    vi.useFakeTimers();
    const silent = fakeQzTray();
    silent.qz.websocket.connect = () => new Promise(() => undefined);
    const waiting = createQzTrayClient({ loader: async () => silent.qz, openTimeoutMs: 1000 });
    const result = waiting.connect();
    await vi.advanceTimersByTimeAsync(1000);
    expect(await result).toBe(false);
    expect(waiting.getState()).toEqual({ status: 'not-running', message: 'QZ Tray did not answer' });
  });

  it("hands QZ Tray the server's certificate and signatures (SHA512), or nothing when there is none", async () => {
    const fake = fakeQzTray();
    let certificate: Parameters<Qz['security']['setCertificatePromise']>[0] | undefined;
    let signer: Parameters<Qz['security']['setSignaturePromise']>[0] | undefined;
    fake.qz.security.setCertificatePromise = (handler) => void (certificate = handler);
    fake.qz.security.setSignaturePromise = (factory) => void (signer = factory);
    fake.qz.security.setSignatureAlgorithm = vi.fn();
    const sign = vi.fn(async (request: string) => `signed:${request}`);
    const client = createQzTrayClient({
      loader: async () => fake.qz,
      signing: { certificate: async () => '-----BEGIN CERTIFICATE-----', sign },
    });
    await client.connect();
    expect(fake.qz.security.setSignatureAlgorithm).toHaveBeenCalledWith('SHA512');
    await expect(new Promise((resolve, reject) => certificate!(resolve, reject))).resolves.toBe(
      '-----BEGIN CERTIFICATE-----',
    );
    await expect(new Promise((resolve, reject) => signer!('abc')(resolve, reject))).resolves.toBe('signed:abc');

    sign.mockResolvedValueOnce(null as unknown as string);
    await expect(new Promise((resolve, reject) => signer!('abc')(resolve, reject))).resolves.toBeUndefined();
  });

  it('lists HID scales once each and reads a settled weight, releasing the device', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const fake = fakeQzTray({
      devices: [
        {
          vendorId: '0922',
          productId: '8004',
          usagePage: '8d',
          manufacturer: 'DYMO',
          product: 'M25 Digital Postal Scale',
        },
        {
          vendorId: '0922',
          productId: '8004',
          usagePage: '8d',
          manufacturer: 'DYMO',
          product: 'M25 Digital Postal Scale',
        },
        { vendorId: '046D', productId: 'C52B', usagePage: '1', product: 'Keyboard' },
      ],
      reports: [
        ['03', '03', '0b', 'ff', '10', '00'],
        ['03', '04', '0b', 'ff', '76', '01'],
      ],
    });
    expect(await fake.client.listScales()).toEqual([
      { vendorId: '0922', productId: '8004', name: 'DYMO M25 Digital Postal Scale' },
    ]);
    const reading = fake.client.readScale({ vendorId: '0922', productId: '8004', name: 'DYMO M25' });
    await vi.runAllTimersAsync();
    expect(await reading).toMatchObject({ status: 'stable', pounds: 2.34 });
    expect(fake.claimed).toEqual([{ vendorId: '0922', productId: '8004' }]);
    expect(fake.released).toEqual([{ vendorId: '0922', productId: '8004' }]);
  });
});
