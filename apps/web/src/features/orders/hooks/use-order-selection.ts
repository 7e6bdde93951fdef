import { useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import type { OrderSummary } from '@shipdesk/contract';
import { showApiError } from '@/lib/errors';
import { downloadPackingSlip, type PackingSlipFormat } from '../api/packing-slip';
import { useBulkApprove, type BulkApproveResult } from './use-bulk-approve';

/**
 * The orders ticked on the list and what can be done with them at once: approve, or print their packing slips.
 * Selection belongs to one page of one query (`queryKey`): another page or filter starts with none.
 */
export function useOrderSelection(queryKey: string, rows: readonly OrderSummary[] | undefined) {
  const [selected, setSelected] = useState<Map<string, OrderSummary>>(new Map());
  useEffect(() => setSelected(new Map()), [queryKey]);
  const [report, setReport] = useState<BulkApproveResult | null>(null);
  const bulk = useBulkApprove();
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

  /** Approves the selection; the orders that failed stay selected, to try again or look at. */
  const approve = async () => {
    const chosen = [...selected.values()];
    const result = await bulk.approve(chosen);
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
    approve,
    approving: bulk.busy,
    print,
    printing,
    report,
    dismissReport: () => setReport(null),
  };
}
