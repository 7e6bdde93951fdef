import { toast } from '@/lib/toast/toast';
import type { RuleApplyResult } from '@shipdesk/contract';
import { apiErrorMessage } from '@/lib/errors';
import { useApplyShippingRulesMutation } from '../api/order-rules-api';
import { runResultWords } from '../rule-run-words';

/** How a run of the shipping rules went: what they did, or why they did not run (the server's words). */
type ShippingRulesRun = { ran: true; result: RuleApplyResult } | { ran: false; message: string };

/**
 * Runs the saved shipping rules on some orders. `run` says how it went in a snackbar and resolves true when the rules
 * ran; `runQuietly` resolves to how it went for the caller to show. The orders and the list refresh through the
 * mutation's tags.
 */
export function useRunShippingRules() {
  const [apply, state] = useApplyShippingRulesMutation();
  const runQuietly = async (orderIds: string[]): Promise<ShippingRulesRun> => {
    try {
      return { ran: true, result: await apply({ orderIds }).unwrap() };
    } catch (error) {
      return { ran: false, message: apiErrorMessage(error, 'The shipping rules could not run.') };
    }
  };
  const run = async (orderIds: string[], { single = false }: { single?: boolean } = {}): Promise<boolean> => {
    if (orderIds.length === 0) return false;
    const outcome = await runQuietly(orderIds);
    if (!outcome.ran) {
      toast.error(outcome.message);
      return false;
    }
    const words = runResultWords(outcome.result, single);
    if (outcome.result.evaluated === 0) toast.info(words);
    else toast.success(words);
    return true;
  };
  return { run, runQuietly, running: state.isLoading };
}
