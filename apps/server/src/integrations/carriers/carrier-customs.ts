import { CARRIER_NAMES, type Carrier, type CustomsForm } from '@shipdesk/contract';
import type { ShipmentCustoms } from './carrier-types.ts';

/**
 * What each carrier takes in a customs declaration, as its API documents it (../shared/integrations-shipping.md §1),
 * checked before anything is sent so that a refusal names the field and the line. The carrier still has the last
 * word: what it refuses comes back in its own words. Figures marked unconfirmed live here, in one place.
 */
interface CarrierCustomsRules {
  maxLines: number;
  maxDescription: number;
  /** Currencies the carrier takes customs values in; empty: any. */
  currencies: readonly string[];
  /** Whether the seller can pay the buyer's duties (DDP). */
  ddp: boolean;
  /** The form a declaration travels on when the carrier's answer does not say. */
  form: CustomsForm;
}

const CARRIER_CUSTOMS_RULES: Record<Carrier, CarrierCustomsRules> = {
  // customsForm.contents: 1-30 lines, itemDescription up to 30, values in US dollars; no DDP for postal items.
  usps: { maxLines: 30, maxDescription: 30, currencies: ['USD'], ddp: false, form: 'cn23' },
  // InternationalForms.Product: up to 50, Description 1-3 lines of 35 characters.
  ups: { maxLines: 50, maxDescription: 105, currencies: [], ddp: true, form: 'commercial_invoice' },
  // customsClearanceDetail.commodities: up to 999, description up to 450.
  fedex: { maxLines: 999, maxDescription: 450, currencies: [], ddp: true, form: 'commercial_invoice' },
  // Unconfirmed: Shippo documents no line or description limit; the carrier behind it refuses in its words.
  shippo: { maxLines: 100, maxDescription: 450, currencies: [], ddp: true, form: 'commercial_invoice' },
  // The built-in carrier prints a CN 22 or CN 23 page; its continuation pages take any number of lines.
  local: { maxLines: 100, maxDescription: 100, currencies: [], ddp: false, form: 'cn23' },
};

/** The form a carrier's declaration travels on when its answer does not say (a label found again after a lost answer). */
export const customsFormOf = (carrier: Carrier): CustomsForm => CARRIER_CUSTOMS_RULES[carrier].form;

/**
 * Why `carrier` cannot take this declaration, by field (`lines.2.description`, relative to the declaration) in the
 * seller's words; empty when it can.
 */
export function customsRefusals(carrier: Carrier, customs: ShipmentCustoms): Record<string, string> {
  const rules = CARRIER_CUSTOMS_RULES[carrier];
  const name = CARRIER_NAMES[carrier];
  const refusals: Record<string, string> = {};
  if (customs.lines.length > rules.maxLines) {
    refusals.lines = `${name} takes at most ${rules.maxLines} customs lines; this parcel has ${customs.lines.length}`;
  }
  if (rules.currencies.length && !rules.currencies.includes(customs.currency)) {
    refusals.currency = `${name} takes customs values in ${rules.currencies.join(', ')}, not ${customs.currency}`;
  }
  if (customs.incoterm === 'DDP' && !rules.ddp) {
    refusals.incoterm = `${name} cannot bill the buyer's duties to you (DDP): choose DAP, duties paid by the buyer`;
  }
  customs.lines.forEach((line, index) => {
    if (line.description.length > rules.maxDescription) {
      refusals[`lines.${index}.description`] =
        `Line ${index + 1} (${line.sku}): ${name} takes customs descriptions up to ${rules.maxDescription} characters`;
    }
  });
  return refusals;
}
