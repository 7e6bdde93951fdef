import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { asc } from 'drizzle-orm';
import type { Db } from '../db/connect.ts';
import { keys } from '../db/schema.ts';

export interface KeyMaterial {
  /** Private RS256 signing keys as JWKs, newest first (the first one signs). */
  signing: Array<Record<string, unknown>>;
  /** Cookie signing secrets, newest first (older ones still verify). */
  cookie: string[];
}

/**
 * Loads the keys, generating them on first start. Call it inside `Database.exclusive` so two instances starting
 * together agree on one key set.
 */
export async function ensureKeys(db: Db): Promise<KeyMaterial> {
  const rows = await db.select().from(keys).orderBy(asc(keys.createdAt));
  if (!rows.some((row) => row.use === 'sig')) {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const jwk = { ...privateKey.export({ format: 'jwk' }), kid: randomUUID(), alg: 'RS256', use: 'sig' };
    await db.insert(keys).values({ id: jwk.kid, use: 'sig', material: jwk });
  }
  if (!rows.some((row) => row.use === 'cookie')) {
    const secret = randomBytes(32).toString('base64url');
    await db.insert(keys).values({ id: randomUUID(), use: 'cookie', material: { secret } });
  }
  const all = await db.select().from(keys).orderBy(asc(keys.createdAt));
  const newestFirst = [...all].reverse();
  return {
    signing: newestFirst.filter((row) => row.use === 'sig').map((row) => row.material as Record<string, unknown>),
    cookie: newestFirst.filter((row) => row.use === 'cookie').map((row) => (row.material as { secret: string }).secret),
  };
}
