import { useState } from 'react';
import { toast } from '@/lib/toast/toast';
import ArchiveOutlined from '@mui/icons-material/ArchiveOutlined';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { Store } from '@shipdesk/contract';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { apiErrorMessage } from '@/lib/errors';
import { useArchiveStoreMutation } from '../api/store-archive-api';

/** A store row's Archive action (stores are never deleted): a confirmation that says so, then the server's answer. */
export function StoreArchiveButton({ store }: { store: Store }) {
  const [open, setOpen] = useState(false);
  const [archive, { isLoading }] = useArchiveStoreMutation();
  const confirm = async () => {
    try {
      const result = await archive(store.id).unwrap();
      toast.info(`${store.name} archived${result.reason ? `. ${result.reason}` : ''}.`);
      setOpen(false);
    } catch (error) {
      toast.error(apiErrorMessage(error, `Could not archive ${store.name}.`));
    }
  };
  return (
    <>
      <Tooltip title="Archive">
        <IconButton size="small" aria-label={`Archive ${store.name}`} onClick={() => setOpen(true)}>
          <ArchiveOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
      <ConfirmDialog
        open={open}
        title={`Archive ${store.name}?`}
        message={`Stores are archived, not deleted. Its ${store.orderCount.toLocaleString('en-US')} orders stay as they are; Shipdesk stops pulling its orders and takes no more webhooks from it, and it leaves the store pickers. You can restore it later from the archived stores.`}
        confirmLabel="Archive"
        busy={isLoading}
        onCancel={() => setOpen(false)}
        onConfirm={() => void confirm()}
      />
    </>
  );
}
