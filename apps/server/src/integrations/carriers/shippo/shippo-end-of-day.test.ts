import { startFakeShippo, type FakeShippoOptions } from '@shipdesk/fakes';
import { describe, expect, it } from 'vitest';
import { expectChannelError } from '../../../../test/adapter-test-kit.ts';
import type { CarrierAdapter, PurchasedLabel } from '../carrier-types.ts';
import { labelRequest, OWNER, shippoSetup, TOKEN } from './shippo-test-kit.ts';

const DAY = labelRequest().shipDate;
const manifestOf = (adapter: CarrierAdapter, labels: { label: PurchasedLabel; serviceCode: string }[]) =>
  adapter.createScanForm!({
    labels: labels.map(({ label, serviceCode }) => ({
      trackingNumber: label.trackingNumber,
      shipDate: DAY,
      carrierShipmentId: label.carrierShipmentId,
      serviceCode,
    })),
    from: labelRequest().from,
    shipDate: DAY,
  });

describe('Shippo manifests against the fake', () => {
  const setup = shippoSetup((options?: Partial<FakeShippoOptions>) =>
    startFakeShippo({ tokens: [TOKEN], owner: OWNER, ...options }),
  );

  it('manifests the day’s USPS labels with their carrier account, waits out QUEUED and keeps the PDF', async () => {
    const { fake, adapter, calls } = await setup();
    const first = await adapter.buyLabel(labelRequest());
    const second = await adapter.buyLabel(labelRequest({ serviceCode: 'usps_ground_advantage' }));
    const ups = await adapter.buyLabel(labelRequest({ serviceCode: 'ups_ground' }));
    const form = await manifestOf(adapter, [
      { label: first, serviceCode: 'usps_priority' },
      { label: second, serviceCode: 'usps_ground_advantage' },
      { label: ups, serviceCode: 'ups_ground' },
    ]);
    const manifest = fake.manifests.get(form.carrierRef)!;
    expect(manifest.status).toBe('SUCCESS');
    expect(manifest.transactions).toEqual([first.carrierShipmentId, second.carrierShipmentId]);
    const usps = fake.carrierAccounts.find((a) => a.carrier === 'usps')!;
    expect(manifest.carrier_account).toBe(usps.object_id);
    expect(manifest.shipment_date.slice(0, 10)).toBe(DAY);
    expect(form.contentType).toBe('application/pdf');
    expect(Buffer.from(form.document).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // Answered QUEUED, then read again until SUCCESS.
    expect(calls('GET', `/manifests/${manifest.object_id}`).length).toBeGreaterThan(0);
  });

  it('is refused in Shippo’s words for a refunded label, and a label already on a manifest', async () => {
    const { adapter } = await setup();
    const kept = await adapter.buyLabel(labelRequest());
    const voided = await adapter.buyLabel(labelRequest());
    await adapter.voidLabel({
      trackingNumber: voided.trackingNumber,
      carrierShipmentId: voided.carrierShipmentId,
      shipDate: DAY,
    });
    const refunded = await expectChannelError(
      manifestOf(adapter, [
        { label: kept, serviceCode: 'usps_priority' },
        { label: voided, serviceCode: 'usps_priority' },
      ]),
    );
    expect(refunded.platformMessage).toMatch(/has been refunded and cannot be manifested/);
    await manifestOf(adapter, [{ label: kept, serviceCode: 'usps_priority' }]);
    const twice = await expectChannelError(manifestOf(adapter, [{ label: kept, serviceCode: 'usps_priority' }]));
    expect(twice.platformMessage).toMatch(/already on a manifest/);
  });

  it('asks nothing of Shippo for a day without USPS labels', async () => {
    const { adapter, calls } = await setup();
    const ups = await adapter.buyLabel(labelRequest({ serviceCode: 'ups_ground' }));
    const error = await expectChannelError(manifestOf(adapter, [{ label: ups, serviceCode: 'ups_ground' }]));
    expect(error.message).toMatch(/needs a USPS label/);
    expect(calls('POST', '/manifests/')).toHaveLength(0);
  });
});
