import { toast } from 'react-toastify';
import { apiErrorMessage } from '@/lib/errors';
import { useApplyShippingRulesMutation } from '../api/order-rules-api';
import { runResultWords } from '../order-rule-words';

/**
 * Runs the saved shipping rules on some orders and says how it went in a snackbar. The orders and the list refresh
 * through the mutation's tags. Resolves true when the rules ran.
 */
export function useRunShippingRules() {
  const [apply, state] = useApplyShippingRulesMutation();
  const run = async (orderIds: string[], { single = false }: { single?: boolean } = {}): Promise<boolean> => {
    if (orderIds.length === 0) return false;
    try {
      const result = await apply({ orderIds }).unwrap();
      const words = runResultWords(result, single);
      if (result.evaluated === 0) toast.info(words);
      else toast.success(words);
      return true;
    } catch (error) {
      toast.error(apiErrorMessage(error, 'The shipping rules could not run.'));
      return false;
    }
  };
  return { run, running: state.isLoading };
}
