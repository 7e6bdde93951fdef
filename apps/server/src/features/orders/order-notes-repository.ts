import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { orderNotes, type OrderNoteRow } from '../../db/schema/index.ts';

/** All SQL about order notes; every function takes the tenant's transaction. */
export function createOrderNotesRepository() {
  return {
    async insert(
      tx: Executor,
      tenantId: string,
      note: { orderId: number; note: string; authorId: string; authorEmail: string },
    ): Promise<OrderNoteRow> {
      const [row] = await tx
        .insert(orderNotes)
        .values({ tenantId, ...note })
        .returning();
      return row!;
    },

    async find(tx: Executor, tenantId: string, id: number, lock = false): Promise<OrderNoteRow | undefined> {
      const query = tx
        .select()
        .from(orderNotes)
        .where(and(eq(orderNotes.tenantId, tenantId), eq(orderNotes.id, id)));
      const [row] = lock ? await query.for('update') : await query;
      return row;
    },

    async update(tx: Executor, tenantId: string, id: number, note: string): Promise<OrderNoteRow> {
      const [row] = await tx
        .update(orderNotes)
        .set({ note, updatedAt: new Date() })
        .where(and(eq(orderNotes.tenantId, tenantId), eq(orderNotes.id, id)))
        .returning();
      return row!;
    },

    listForOrder(tx: Executor, tenantId: string, orderId: number): Promise<OrderNoteRow[]> {
      return tx
        .select()
        .from(orderNotes)
        .where(and(eq(orderNotes.tenantId, tenantId), eq(orderNotes.orderId, orderId)))
        .orderBy(asc(orderNotes.id));
    },
  };
}
