export { isDatabaseUnavailable } from './connection-errors.ts';
export { acquireDataDirLock, DataDirLockedError, type DataDirLock } from './data-dir-lock.ts';
export {
  openDatabase,
  type Database,
  type DrizzleSchema,
  type Executor,
  type OpenDatabaseOptions,
  type ServiceName,
  type TransactionOptions,
} from './database.ts';
export { createScratchDatabase, type ScratchDatabase } from './scratch-database.ts';
export { startOutageProxy, type OutageProxy } from './outage-proxy.ts';
