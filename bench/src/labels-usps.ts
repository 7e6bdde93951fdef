import { parentPort, workerData } from 'node:worker_threads';
// The fake is a test tool of the server; the bench runs it as the remote carrier.
import { startFakeUsps } from '@shipdesk/fakes';

/**
 * The labels benchmark's fake USPS, in a worker thread: the carrier has its own event loop, as a remote one would, so
 * the server's thread does only the server's work. No hourly quota. Messages: 'labels' answers how many labels it
 * sold, 'cpu' the CPU seconds of its thread, 'close' stops it.
 */

const { clientId, clientSecret, account } = workerData as {
  clientId: string;
  clientSecret: string;
  account: { crid: string; mid: string; accountType: 'EPS'; accountNumber: string };
};
const usps = await startFakeUsps({ clientId, clientSecret, accounts: [account], quota: null });
parentPort!.postMessage({ kind: 'ready', url: usps.url });
parentPort!.on('message', (message: string) => {
  if (message === 'labels') parentPort!.postMessage({ kind: 'labels', count: usps.charges.length });
  if (message === 'cpu') {
    const { user, system } = process.threadCpuUsage();
    parentPort!.postMessage({ kind: 'cpu', seconds: (user + system) / 1e6 });
  }
  if (message === 'close') void usps.close().then(() => parentPort!.close());
});
