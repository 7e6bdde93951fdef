import { lazy, Suspense, useState, type ReactNode } from 'react';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { HandSetTarget, Order } from '@shipdesk/contract';
import { StatusChip } from '@/components/status-chip';
import { formatMoney } from '@/lib/format';
import { useListBoxSizesQuery } from '@/entities/box-sizes/box-sizes-api';
import { loadOnce, useWhenIdle } from '@/lib/lazy/lazy-load';
import { SIGNATURE_WORDS, dayWords, todayIn } from '../order-rule-words';

// The dialog opens on a click: its code comes when the browser is idle after the first paint, or on that click.
const loadSettingsDialog = loadOnce(() => import('./order-rule-settings-dialog'));
const OrderRuleSettingsDialog = lazy(() => loadSettingsDialog().then((m) => ({ default: m.OrderRuleSettingsDialog })));

/** The value of a row a person set by hand, with a small caption saying so. */
function byHand(value: ReactNode): ReactNode {
  return (
    <>
      {value}
      <Box component="span" sx={{ display: 'block', color: 'text.secondary', fontSize: '0.75rem' }}>
        set by hand
      </Box>
    </>
  );
}

/**
 * The rows the shipping card adds for what rules (or a person) set besides the service: insurance, signature, a hold
 * and the box, each when set, or when a person set it by hand ("none" included), then with a "set by hand" caption.
 * The box is named from the box sizes (asked only when the order has one, and kept with the label form's); a box the
 * list does not name is left out rather than shown as a bare id.
 */
export function useRuleSettingsRows(order: Order, locale: string, timeZone: string): [string, ReactNode][] {
  const { insuredValue, signature, holdUntil, boxSizeId, handSet } = order.ruleSettings;
  // Archived boxes too: an order keeps showing the box it was given after the box was archived.
  const boxes = useListBoxSizesQuery({ archived: true }, { skip: !boxSizeId });
  const rows: [string, ReactNode][] = [];
  const hand = (target: HandSetTarget) => handSet.includes(target);
  const push = (term: string, target: HandSetTarget, value: ReactNode) =>
    rows.push([term, hand(target) ? byHand(value) : value]);
  if (insuredValue !== null || hand('insuredValue')) {
    push(
      'Insured value',
      'insuredValue',
      insuredValue === null ? 'Not insured' : formatMoney(insuredValue, order.currency, locale),
    );
  }
  if (signature !== null || hand('signature')) {
    push('Signature', 'signature', signature === null ? 'No signature' : (SIGNATURE_WORDS[signature] ?? signature));
  }
  if (holdUntil !== null) {
    const today = todayIn(timeZone);
    const day = dayWords(holdUntil, today);
    push(
      'Hold',
      'holdUntil',
      holdUntil > today ? <StatusChip label={`On hold until ${day}`} tone="warning" small /> : `Held until ${day}`,
    );
  } else if (hand('holdUntil')) {
    push('Hold', 'holdUntil', 'No hold');
  }
  const box = boxSizeId ? boxes.data?.find((size) => size.id === boxSizeId) : undefined;
  if (box) push('Box', 'boxSize', box.name);
  else if (boxSizeId === null && hand('boxSize')) push('Box', 'boxSize', 'No box');
  return rows;
}

/** The shipping card's "Edit" of insurance, signature, hold and box: opens the dialog that sets them by hand. */
export function OrderRuleSettingsEdit({ order }: { order: Order }) {
  const [open, setOpen] = useState(false);
  useWhenIdle(() => void loadSettingsDialog().catch(() => undefined));
  return (
    <>
      <Button
        size="small"
        startIcon={<EditOutlined fontSize="small" />}
        onClick={() => setOpen(true)}
        aria-label="Edit insurance, signature, hold and box"
      >
        Edit
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <OrderRuleSettingsDialog order={order} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
