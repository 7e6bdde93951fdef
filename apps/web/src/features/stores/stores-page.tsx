import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import AddOutlined from '@mui/icons-material/AddOutlined';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import { Role, SOURCE_TYPES, type Store } from '@shipdesk/contract';
import { hrefs } from '@/config/paths';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { QueryError } from '@/components/query-error';
import { showApiError } from '@/lib/errors';
import { sourceLabel } from '@/lib/format/source-type';
import { useTenantTimeZone } from '@/lib/state/tenant-time-zone';
import { selectUserRoleId, useAppSelector } from '@/lib/store-hooks';
import { useListStoresQuery } from '@/entities/stores/stores-api';
import { useConnectableStoresQuery, usePullStoreOrdersMutation } from './api/store-sync-api';
import { MarketplaceInstalls } from './components/marketplace-installs';
import { StoreDialog } from './components/store-dialog';
import { StoresTable } from './components/stores-table';
import { ArchivedStores } from './components/archived-stores';
import { SyncLogDialog } from './components/sync-log-dialog';
import { useStoresRealtime } from './hooks/use-stores-realtime';
import { STORE_PAGE_SIZES, readStoreListParams, writeStoreListParams, type StoreListParams } from './list-params';

type OpenDialog = { kind: 'add' } | { kind: 'edit'; store: Store } | { kind: 'log'; store: Store } | null;

function NoStores({ action }: { action?: ReactNode }) {
  return (
    <EmptyState
      icon={<StorefrontOutlined />}
      title="No stores connected"
      text={
        <>
          Connect a store and its orders arrive in Shipdesk automatically. A BigCommerce store connects when you install
          Shipdesk from the BigCommerce app marketplace.
          <Box
            component="ul"
            aria-label="Supported channels"
            sx={{
              listStyle: 'none',
              p: 0,
              m: 0,
              mt: 2,
              display: 'flex',
              flexWrap: 'wrap',
              gap: 1,
              justifyContent: 'center',
            }}
          >
            {SOURCE_TYPES.map((source) => (
              <li key={source}>
                <Chip label={sourceLabel(source)} size="small" variant="outlined" />
              </li>
            ))}
          </Box>
        </>
      }
      action={
        <>
          {action}
          <Button component={RouterLink} to={hrefs.bcInstructionGuide()} variant={action ? 'text' : 'contained'}>
            How to connect BigCommerce
          </Button>
        </>
      }
    />
  );
}

/**
 * /stores (spec 2.2, 7.3): the sales channels, their sync and its progress. Admins add and edit stores; Managers see
 * the list and may pull orders (the server allows both roles to), but change no connection.
 */
export function StoresPage() {
  const realtime = useStoresRealtime();
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => readStoreListParams(searchParams), [searchParams]);
  const timeZone = useTenantTimeZone();
  const roleId = useAppSelector(selectUserRoleId);
  const canEdit = roleId === Role.Admin || roleId === Role.SuperAdmin;
  const list = useListStoresQuery(params);
  const { data: installs = [] } = useConnectableStoresQuery();
  const [pullOrders] = usePullStoreOrdersMutation();
  const [pulling, setPulling] = useState<ReadonlySet<string>>(new Set());
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const closeDialog = useCallback(() => setDialog(null), []);

  const navigateTo = (next: StoreListParams) => setSearchParams(writeStoreListParams(next));

  const pull = async (store: Store) => {
    setPulling((current) => new Set(current).add(store.id));
    try {
      realtime.watch(await pullOrders(store.id).unwrap());
    } catch (error) {
      showApiError(error, `Could not start pulling orders from ${store.name}.`);
    } finally {
      setPulling((current) => {
        const next = new Set(current);
        next.delete(store.id);
        return next;
      });
    }
  };

  const addButton = canEdit ? (
    <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setDialog({ kind: 'add' })}>
      Add store
    </Button>
  ) : null;

  const current = list.currentData;
  const rows = current?.rows ?? list.data?.rows ?? [];
  const firstLoad = list.data === undefined && list.isFetching;
  const failed = list.isError && !list.isFetching;
  const noStoresAtAll = current !== undefined && current.total === 0 && params.page === 1;
  const loadFailure = {
    error: list.error,
    fallback: 'Could not load the stores.',
    refetch: list.refetch,
    isFetching: list.isFetching,
  };

  let body: ReactNode;
  if (noStoresAtAll) {
    body = <NoStores action={addButton} />;
  } else if (failed && list.data === undefined) {
    body = <QueryError {...loadFailure} />;
  } else {
    body = (
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <Box sx={{ height: 4 }}>
          {list.isFetching && !firstLoad ? <LinearProgress aria-label="Loading stores" /> : null}
        </Box>
        {failed ? <QueryError {...loadFailure} sx={{ mx: 2, mb: 2 }} /> : null}
        <StoresTable
          rows={rows}
          loadingRows={firstLoad ? params.size : null}
          stale={list.isFetching && !firstLoad && current === undefined}
          timeZone={timeZone}
          canEdit={canEdit}
          runs={realtime.runs}
          pulling={pulling}
          onPull={(store) => void pull(store)}
          onSyncLog={(store) => setDialog({ kind: 'log', store })}
          onEdit={(store) => setDialog({ kind: 'edit', store })}
          onDismissRun={realtime.dismiss}
        />
        {!firstLoad && current !== undefined && current.rows.length === 0 ? (
          <Box sx={{ textAlign: 'center', py: 4 }}>
            <Typography variant="subtitle1" component="h2">
              No stores on this page
            </Typography>
            <Button sx={{ mt: 1 }} onClick={() => navigateTo({ ...params, page: 1 })}>
              Go to the first page
            </Button>
          </Box>
        ) : null}
        <TablePagination
          component="div"
          count={list.data?.total ?? 0}
          page={params.page - 1}
          rowsPerPage={params.size}
          rowsPerPageOptions={[...STORE_PAGE_SIZES]}
          onPageChange={(_event, page) => navigateTo({ ...params, page: page + 1 })}
          onRowsPerPageChange={(event) => navigateTo({ page: 1, size: Number(event.target.value) })}
          sx={{ borderTop: 1, borderColor: 'divider' }}
        />
      </Paper>
    );
  }

  return (
    <>
      <PageHeader title="Stores" subtitle="The sales channels Shipdesk pulls orders from." actions={addButton} />
      {body}
      {canEdit ? <ArchivedStores /> : null}
      <MarketplaceInstalls installs={installs} stores={rows} timeZone={timeZone} />
      {dialog?.kind === 'add' ? <StoreDialog onClose={closeDialog} /> : null}
      {dialog?.kind === 'edit' ? <StoreDialog store={dialog.store} onClose={closeDialog} /> : null}
      {dialog?.kind === 'log' ? <SyncLogDialog store={dialog.store} timeZone={timeZone} onClose={closeDialog} /> : null}
    </>
  );
}
