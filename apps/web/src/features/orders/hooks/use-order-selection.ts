import { useCallback, useEffect, useState } from 'react';
import { toast } from '@/lib/toast/toast';
import type { OrderSummary } from '@shipdesk/contract';
import { showApiError } from '@/lib/errors';
import { downloadPackingSlip, type PackingSlipFormat } from '../api/packing-slip';
import type { SelectionOutcome } from '../orders-page-slots';
import { runResultWords } from '../rule-run-words';
import { eventReport, useBulkOrderEvent, type BulkEvent, type BulkReportContent } from './use-bulk-order-event';
import { useRunShippingRules } from './use-run-shipping-rules';

/** The id of the bulk actions bar (bulk-actions-bar.tsx). */
export const BULK_ACTIONS_BAR_ID = 'bulk-actions';

/**
 * Whether the report of a bulk action takes the focus: yes while the focus is where the action left it (nowhere, in
 * the bar, or still on what started it, such as the confirmation's button while that dialog closes), so a keyboard
 * or screen reader user lands on what it did. The bar's buttons were disabled while it ran, and the bar is gone
 * once every order was done. A focus the user has taken elsewhere since stays there.
 */
function focusLeftBy(startedFrom: Element | null): boolean {
  const active = document.activeElement;
  return !active || active === document.body || active === startedFrom || !!active.closest(`#${BULK_ACTIONS_BAR_ID}`);
}

/**
 * The orders ticked on the list and what can be done with them at once: approve, mark as shipped, cancel, run the
 * shipping rules, an action of another feature such as buying their labels (each says how it went in the report above
 * the list), or print their packing slips.
 * Selection belongs to one page of one query (`queryKey`): another page or filter starts with none.
 */
export function useOrderSelection(queryKey: string, rows: readonly OrderSummary[] | undefined) {
  const [selected, setSelected] = useState<Map<string, OrderSummary>>(new Map());
  // Emptied for another query; an empty selection is kept as it is, so the page's first render is not drawn twice.
  useEffect(() => setSelected((current) => (current.size === 0 ? current : new Map())), [queryKey]);
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
  const [report, setReport] = useState<BulkReportContent | null>(null);
  const bulk = useBulkOrderEvent();
  const rules = useRunShippingRules();
  const [printing, setPrinting] = useState(false);

  // The same function every render: the table's rows are memoized, and each is given it.
  const toggle = useCallback(
    (row: OrderSummary) =>
      setSelected((current) => {
        const next = new Map(current);
        if (next.has(row.id)) next.delete(row.id);
        else next.set(row.id, row);
        return next;
      }),
    [],
  );
  const toggleAll = useCallback(
    (checked: boolean) => setSelected(checked ? new Map((rows ?? []).map((row) => [row.id, row])) : new Map()),
    [rows],
  );

  /** Runs the event on the selection; the orders it was not done to stay selected, to try again or look at. */
  const run = async (event: BulkEvent, reason?: string) => {
    const chosen = [...selected.values()];
    const startedFrom = document.activeElement;
    const result = await bulk.run(event, chosen, reason);
    setReport({ ...eventReport(result), autoFocus: focusLeftBy(startedFrom) });
    if (result.failures.length === 0) setSelected(new Map());
    else
      setSelected(
        new Map(chosen.filter((row) => result.failures.some((f) => f.orderId === row.id)).map((row) => [row.id, row])),
      );
  };

  /**
   * Runs the shipping rules on the selection. They change the orders (and their versions): the selection is cleared,
   * as after buying labels, so a bulk approval never sends the versions from before. Refused, it stays.
   */
  const runRules = async () => {
    const startedFrom = document.activeElement;
    const outcome = await rules.runQuietly([...selected.keys()]);
    const autoFocus = focusLeftBy(startedFrom);
    if (!outcome.ran) {
      setReport({ severity: 'error', title: 'The shipping rules did not run', message: outcome.message, autoFocus });
      return;
    }
    const { result } = outcome;
    const severity = result.evaluated === 0 ? 'info' : 'success';
    setReport({ severity, title: runResultWords(result, false), autoFocus });
    setSelected(new Map());
  };

  /**
   * Runs an action of another feature (buying labels) on the selection and reports how it went. One that changed the
   * orders (and their versions) clears the selection, as after the shipping rules; refused, it stays.
   */
  const runAction = async (action: (orderIds: string[]) => Promise<SelectionOutcome>) => {
    const startedFrom = document.activeElement;
    const { clearSelection, ...outcome } = await action([...selected.keys()]);
    setReport({ ...outcome, autoFocus: focusLeftBy(startedFrom) });
    if (clearSelection) setSelected(new Map());
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
    runRules,
    runningRules: rules.running,
    runAction,
    print,
    printing,
    report,
    dismissReport: () => setReport(null),
  };
}

/** The selection of the order list and what can be done with it (useOrderSelection's answer). */
export type OrderSelection = ReturnType<typeof useOrderSelection>;
