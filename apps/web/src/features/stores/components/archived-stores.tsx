import { useState } from 'react';
import { toast } from 'react-toastify';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { Store } from '@shipdesk/contract';
import { QueryError } from '@/components/query-error';
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

/** Archived stores, listed on request (Admins), each with Restore; their orders never left. */
export function ArchivedStores() {
  const [show, setShow] = useState(false);
  const list = useListArchivedStoresQuery(undefined, { skip: !show });
  let body = null;
  if (show && list.isLoading) body = <Skeleton variant="rounded" height={40} />;
  else if (show && !list.data) {
    body = (
      <QueryError
        error={list.error}
        fallback="Could not load the archived stores."
        refetch={list.refetch}
        isFetching={list.isFetching}
      />
    );
  } else if (show && list.data) {
    body =
      list.data.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No archived stores.
        </Typography>
      ) : (
        <List dense disablePadding aria-label="Archived stores">
          {list.data.map((store) => (
            <ListItem key={store.id} divider disableGutters secondaryAction={<RestoreStoreButton store={store} />}>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere', pr: 12 }}>
                {store.name}{' '}
                <Typography component="span" variant="body2" color="text.secondary">
                  · {store.orderCount.toLocaleString('en-US')} orders
                </Typography>
              </Typography>
            </ListItem>
          ))}
        </List>
      );
  }
  return (
    <Box component="section" aria-label="Archived stores" sx={{ mt: 3 }}>
      <FormControlLabel
        control={<Switch size="small" checked={show} onChange={(event) => setShow(event.target.checked)} />}
        label="Show archived"
      />
      {body}
    </Box>
  );
}
