import type { UpsShipmentBody } from './fake-ups-wire.ts';

/**
 * Return shipments at the fake UPS: a Ship call with `ReturnService`. The fake makes Print Return Labels (9) only, the
 * label in the answer; UPS's other return kinds (mailed, e-mailed, pickup attempts) are refused here. As at UPS, a
 * return must describe its goods. The error codes are the fake's own.
 */

const FAKE_UPS_PRINT_RETURN_LABEL = '9';

/** Why the fake UPS refuses a shipment's return service, or null (not a return, or a well-formed one). */
export function upsReturnRefusal(shipment: UpsShipmentBody): { code: string; message: string } | null {
  const kind = shipment.ReturnService?.Code;
  if (kind === undefined) return null;
  if (kind !== FAKE_UPS_PRINT_RETURN_LABEL) {
    return {
      code: '9121001',
      message: `ReturnService ${kind || '(none)'} is not offered here; use 9 (Print Return Label)`,
    };
  }
  if (!shipment.Description?.trim()) {
    return { code: '9121002', message: 'Missing or invalid Description: a return shipment must describe its goods' };
  }
  return null;
}

/** The return kind a shipment was bought as (its ReturnService code), or null for an outbound shipment. */
export const upsReturnService = (shipment: UpsShipmentBody): string | null => shipment.ReturnService?.Code ?? null;
