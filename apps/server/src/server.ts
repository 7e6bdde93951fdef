import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';

/** The process: logger, listen, graceful shutdown. Everything else is in app.ts. */
const config = loadConfig();
const app = await buildApp({
  config,
  logger: {
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.query.token'],
  },
}).catch((error: unknown) => {
  // Start-up failures (locked data folder, unreachable database) are for a human: print the message, not a stack.
  console.error(`Shipdesk server failed to start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});

let closing = false;
let demoShop: { close(): Promise<void> } | null = null;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  const force = setTimeout(() => {
    app.log.error('shutdown took too long, exiting');
    process.exit(1);
  }, 10_000);
  force.unref();
  try {
    await app.close();
    await demoShop?.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
// Started by the launcher (`npm start`) over an IPC channel: when the launcher dies, even by SIGKILL, stop too, so
// no orphan keeps the port and the data-folder lock.
process.on('disconnect', () => void shutdown('launcher exited'));

try {
  await app.listen({ host: config.host, port: config.port });
} catch (error) {
  app.log.error({ err: error }, 'could not listen');
  await app.close().catch(() => undefined);
  process.exit(1);
}

// The embedded default's demo store (SHIPDESK_DEMO=off turns it off); without a seeded demo organisation it does
// nothing. A failure here is logged, never fatal: the product runs without its demo.
// Loaded only when on, so a server without the demo never loads the fake Shopify it runs on.
if (config.demo) {
  demoShop = await import('./demo/demo-shop.ts')
    .then(({ startDemoShop }) => startDemoShop(app, config.dataDir))
    .catch((error: unknown) => {
      app.log.warn({ err: error }, 'the demo Shopify store could not start');
      return null;
    });
}
