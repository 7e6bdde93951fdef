import { randomUUID } from 'node:crypto';
import type { FakeReply } from '../http/fake-http.ts';
import type { FedexErrorBody } from './fake-fedex-wire.ts';

/** FedEx's error answer: `{ transactionId, errors: [{ code, message }] }`. */
export function fedexError(status: number, code: string, message: string, headers?: Record<string, string>): FakeReply {
  const body: FedexErrorBody = { transactionId: randomUUID(), errors: [{ code, message }] };
  return { status, headers, body };
}
