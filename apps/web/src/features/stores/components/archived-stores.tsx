import { toast } from '@/lib/toast/toast';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { Store } from '@shipdesk/contract';
import { ArchivedList } from '@/components/archived-list';
import { apiErrorMessage } from '@/lib/errors';
import { useListArchivedStoresQuery, useRestoreStoreMutation } from '../api/store-archive-api';

function RestoreStoreButton({ store }: { store: Store }) {
  const [restore, { isLoading }] = useRestoreStoreMutation();
  const run = async () => {
    try {
      await restore(store.id).unwrap();
      toast.success(`${store.name} restored. It is paused: edit it to set it active and pull its orders again.`);
    } catch (error) {
      toast.error(apiErrorMessage(error, `Could not restore ${store.name}.`));
    }
  };
  return (
    <Button size="small" disabled={isLoading} onClick={() => void run()} aria-label={`Restore ${store.name}`}>
      Restore
    </Button>
  );
}

const useArchivedStores = (skip: boolean) => useListArchivedStoresQuery(undefined, { skip });

/** Archived stores, listed on request (Admins), each with Restore; their orders never left. */
export function ArchivedStores() {
  return (
    <ArchivedList<Store>
      what="stores"
      useRows={useArchivedStores}
      rowKey={(store) => store.id}
      rowText={(store) => (
        <>
          {store.name}{' '}
          <Typography component="span" variant="body2" color="text.secondary">
            · {store.orderCount.toLocaleString('en-US')} orders
          </Typography>
        </>
      )}
      rowAction={(store) => <RestoreStoreButton store={store} />}
    />
  );
}
