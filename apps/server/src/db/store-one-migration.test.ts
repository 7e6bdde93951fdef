import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase as openKitDatabase } from '@shipdesk/db-kit';
import { backends } from '../../test/app-helper.ts';
import { MIGRATIONS, PGLITE_EXTENSIONS } from './client.ts';
import * as schema from './schema/index.ts';

/**
 * "Store 1" on the API is the manual channel. A database made before that rule may hold a connected store with id 1
 * (the first store ever made): the migration moves it, with its orders and sync runs, to a fresh id.
 */
const BEFORE = '0010_store_one_is_manual';

function migrationsUpTo(tag: string): string {
  const folder = mkdtempSync(join(tmpdir(), 'shipdesk-migrations-'));
  cpSync(MIGRATIONS.migrationsFolder, folder, { recursive: true });
  const journalFile = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: Array<{ tag: string }> };
  journal.entries = journal.entries.slice(
    0,
    journal.entries.findIndex((entry) => entry.tag === tag),
  );
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

describe.each(backends)('migration: store 1 is the manual channel ($name)', (backend) => {
  let cleanup: () => Promise<void>;
  let older: string;
  let rows: (text: ReturnType<typeof sql>) => Promise<Array<Record<string, unknown>>>;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const db = await backend.create();
    cleanup = db.cleanup;
    older = migrationsUpTo(BEFORE);
    const open = (migrationsFolder: string) =>
      openKitDatabase({
        ...db.config,
        name: 'server',
        schema,
        migrations: { ...MIGRATIONS, migrationsFolder },
        advisoryLockKey: 1,
        pgliteExtensions: PGLITE_EXTENSIONS,
      });
    const before = await open(older);
    await before.migrate();
    await before.db.execute(sql`INSERT INTO tenants (id) VALUES ('t-1'), ('t-2')`);
    await before.db.execute(
      sql`INSERT INTO stores (tenant_id, name, source_type) VALUES ('t-1', 'First shop', 'Shopify'), ('t-2', 'Other', 'Magento')`,
    );
    await before.db.execute(sql`
      INSERT INTO orders (tenant_id, store_id, source_type, external_id, order_number, order_date, order_status,
                          payment_status, shipment_status, currency)
      VALUES ('t-1', 1, 'Shopify', 'ext-1', 'SHP-1', now(), 'Sales Order', 'Paid', 'Unshipped', 'USD'),
             ('t-1', NULL, 'Wholesale', NULL, 'M-1', now(), 'Draft Order', 'Unpaid', 'Unshipped', 'USD')`);
    await before.db.execute(
      sql`INSERT INTO sync_runs (tenant_id, store_id, trigger, state) VALUES ('t-1', 1, 'manual', 'succeeded')`,
    );
    await before.close();

    const after = await open(MIGRATIONS.migrationsFolder);
    await after.migrate();
    rows = async (text) => ((await after.db.execute(text)) as unknown as { rows: Array<Record<string, unknown>> }).rows;
    close = () => after.close();
  });
  afterAll(async () => {
    await close?.();
    await cleanup?.();
    rmSync(older, { recursive: true, force: true });
  });

  it('moves the store that had id 1, with its orders and sync runs', async () => {
    const stores = await rows(sql`SELECT tenant_id, id::int AS id, name FROM stores ORDER BY name`);
    const first = stores.find((s) => s.name === 'First shop')!;
    expect(first.id).not.toBe(1);
    expect(stores.find((s) => s.name === 'Other')!.id).toBe(2);
    const orders = await rows(sql`SELECT order_number, store_id::int AS store_id FROM orders ORDER BY order_number`);
    expect(orders).toEqual([
      { order_number: 'M-1', store_id: null },
      { order_number: 'SHP-1', store_id: first.id },
    ]);
    expect(await rows(sql`SELECT store_id::int AS store_id FROM sync_runs`)).toEqual([{ store_id: first.id }]);
  });

  it('never gives id 1 to a store again', async () => {
    const [made] = await rows(
      sql`INSERT INTO stores (tenant_id, name, source_type) VALUES ('t-2', 'Next', 'Ebay') RETURNING id::int AS id`,
    );
    expect(made!.id).toBeGreaterThan(2);
    await expect(
      rows(sql`INSERT INTO stores (tenant_id, id, name, source_type) VALUES ('t-2', 1, 'Sneaky', 'Ebay')`),
    ).rejects.toThrow();
  });
});
