import { createServer } from 'node:http';
import { DataDirLockedError } from '@shipdesk/db-kit';
import { buildSso } from './app.ts';
import { loadConfig } from './config.ts';
import { jsonLogger } from './logger.ts';

/** The SSO process: configuration from the environment, listen, and a graceful shutdown on SIGINT/SIGTERM. */
const logger = jsonLogger('sso');

async function main(): Promise<void> {
  const config = loadConfig();
  const sso = await buildSso({ config, logger });
  const server = createServer(sso.handler);
  server.keepAliveTimeout = 65_000;

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info('stopping', { signal });
    const force = setTimeout(() => {
      logger.warn('connections still open after 10 s; closing them');
      server.closeAllConnections();
    }, 10_000);
    force.unref();
    server.close();
    server.closeIdleConnections();
    await new Promise<void>((resolve) => server.once('close', () => resolve()));
    await sso.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  // Started by the launcher (`npm start`) over an IPC channel: when the launcher dies, even by SIGKILL, stop too.
  process.on('disconnect', () => void stop('launcher exited'));

  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.port, config.host, () => resolve());
    });
  } catch (error) {
    await sso.close();
    throw error;
  }
  logger.info('listening', {
    issuer: config.issuer,
    port: config.port,
    database: sso.database.kind,
    mail: sso.mailer.destination,
  });
}

main().catch((error: unknown) => {
  if (error instanceof DataDirLockedError) {
    logger.error(error.message);
  } else {
    logger.error('the SSO failed to start', { error });
  }
  process.exit(1);
});
