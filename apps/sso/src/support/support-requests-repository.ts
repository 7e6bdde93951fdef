import { and, count, eq, gt, min } from 'drizzle-orm';
import type { Db } from '../db/connect.ts';
import { supportRequests } from '../db/schema.ts';

export interface NewSupportRequest {
  reference: string;
  email: string;
  userId: string | undefined;
  subject: string;
  message: string;
  pageUrl: string | undefined;
  ip: string;
}

export async function insertSupportRequest(db: Db, request: NewSupportRequest): Promise<{ createdAt: Date }> {
  const [row] = await db
    .insert(supportRequests)
    .values({ ...request, userId: request.userId ?? null, pageUrl: request.pageUrl ?? null })
    .returning({ createdAt: supportRequests.createdAt });
  return row!;
}

export async function deleteSupportRequest(db: Db, reference: string): Promise<void> {
  await db.delete(supportRequests).where(eq(supportRequests.reference, reference));
}

export async function supportRequestExists(db: Db, reference: string): Promise<boolean> {
  const [row] = await db
    .select({ reference: supportRequests.reference })
    .from(supportRequests)
    .where(eq(supportRequests.reference, reference))
    .limit(1);
  return row !== undefined;
}

/** How many requests came from `ip` (or for `email`) since `since`, and when the oldest of them came. */
export async function countSupportRequestsSince(
  db: Db,
  by: { ip: string } | { email: string },
  since: Date,
): Promise<{ n: number; oldest: Date | null }> {
  const column = 'ip' in by ? supportRequests.ip : supportRequests.email;
  const value = 'ip' in by ? by.ip : by.email;
  const [row] = await db
    .select({ n: count(), oldest: min(supportRequests.createdAt) })
    .from(supportRequests)
    .where(and(eq(column, value), gt(supportRequests.createdAt, since)));
  return row ?? { n: 0, oldest: null };
}
