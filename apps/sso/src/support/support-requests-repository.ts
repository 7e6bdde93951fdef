import { eq } from 'drizzle-orm';
import type { Db } from '../db/connect.ts';
import { supportRequests } from '../db/schema.ts';
import type { CountedRows } from '../rate-window.ts';

interface NewSupportRequest {
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

/** The requests from `ip` (or for `email`), as the rate limits count them. */
export function supportRequestsBy(by: { ip: string } | { email: string }): CountedRows {
  const where = 'ip' in by ? eq(supportRequests.ip, by.ip) : eq(supportRequests.email, by.email);
  return { table: supportRequests, createdAt: supportRequests.createdAt, where };
}
