import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { QueryError } from '@/components/query-error';
import { ShowArchivedSwitch } from '@/components/show-archived-switch';

interface ArchivedQuery<T> {
  data?: T[] | undefined;
  error?: unknown;
  isLoading: boolean;
  isFetching: boolean;
  refetch(): unknown;
}

interface ArchivedListProps<T> {
  /** What the rows are, plural and lower case ("shipping methods"): the section's name and its messages say it. */
  what: string;
  /** The archived rows, asked for only while the switch is on (`skip` is given `!show`). */
  useRows(skip: boolean): ArchivedQuery<T>;
  rowKey(row: T): string;
  rowText(row: T): ReactNode;
  /** Restore, or whatever the row offers. */
  rowAction(row: T): ReactNode;
}

/** A setup list's archived rows, listed on request under a "Show archived" switch, each with its action. */
export function ArchivedList<T>({ what, useRows, rowKey, rowText, rowAction }: ArchivedListProps<T>) {
  const [show, setShow] = useState(false);
  const list = useRows(!show);
  const name = `Archived ${what}`;
  let body: ReactNode = null;
  if (show && list.isLoading) body = <Skeleton variant="rounded" height={40} />;
  else if (show && !list.data) {
    body = (
      <QueryError
        error={list.error}
        fallback={`Could not load the archived ${what}.`}
        refetch={list.refetch}
        isFetching={list.isFetching}
      />
    );
  } else if (show && list.data) {
    body =
      list.data.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No archived {what}.
        </Typography>
      ) : (
        <List dense disablePadding aria-label={name}>
          {list.data.map((row) => (
            <ListItem key={rowKey(row)} divider disableGutters secondaryAction={rowAction(row)}>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere', pr: 12 }}>
                {rowText(row)}
              </Typography>
            </ListItem>
          ))}
        </List>
      );
  }
  return (
    <Box component="section" aria-label={name} sx={{ mt: 3 }}>
      <ShowArchivedSwitch checked={show} onChange={setShow} />
      {body}
    </Box>
  );
}
