import { CARRIER_FIELDS, CARRIER_NAMES, type Carrier } from '@shipdesk/contract';
import { ChannelError } from '../http/channel-http.ts';
import type { CarrierConnection } from './carrier-types.ts';

/**
 * The account's fields by key, settings and credentials together, trimmed (keys are pasted), every required one
 * present. A connection missing any fails with one error naming them all as the form labels them: missing secrets are
 * an auth problem (the seller enters them again), missing settings an invalid account.
 */
export function carrierFields(carrier: Carrier, connection: CarrierConnection): Record<string, string> {
  const values: Record<string, string> = {};
  const missing = CARRIER_FIELDS[carrier].filter((field) => {
    const value = (connection.settings[field.key] ?? connection.credentials[field.key] ?? '').trim();
    if (value) values[field.key] = value;
    return field.required && !value;
  });
  if (missing.length > 0) {
    throw new ChannelError(
      missing.some((field) => field.secret) ? 'auth' : 'invalid',
      `The ${CARRIER_NAMES[carrier]} account is missing: ${missing.map((field) => field.label).join(', ')}`,
    );
  }
  return values;
}

/** The API address: the account's own (a sandbox, a proxy, the fakes) or the carrier's production host. */
export function carrierBaseUrl(apiBaseUrl: string | undefined, production: string): string {
  return (apiBaseUrl || production).replace(/\/+$/, '');
}
