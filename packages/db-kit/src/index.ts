export { isDatabaseUnavailable } from './connection-errors.ts';
export { acquireDataDirLock, DataDirLockedError } from './data-dir-lock.ts';
export {
  openDatabase,
  type Database,
  type Executor,
  type OpenDatabaseOptions,
  type TransactionOptions,
} from './database.ts';
export { createScratchDatabase, type ScratchDatabase } from './scratch-database.ts';
export { startOutageProxy, type OutageProxy } from './outage-proxy.ts';
