import { useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { ALL_STORES_SCOPE } from '@shipdesk/contract';
import { PageHeader } from '@/components/page-header';
import { QueryError } from '@/components/query-error';
import { RuleSetEditor } from './rule-set-editor';
import { useListRuleSetsQuery } from './ship-rule-api';

/** The same outline as the loaded page (picker, toolbar, three rules), so nothing jumps when it arrives. */
function LoadingRules() {
  return (
    <Box aria-busy="true" aria-label="Loading the shipping rules">
      <Skeleton variant="rounded" height={56} sx={{ mb: 2 }} />
      <Stack spacing={1}>
        <Skeleton variant="rounded" height={88} />
        <Skeleton variant="rounded" height={88} />
        <Skeleton variant="rounded" height={88} />
      </Stack>
    </Box>
  );
}

/**
 * /ship_rule (spec 2.2, 7.4): the shipping rules of All stores and of each store. The set shown is kept in the URL
 * (`?scope=<store id>`), so a reload or a shared link opens the same one.
 */
export function ShipRulePage() {
  const list = useListRuleSetsQuery();
  const [params, setParams] = useSearchParams();
  const scope = params.get('scope') ?? ALL_STORES_SCOPE;
  const select = (next: string) => setParams(next === ALL_STORES_SCOPE ? {} : { scope: next });
  const set = list.data?.find((s) => s.scope === scope) ?? list.data?.[0];

  if (!list.data || !set) {
    return (
      <>
        <PageHeader
          title="Ship Rule"
          subtitle={list.isError ? undefined : 'Loading…'}
          actions={list.isError ? undefined : <Skeleton variant="rounded" width={280} height={40} />}
        />
        {list.isLoading || list.isFetching ? (
          <LoadingRules />
        ) : (
          <QueryError
            error={list.error}
            fallback="Could not load the shipping rules."
            refetch={list.refetch}
            isFetching={list.isFetching}
          />
        )}
      </>
    );
  }

  return (
    <RuleSetEditor
      key={set.scope}
      set={set}
      sets={list.data}
      onSelect={select}
      reload={async () => (await list.refetch()).data?.find((s) => s.scope === set.scope)}
    />
  );
}
