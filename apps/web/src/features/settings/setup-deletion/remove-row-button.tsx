import { useState, type ReactNode } from 'react';
import { toast } from '@/lib/toast/toast';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { apiErrorMessage } from '@/lib/errors';
import { useRemoveSetupRowMutation } from '../api/setup-deletion-api';

interface RemoveRowButtonProps {
  /** The API path of the row (`api/v1/orderBoxSizes/6`). */
  path: string;
  /** What the row is called, for the button's label and the messages ("Small box"). */
  name: string;
  /** What will happen, said in the confirm dialog. */
  consequence: ReactNode;
  /** "Delete" (default) or "Archive" (stores, which are never deleted). */
  verb?: 'Delete' | 'Archive';
}

/**
 * A row's Delete action: an icon button with its own label, a confirmation that says what will happen, then a toast
 * with the server's answer, deleted or archived and why.
 */
export function RemoveRowButton({ path, name, consequence, verb = 'Delete' }: RemoveRowButtonProps) {
  const [open, setOpen] = useState(false);
  const [remove, { isLoading }] = useRemoveSetupRowMutation();
  const confirm = async () => {
    try {
      const result = await remove({ path }).unwrap();
      if (result.deleted) toast.success(`${name} deleted.`);
      else toast.info(`${name} archived${result.reason ? `: ${result.reason}` : ''}.`);
      setOpen(false);
    } catch (error) {
      toast.error(apiErrorMessage(error, `Could not ${verb.toLowerCase()} ${name}.`));
    }
  };
  return (
    <>
      <Tooltip title={verb}>
        <IconButton size="small" aria-label={`${verb} ${name}`} onClick={() => setOpen(true)}>
          <DeleteOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
      <ConfirmDialog
        open={open}
        title={`${verb} ${name}?`}
        message={consequence}
        confirmLabel={verb}
        busy={isLoading}
        onCancel={() => setOpen(false)}
        onConfirm={() => void confirm()}
      />
    </>
  );
}
