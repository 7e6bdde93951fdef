import { Compile } from 'typebox/compile';
import {
  SETUP_GUIDE_STEPS,
  ShipLabelAppInfoOptionsSchema,
  WarehouseInfoOptionsSchema,
  type SetupGuide,
  type SetupGuideStepId,
} from '@shipdesk/contract';

const warehouseCheck = Compile(WarehouseInfoOptionsSchema);
const labelCheck = Compile(ShipLabelAppInfoOptionsSchema);

/** What the setup guide needs to know about a tenant, read from its data. */
interface SetupFacts {
  hasStore: boolean;
  warehouseOptions: unknown;
  hasShipMethod: boolean;
  hasCarrierMapping: boolean;
  /** ship_label_app_info as stored, and whether a user saved it (provisioning writes it with no author). */
  labelOptions: unknown;
  labelChosenByUser: boolean;
  /** Stores whose last sync failed or stalled, with why. */
  storeProblems: Array<{ name: string; problem: string }>;
}

/**
 * Each step is true when the tenant's data shows it done. The label type counts only once a user saved it:
 * provisioning writes a default (pdf) so labels work, but the step asks the seller to choose.
 */
export function computeSetupGuide(facts: SetupFacts): SetupGuide {
  const steps: Record<SetupGuideStepId, boolean> = {
    connectStore: facts.hasStore,
    warehouseAddress: warehouseCheck.Check(facts.warehouseOptions),
    shippingMethod: facts.hasShipMethod,
    carrierMapping: facts.hasCarrierMapping,
    labelType: facts.labelChosenByUser && labelCheck.Check(facts.labelOptions),
  };
  const ordered = Object.fromEntries(SETUP_GUIDE_STEPS.map((s) => [s.id, steps[s.id]]));
  const completed = Object.values(ordered).filter(Boolean).length;
  const problems = facts.storeProblems.map((s) => ({
    step: 'connectStore',
    message: `${s.name}: ${s.problem}`,
    route: '/stores',
  }));
  return { steps: ordered, completed, total: SETUP_GUIDE_STEPS.length, problems };
}
