import {
  decodePosition,
  encodePosition,
  isIsoTime,
  readSecondPosition,
  type SecondPosition,
} from '../page-position.ts';

/** `since` is an ISO second (a modification time); `afterId` an order id. */
export type BcPosition = SecondPosition;

export const encodeBcPosition: (position: BcPosition) => string = encodePosition;

/** Null for a token this adapter did not write (a page number from before positions): the window starts over. */
export function decodeBcPosition(token: string): BcPosition | null {
  return decodePosition(token, (fields) => readSecondPosition(fields, isIsoTime));
}
