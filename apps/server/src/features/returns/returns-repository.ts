import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { returnColumns, returnLabels, type ReturnLabelRow, type ReturnRow } from './returns-tables.ts';

type NewReturn = typeof returnLabels.$inferInsert;
/** What the carrier sold, written on the reserved row in the transaction that records it. */
type BoughtFacts = Pick<
  ReturnLabelRow,
  'trackingNumber' | 'carrierShipmentId' | 'contentType' | 'document' | 'amount' | 'currency' | 'payOnUse' | 'format'
>;

/** A unique index refused the row (an RMA that stands already). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown }).code ?? (error as { cause?: { code?: unknown } }).cause?.code;
  return code === '23505';
}

const mine = (tenantId: string, id: number) => and(eq(returnLabels.tenantId, tenantId), eq(returnLabels.id, id));

/** The queries of return labels; every one scoped to the tenant (and row-level security beneath). */
export function createReturnsRepository() {
  return {
    async reserve(tx: Executor, row: NewReturn): Promise<ReturnRow> {
      const [inserted] = await tx.insert(returnLabels).values(row).returning(returnColumns);
      return inserted!;
    },

    /** Whether an RMA names a return that stands or is being bought. */
    async rmaTaken(tx: Executor, tenantId: string, rma: string): Promise<boolean> {
      const [row] = await tx
        .select({ id: returnLabels.id })
        .from(returnLabels)
        .where(
          and(
            eq(returnLabels.tenantId, tenantId),
            eq(returnLabels.rma, rma),
            sql`${returnLabels.status} IN ('buying', 'active')`,
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /** How many return labels the order has had (every status), for the next default RMA. */
    async countForOrder(tx: Executor, tenantId: string, orderId: number): Promise<number> {
      const [row] = await tx
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(returnLabels)
        .where(and(eq(returnLabels.tenantId, tenantId), eq(returnLabels.orderId, orderId)));
      return row?.n ?? 0;
    },

    /** The order's return labels, newest first; those being bought are not shown. */
    async listForOrder(tx: Executor, tenantId: string, orderId: number): Promise<ReturnRow[]> {
      return tx
        .select(returnColumns)
        .from(returnLabels)
        .where(
          and(
            eq(returnLabels.tenantId, tenantId),
            eq(returnLabels.orderId, orderId),
            ne(returnLabels.status, 'buying'),
          ),
        )
        .orderBy(desc(returnLabels.id));
    },

    async find(tx: Executor, tenantId: string, id: number, lock = false): Promise<ReturnRow | undefined> {
      const query = tx.select(returnColumns).from(returnLabels).where(mine(tenantId, id));
      const [row] = lock ? await query.for('update') : await query;
      return row;
    },

    /** The request kept for a lost answer, with the row (locked). */
    async lockReserved(
      tx: Executor,
      tenantId: string,
      id: number,
    ): Promise<(ReturnRow & { request: Record<string, unknown> }) | undefined> {
      const [row] = await tx
        .select({ ...returnColumns, request: returnLabels.request })
        .from(returnLabels)
        .where(and(mine(tenantId, id), eq(returnLabels.status, 'buying')))
        .for('update');
      return row;
    },

    async document(
      tx: Executor,
      tenantId: string,
      id: number,
    ): Promise<Pick<ReturnLabelRow, 'document' | 'contentType' | 'format' | 'trackingNumber' | 'rma'> | undefined> {
      const [row] = await tx
        .select({
          document: returnLabels.document,
          contentType: returnLabels.contentType,
          format: returnLabels.format,
          trackingNumber: returnLabels.trackingNumber,
          rma: returnLabels.rma,
        })
        .from(returnLabels)
        .where(and(mine(tenantId, id), ne(returnLabels.status, 'buying')));
      return row;
    },

    async setBought(
      tx: Executor,
      tenantId: string,
      id: number,
      facts: BoughtFacts & Pick<ReturnLabelRow, 'emailStatus' | 'emailTo'>,
    ): Promise<ReturnRow> {
      const [row] = await tx
        .update(returnLabels)
        .set({ ...facts, status: 'active' })
        .where(mine(tenantId, id))
        .returning(returnColumns);
      return row!;
    },

    async set(
      tx: Executor,
      tenantId: string,
      id: number,
      values: Partial<Pick<ReturnLabelRow, 'status' | 'voidedAt' | 'voidMessage' | 'emailStatus' | 'emailTo'>> &
        Partial<Pick<ReturnLabelRow, 'emailSentAt' | 'emailMessage'>>,
    ): Promise<ReturnRow> {
      const [row] = await tx.update(returnLabels).set(values).where(mine(tenantId, id)).returning(returnColumns);
      return row!;
    },

    /** A reservation whose purchase bought nothing: gone, its RMA free again. */
    async dropReserved(tx: Executor, tenantId: string, id: number): Promise<void> {
      await tx.delete(returnLabels).where(and(mine(tenantId, id), eq(returnLabels.status, 'buying')));
    },
  };
}
