import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Carrier } from '@shipdesk/contract';
import type { Executor } from '../../db/client.ts';
import { carrierAccounts, type CarrierAccountRow } from '../../db/schema/index.ts';

type AccountValues = Omit<typeof carrierAccounts.$inferInsert, 'tenantId' | 'id' | 'createdAt' | 'updatedAt'>;

/** All SQL of carrier accounts; every function takes the tenant and a `withTenant` transaction. */
export function createCarrierAccountsRepository() {
  const own = (tenantId: string, id: number) => and(eq(carrierAccounts.tenantId, tenantId), eq(carrierAccounts.id, id));
  return {
    /** Live accounts (what new work may use), or every account with `archived`. */
    list(tx: Executor, tenantId: string, archived = false): Promise<CarrierAccountRow[]> {
      return tx
        .select()
        .from(carrierAccounts)
        .where(and(eq(carrierAccounts.tenantId, tenantId), archived ? undefined : isNull(carrierAccounts.archivedAt)))
        .orderBy(asc(carrierAccounts.carrier), asc(carrierAccounts.id));
    },

    async find(tx: Executor, tenantId: string, id: number): Promise<CarrierAccountRow | undefined> {
      const [row] = await tx.select().from(carrierAccounts).where(own(tenantId, id));
      return row;
    },

    /** The carriers the tenant can ship with: verified accounts' carriers. */
    async connectedCarriers(tx: Executor, tenantId: string): Promise<Carrier[]> {
      const rows = await tx
        .selectDistinct({ carrier: carrierAccounts.carrier })
        .from(carrierAccounts)
        .where(
          and(
            eq(carrierAccounts.tenantId, tenantId),
            eq(carrierAccounts.status, 'verified'),
            isNull(carrierAccounts.archivedAt),
          ),
        );
      return rows.map((r) => r.carrier as Carrier);
    },

    async insert(tx: Executor, tenantId: string, values: AccountValues): Promise<CarrierAccountRow> {
      if (values.isDefault) await this.clearDefault(tx, tenantId, values.carrier);
      const [row] = await tx
        .insert(carrierAccounts)
        .values({ tenantId, ...values })
        .returning();
      return row!;
    },

    async update(
      tx: Executor,
      tenantId: string,
      id: number,
      values: Partial<AccountValues>,
    ): Promise<CarrierAccountRow> {
      if (values.isDefault && values.carrier) await this.clearDefault(tx, tenantId, values.carrier);
      const [row] = await tx
        .update(carrierAccounts)
        .set({ ...values, updatedAt: sql`now()` })
        .where(own(tenantId, id))
        .returning();
      return row!;
    },

    /** What still names an account: labels bought with it, and carrier mappings that buy with it. */
    async references(tx: Executor, tenantId: string, id: number) {
      const result = (await tx.execute(sql`
        SELECT
          (SELECT count(*) FROM shipping_labels WHERE tenant_id = ${tenantId} AND carrier_account_id = ${id}) AS labels,
          (SELECT count(*) FROM ship_method_carrier_mappings
            WHERE tenant_id = ${tenantId} AND carrier_account_id = ${id}) AS mappings`)) as unknown as {
        rows: Array<Record<'labels' | 'mappings', string | number>>;
      };
      const row = result.rows[0]!;
      return { labels: Number(row.labels), mappings: Number(row.mappings) };
    },

    /**
     * Archives an account: no longer the default (of its carrier, nor the label settings' default account), and the
     * mappings that bought with it buy with their carrier's default account from now on (so they keep working).
     */
    async archive(tx: Executor, tenantId: string, id: number): Promise<void> {
      await tx.execute(sql`UPDATE ship_method_carrier_mappings SET carrier_account_id = NULL
        WHERE tenant_id = ${tenantId} AND carrier_account_id = ${id}`);
      await tx.execute(sql`UPDATE configs SET options = options - 'defaultCarrierAccountId', updated_at = now()
        WHERE tenant_id = ${tenantId} AND key = 'ship_label_app_info'
          AND options->>'defaultCarrierAccountId' = ${String(id)}`);
      await tx
        .update(carrierAccounts)
        .set({ archivedAt: sql`now()`, isDefault: false, updatedAt: sql`now()` })
        .where(own(tenantId, id));
    },

    async remove(tx: Executor, tenantId: string, id: number): Promise<void> {
      await tx.delete(carrierAccounts).where(own(tenantId, id));
    },

    async restore(tx: Executor, tenantId: string, id: number): Promise<CarrierAccountRow> {
      const [row] = await tx
        .update(carrierAccounts)
        .set({ archivedAt: null, updatedAt: sql`now()` })
        .where(own(tenantId, id))
        .returning();
      return row!;
    },

    /** One default account per carrier: the new default takes the flag from the old one. */
    async clearDefault(tx: Executor, tenantId: string, carrier: string): Promise<void> {
      await tx
        .update(carrierAccounts)
        .set({ isDefault: false })
        .where(
          and(
            eq(carrierAccounts.tenantId, tenantId),
            eq(carrierAccounts.carrier, carrier),
            eq(carrierAccounts.isDefault, true),
          ),
        );
    },

    async recordTest(
      tx: Executor,
      tenantId: string,
      id: number,
      outcome: { ok: boolean; error: string | null },
    ): Promise<void> {
      await tx
        .update(carrierAccounts)
        .set(
          outcome.ok
            ? { status: 'verified', lastError: null, verifiedAt: sql`now()` }
            : { status: 'failed', lastError: outcome.error },
        )
        .where(own(tenantId, id));
    },
  };
}
