import type { SuccessEnvelope } from '@shipdesk/contract';

/** What an API answer carries inside its `{ code, success, data }` envelope: the endpoints' transformResponse. */
export function envelopeData<T>(response: SuccessEnvelope<T>): T {
  return response.data;
}
