import { toast } from '@/lib/toast/toast';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { showApiError } from '@/lib/errors';
import { useCheckAddressesMutation } from './address-check-api';

/** "Checking 12 addresses": how many the server put in the carriers' queue, counted exactly (1,500, not 1.5K). */
export function checkingWords(queued: number): string {
  if (queued === 0) return 'No address to check';
  return `Checking ${queued.toLocaleString('en-US')} ${queued === 1 ? 'address' : 'addresses'}`;
}

/**
 * The bulk bar's "Check addresses": the selected orders' ship-to checked again now (as the carriers' rate limits
 * allow). The orders do not change, so the selection stays; their checks show pending until the carrier answers.
 */
export function AddressCheckBulkButton({ orderIds }: { orderIds: readonly string[] }) {
  const [checkAddresses, { isLoading }] = useCheckAddressesMutation();
  const run = async () => {
    try {
      const { queued } = await checkAddresses({ orderIds: [...orderIds] }).unwrap();
      toast.info(checkingWords(queued));
    } catch (error) {
      showApiError(error, 'Could not ask for the addresses to be checked.');
    }
  };
  return (
    <Button
      variant="outlined"
      size="small"
      onClick={() => void run()}
      disabled={isLoading || orderIds.length === 0}
      startIcon={isLoading ? <CircularProgress size={16} color="inherit" aria-hidden /> : <FactCheckOutlined />}
    >
      Check addresses
    </Button>
  );
}
