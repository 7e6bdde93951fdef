import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Role } from '@shipdesk/contract';
import type { Db } from '../db/connect.ts';
import type { Logger } from '../logger.ts';
import {
  createOrganization,
  createUser,
  findOrganizationByName,
  findUserByEmail,
  updateUserPassword,
} from './accounts-repository.ts';
import { hashPassword, verifyPassword } from './passwords.ts';

export const DEMO_EMAIL = 'admin@example.com';
export const DEMO_ORGANIZATION = 'Demo Company';
export const DEMO_CREDENTIALS_FILE = 'demo-credentials.json';

interface DemoSeedOptions {
  db: Db;
  dataDir: string;
  /** SHIPDESK_DEMO_PASSWORD: applied on every start when set. */
  password: string | undefined;
  logger: Logger;
}

/** The file also names the organisation's id: the server connects the demo store to it (apps/server/src/demo). */
function writeCredentials(dataDir: string, password: string, organizationId: string | null): void {
  mkdirSync(dataDir, { recursive: true });
  const credentials = { email: DEMO_EMAIL, password, organization: DEMO_ORGANIZATION, organizationId };
  writeFileSync(join(dataDir, DEMO_CREDENTIALS_FILE), `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 });
}

/**
 * First start: organisation "Demo Company" with the Admin admin@example.com. Idempotent; run it inside
 * `Database.exclusive` so parallel instances create it once.
 */
export async function seedDemo({ db, dataDir, password, logger }: DemoSeedOptions): Promise<void> {
  const existing = await findUserByEmail(db, DEMO_EMAIL);
  if (existing) {
    if (password && !(await verifyPassword(existing.passwordHash, password))) {
      await updateUserPassword(db, existing.id, await hashPassword(password));
      writeCredentials(dataDir, password, existing.organizationId);
      logger.info('demo password set from SHIPDESK_DEMO_PASSWORD', { email: DEMO_EMAIL });
    } else {
      const file = join(dataDir, DEMO_CREDENTIALS_FILE);
      const stored = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
      if (typeof stored.password === 'string' && stored.organizationId !== existing.organizationId) {
        writeCredentials(dataDir, stored.password, existing.organizationId);
      }
    }
    return;
  }
  const chosen = password ?? randomBytes(12).toString('base64url');
  // The file first: a crash between the two leaves a harmless file, never an account nobody can sign in to.
  writeCredentials(dataDir, chosen, null);
  const passwordHash = await hashPassword(chosen);
  const organizationId = await db.transaction(async (tx) => {
    const id =
      (await findOrganizationByName(tx, DEMO_ORGANIZATION))?.id ?? (await createOrganization(tx, DEMO_ORGANIZATION));
    await createUser(tx, {
      organizationId: id,
      email: DEMO_EMAIL,
      name: 'Demo Admin',
      passwordHash,
      roleId: Role.Admin,
    });
    return id;
  });
  writeCredentials(dataDir, chosen, organizationId);
  logger.info('demo organisation created', { email: DEMO_EMAIL, credentials: join(dataDir, DEMO_CREDENTIALS_FILE) });
}
