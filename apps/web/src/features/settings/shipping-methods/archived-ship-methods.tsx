import { useState } from 'react';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { QueryError } from '@/components/query-error';
import { useListArchivedShipMethodsQuery } from '../api/setup-deletion-api';
import { RestoreRowButton } from '../setup-deletion/restore-row-button';
import { ShowArchivedSwitch } from '../setup-deletion/show-archived-switch';

/** Shipping methods archived because orders or rules still name them: listed on request, each with Restore. */
export function ArchivedShipMethods() {
  const [show, setShow] = useState(false);
  const list = useListArchivedShipMethodsQuery(undefined, { skip: !show });
  let body = null;
  if (show && list.isLoading) body = <Skeleton variant="rounded" height={40} />;
  else if (show && !list.data) {
    body = (
      <QueryError
        error={list.error}
        fallback="Could not load the archived shipping methods."
        refetch={list.refetch}
        isFetching={list.isFetching}
      />
    );
  } else if (show && list.data) {
    body =
      list.data.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No archived shipping methods.
        </Typography>
      ) : (
        <List dense disablePadding aria-label="Archived shipping methods">
          {list.data.map((method) => (
            <ListItem
              key={method.id}
              divider
              disableGutters
              secondaryAction={<RestoreRowButton path={`api/v1/shipMethods/${method.id}`} name={method.name} />}
            >
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere', pr: 12 }}>
                {method.name}
              </Typography>
            </ListItem>
          ))}
        </List>
      );
  }
  return (
    <Box component="section" aria-label="Archived shipping methods" sx={{ mt: 3 }}>
      <ShowArchivedSwitch checked={show} onChange={setShow} />
      {body}
    </Box>
  );
}
