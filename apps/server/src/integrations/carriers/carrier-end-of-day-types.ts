import type { ShipmentAddress } from './carrier-types.ts';

/**
 * The labels a SCAN form (or a FedEx Ground close, a Shippo manifest) covers: one account, one ship-from address, one
 * mailing day (YYYY-MM-DD). `carrierShipmentId` is the carrier's id of the label (Shippo's transaction).
 */
export interface ScanFormRequest {
  labels: { trackingNumber: string; shipDate: string; carrierShipmentId: string; serviceCode: string }[];
  from: ShipmentAddress;
  shipDate: string;
}

export interface CarrierScanForm {
  /** The carrier's number of the form (USPS's Electronic File Number, FedEx's shipping cycle, Shippo's manifest id). */
  carrierRef: string;
  document: Uint8Array;
  contentType: string;
}

/** A pickup to book: the day (YYYY-MM-DD), the window in the address's local time (HH:MM), what is picked up. */
export interface PickupRequest {
  address: ShipmentAddress;
  pickupDate: string;
  readyBy: string;
  closeBy: string;
  parcels: number;
  weightGrams: number;
  /** Where the parcels wait (front door, reception...), the seller's words; null: at the front door. */
  location: string | null;
  /** The catalogue services of the parcels (which of the carrier's pickup kinds, e.g. FedEx Ground or Express). */
  serviceCodes: string[];
}

export interface BookedPickup {
  /** What the seller quotes to the carrier, and what cancels it. */
  confirmation: string;
  message: string | null;
}

export interface PickupReference {
  confirmation: string;
  pickupDate: string;
}
