import net from 'node:net';

/**
 * A TCP proxy that misbehaves on purpose, between the server and a fake platform (faults.ts): it can hold each
 * answer back, cut a connection in the middle of an answer (FIN after part of it), or reset it (RST). Which
 * request is hit is drawn from a seeded generator, so a run can be repeated.
 */
export interface Faults {
  /** Each chunk from the platform is held back this long (ms, drawn between the two bounds). */
  delayMs?: [number, number];
  /** Share of requests whose connection is closed after the first chunk of the answer (the rest never comes). */
  cutRate?: number;
  /** Share of requests whose connection is reset (RST) once the request has been sent. */
  resetRate?: number;
}

export interface FaultCounts {
  connections: number;
  delayed: number;
  cut: number;
  reset: number;
}

export interface FaultProxy {
  /** `http://127.0.0.1:<port>`: use in place of the platform's address. */
  url: string;
  counts: FaultCounts;
  /** Changes the faults for the connections opened from now on (`{}`: a faithful proxy). */
  set(faults: Faults): void;
  close(): Promise<void>;
}

/** mulberry32: small, seeded, good enough to choose which connection fails. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export async function startFaultProxy(target: string, seed = 1): Promise<FaultProxy> {
  const { hostname, port } = new URL(target);
  const random = seeded(seed);
  let faults: Faults = {};
  const counts: FaultCounts = { connections: 0, delayed: 0, cut: 0, reset: 0 };
  const open = new Set<net.Socket>();

  const server = net.createServer((client) => {
    counts.connections += 1;
    const upstream = net.connect(Number(port), hostname);
    open.add(client).add(upstream);
    client.once('close', () => {
      open.delete(client);
      open.delete(upstream);
    });
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    // Drawn for each request (a kept-alive connection carries many): reset it, or cut its answer after one chunk.
    let cutAnswer = false;
    client.on('data', (chunk) => {
      const chosen = faults;
      upstream.write(chunk);
      if (random() < (chosen.resetRate ?? 0)) {
        counts.reset += 1;
        client.resetAndDestroy();
        upstream.destroy();
        return;
      }
      cutAnswer = random() < (chosen.cutRate ?? 0);
    });
    client.on('end', () => upstream.end());
    upstream.on('data', (chunk) => {
      const send = () => {
        if (client.destroyed) return;
        client.write(chunk);
        if (cutAnswer) {
          counts.cut += 1;
          client.end();
          upstream.destroy();
        }
      };
      const [low, high] = faults.delayMs ?? [0, 0];
      if (high > 0) {
        counts.delayed += 1;
        upstream.pause();
        setTimeout(
          () => {
            send();
            upstream.resume();
          },
          low + random() * (high - low),
        );
      } else send();
    });
    upstream.on('end', () => client.end());
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    counts,
    set(next) {
      faults = next;
    },
    async close() {
      for (const socket of open) socket.destroy();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}
