import type { TestContext } from './app-helper.ts';
import { pickups, scanForms } from '../src/features/end-of-day/end-of-day-tables.ts';

/**
 * A SCAN form and a pickup of the tenant, written as the end of the day stores them (no carrier is asked: the
 * security suites reach none), for the routes that name them: `scanForms` and `pickups` by the path's segment.
 */
export async function seedEndOfDay(
  t: TestContext,
  tenantId: string,
  carrierAccountId: string,
): Promise<{ scanForms: string; pickups: string }> {
  const accountId = Number(carrierAccountId);
  const by = { createdById: 'seed', createdByEmail: 'seed@example.com' };
  const address = { name: 'Dock', street1: '1 Main St', city: 'St. Louis', state: 'MO', postalCode: '63116' };
  return t.app.db.withTenant(tenantId, async (tx) => {
    const [form] = await tx
      .insert(scanForms)
      .values({
        tenantId,
        carrier: 'usps',
        carrierAccountId: accountId,
        shipDate: '2026-06-01',
        fromAddress: address,
        labelIds: [],
        carrierRef: '9275000000000001',
        contentType: 'application/pdf',
        document: new TextEncoder().encode('%PDF-1.4 seeded'),
        ...by,
      })
      .returning({ id: scanForms.id });
    const [pickup] = await tx
      .insert(pickups)
      .values({
        tenantId,
        carrier: 'usps',
        carrierAccountId: accountId,
        confirmation: 'WTC0000SEED',
        pickupDate: '2026-06-01',
        readyBy: '09:00',
        closeBy: '17:00',
        address,
        parcels: 1,
        weight: 500,
        ...by,
      })
      .returning({ id: pickups.id });
    return { scanForms: String(form!.id), pickups: String(pickup!.id) };
  });
}
