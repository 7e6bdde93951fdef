import { parentPort, workerData } from 'node:worker_threads';
// The fake is a test tool of the server; the bench runs it as the "remote" shop.
import { startFakeShopify } from '@shipdesk/fakes';

/**
 * The pull benchmark's fake Shopify, in a worker thread: the shop has its own event loop and core, as a remote shop
 * would, so the server's thread does only the server's work. Messages: 'requests' answers how many requests it served,
 * 'cpu' the CPU seconds of its thread, 'close' stops it.
 */

const { orders, seed } = workerData as { orders: number; seed: number };
const shop = await startFakeShopify({ orders, seed, costLimit: null });
parentPort!.postMessage({ kind: 'ready', url: shop.url, accessToken: shop.accessToken });
parentPort!.on('message', (message: string) => {
  if (message === 'requests') parentPort!.postMessage({ kind: 'requests', count: shop.requests.length });
  if (message === 'cpu') {
    const { user, system } = process.threadCpuUsage();
    parentPort!.postMessage({ kind: 'cpu', seconds: (user + system) / 1e6 });
  }
  if (message === 'close') void shop.close().then(() => parentPort!.close());
});
