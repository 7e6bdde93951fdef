import { decodePosition, encodePosition, readSecondPosition, type SecondPosition } from '../page-position.ts';

/** `since` is Magento's 'YYYY-MM-DD HH:MM:SS' (UTC) `updated_at`; `afterId` an entity id. */
export type MagentoPosition = SecondPosition;

const MAGENTO_SECOND = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

export const encodeMagentoPosition: (position: MagentoPosition) => string = encodePosition;

/** Null for a token this adapter did not write (a page number from before positions): the window starts over. */
export function decodeMagentoPosition(token: string): MagentoPosition | null {
  return decodePosition(token, (fields) => readSecondPosition(fields, (since) => MAGENTO_SECOND.test(since)));
}
