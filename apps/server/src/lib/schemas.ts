import { ErrorEnvelopeSchema } from '@shipdesk/contract';

/** The failure envelope for each listed status, for a route's `response` schema. */
export function errorResponses(...statuses: number[]): Record<number, typeof ErrorEnvelopeSchema> {
  return Object.fromEntries([...statuses, 500].map((s) => [s, ErrorEnvelopeSchema]));
}
