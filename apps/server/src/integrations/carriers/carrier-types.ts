import type { Carrier } from '@shipdesk/contract';
import type { HttpOptions } from '../http/channel-http.ts';

/**
 * One carrier account as an adapter sees it: its non-secret settings and its opened credentials. The adapter never
 * stores anything; tokens it obtains are kept in memory by the client, keyed by the account.
 */
export interface CarrierConnection {
  /** Stable per account (tenant and account id): the key of cached tokens. */
  key: string;
  settings: Record<string, string>;
  credentials: Record<string, string>;
}

export interface CarrierAccountInfo {
  /** What the carrier calls the account, when it says (shown after a successful test). */
  accountName: string | null;
}

/**
 * The one interface every carrier implements (labels, rates, voids and tracking join it with the label work).
 * Failures are ChannelErrors from the shared HTTP client: `kind` says what went wrong, `platformAnswer` carries the
 * carrier's own words.
 */
export interface CarrierAdapter {
  carrier: Carrier;
  /** A real authenticated call that proves the credentials (and, where the carrier has one, the payment account). */
  testConnection(signal?: AbortSignal): Promise<CarrierAccountInfo>;
}

export interface CarrierAdapterOptions {
  /** Retry pacing, the clock and the egress-guarded fetch. */
  http?: HttpOptions;
}

export type CarrierAdapterFactory = (
  carrier: Carrier,
  connection: CarrierConnection,
  options?: CarrierAdapterOptions,
) => CarrierAdapter | null;
