import { useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import type { OrderSummary } from '@shipdesk/contract';
import { showApiError } from '@/lib/errors';
import { downloadPackingSlip, type PackingSlipFormat } from '../api/packing-slip';
import { useBulkOrderEvent, type BulkEvent, type BulkResult } from './use-bulk-order-event';

/**
 * The orders ticked on the list and what can be done with them at once: approve, mark as shipped, cancel, or print
 * their packing slips.
 * Selection belongs to one page of one query (`queryKey`): another page or filter starts with none.
 */
export function useOrderSelection(queryKey: string, rows: readonly OrderSummary[] | undefined) {
  const [selected, setSelected] = useState<Map<string, OrderSummary>>(new Map());
  useEffect(() => setSelected(new Map()), [queryKey]);
  // The list refetched (after a bulk action, or a change pushed by the server): the chosen orders take their new
  // versions, so that trying again never sends the versions from before.
  useEffect(
    () =>
      setSelected((current) => {
        const fresh = [...current.values()].map((row) => rows?.find((r) => r.id === row.id) ?? row);
        return fresh.every((row) => current.get(row.id) === row) ? current : new Map(fresh.map((r) => [r.id, r]));
      }),
    [rows],
  );
  const [report, setReport] = useState<BulkResult | null>(null);
  const bulk = useBulkOrderEvent();
  const [printing, setPrinting] = useState(false);

  const toggle = (row: OrderSummary) =>
    setSelected((current) => {
      const next = new Map(current);
      if (next.has(row.id)) next.delete(row.id);
      else next.set(row.id, row);
      return next;
    });
  const toggleAll = (checked: boolean) =>
    setSelected(checked ? new Map((rows ?? []).map((row) => [row.id, row])) : new Map());

  /** Runs the event on the selection; the orders it was not done to stay selected, to try again or look at. */
  const run = async (event: BulkEvent, reason?: string) => {
    const chosen = [...selected.values()];
    const result = await bulk.run(event, chosen, reason);
    setReport(result);
    if (result.failures.length === 0) setSelected(new Map());
    else
      setSelected(
        new Map(chosen.filter((row) => result.failures.some((f) => f.orderId === row.id)).map((row) => [row.id, row])),
      );
  };

  const print = async (format: PackingSlipFormat) => {
    const chosen = [...selected.values()];
    const first = chosen[0];
    if (!first) return;
    setPrinting(true);
    try {
      await downloadPackingSlip(
        first.id,
        { orderIds: chosen.map((row) => row.id), format },
        chosen.length === 1 ? first.orderNumber : `${chosen.length}-orders`,
      );
      toast.success(
        chosen.length === 1 ? 'Packing slip downloaded.' : `Packing slips for ${chosen.length} orders downloaded.`,
      );
    } catch (error) {
      showApiError(error, 'Could not create the packing slips.');
    } finally {
      setPrinting(false);
    }
  };

  return {
    selected,
    toggle,
    toggleAll,
    clear: () => setSelected(new Map()),
    /** What the bulk actions bar needs: the rows chosen, the event running, and how to run one. */
    bulk: { rows: [...selected.values()], running: bulk.running, run },
    print,
    printing,
    report,
    dismissReport: () => setReport(null),
  };
}
