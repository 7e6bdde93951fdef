import type { ReactNode } from 'react';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import type { ConfigEntry } from '@shipdesk/contract';
import { QueryError } from '@/components/query-error';
import { useGetConfigsQuery } from '../api/configs-api';

/** Loads the tenant's configs once for every tab; shows a skeleton, or an error with retry. */
export function ConfigLoader({ children }: { children: (entries: ConfigEntry[]) => ReactNode }) {
  const { data, error, isLoading, isFetching, refetch } = useGetConfigsQuery();
  if (isLoading) {
    return (
      <Stack spacing={2} aria-busy="true" aria-label="Loading settings">
        <Skeleton variant="rounded" height={56} />
        <Skeleton variant="rounded" height={56} />
        <Skeleton variant="rounded" width={120} height={36} />
      </Stack>
    );
  }
  if (error || !data) {
    return (
      <QueryError error={error} fallback="Could not load the settings." refetch={refetch} isFetching={isFetching} />
    );
  }
  return <>{children(data)}</>;
}
