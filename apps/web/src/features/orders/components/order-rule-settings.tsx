import type { ReactNode } from 'react';
import type { Order } from '@shipdesk/contract';
import { StatusChip } from '@/components/status-chip';
import { formatMoney } from '@/lib/format';
import { useGetOrderBoxSizesQuery } from '../api/labels-api';
import { SIGNATURE_WORDS, dayWords, todayIn } from '../order-rule-words';

/**
 * The rows the shipping card adds for what rules (or a person) set besides the service: insurance, signature, a hold
 * and the box, each only when set. The box is named from the box sizes (asked only when the order has one, and kept
 * with the label form's); a box the list does not name is left out rather than shown as a bare id.
 */
export function useRuleSettingsRows(order: Order, locale: string, timeZone: string): [string, ReactNode][] {
  const { insuredValue, signature, holdUntil, boxSizeId } = order.ruleSettings;
  const boxes = useGetOrderBoxSizesQuery(undefined, { skip: !boxSizeId });
  const rows: [string, ReactNode][] = [];
  if (insuredValue !== null) rows.push(['Insured value', formatMoney(insuredValue, order.currency, locale)]);
  if (signature !== null) rows.push(['Signature', SIGNATURE_WORDS[signature] ?? signature]);
  if (holdUntil !== null) {
    const today = todayIn(timeZone);
    const day = dayWords(holdUntil, today);
    rows.push([
      'Hold',
      holdUntil > today ? <StatusChip label={`On hold until ${day}`} tone="warning" small /> : `Held until ${day}`,
    ]);
  }
  const box = boxSizeId ? boxes.data?.find((size) => size.id === boxSizeId) : undefined;
  if (box) rows.push(['Box', box.name]);
  return rows;
}
