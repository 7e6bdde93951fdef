import { toast } from '@/lib/toast/toast';
import Button from '@mui/material/Button';
import { apiErrorMessage } from '@/lib/errors';
import { useRestoreSetupRowMutation } from '../api/setup-deletion-api';

/** An archived row's Restore action: back among the choices, or the server's reason why not (a name taken). */
export function RestoreRowButton({ path, name }: { path: string; name: string }) {
  const [restore, { isLoading }] = useRestoreSetupRowMutation();
  const run = async () => {
    try {
      await restore({ path }).unwrap();
      toast.success(`${name} restored.`);
    } catch (error) {
      toast.error(apiErrorMessage(error, `Could not restore ${name}.`));
    }
  };
  return (
    <Button size="small" disabled={isLoading} onClick={() => void run()} aria-label={`Restore ${name}`}>
      Restore
    </Button>
  );
}
