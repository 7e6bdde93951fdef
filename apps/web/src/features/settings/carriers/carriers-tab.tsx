import { useState } from 'react';
import { toast } from '@/lib/toast/toast';
import AddLinkOutlined from '@mui/icons-material/AddLinkOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { CarrierAccount } from '@shipdesk/contract';
import { QueryError } from '@/components/query-error';
import { showApiError } from '@/lib/errors';
import { useTenantTimeZone } from '@/lib/state/tenant-time-zone';
import {
  useListCarrierAccountsQuery,
  useTestCarrierConnectionMutation,
} from '@/entities/carrier-accounts/carrier-accounts-api';
import { useListCarrierAccountsWithArchivedQuery } from '../api/setup-deletion-api';
import { ShowArchivedSwitch } from '@/components/show-archived-switch';
import { CarrierAccountDialog } from './carrier-account-dialog';
import { CarrierAccountsTable } from './carrier-accounts-table';
import { CarrierTrackingPushDialog } from './carrier-tracking-push-dialog';

type Editing = { account?: CarrierAccount } | null;

/**
 * Settings > Carriers: the built-in carrier and the tenant's carrier accounts with the verdict of their last test.
 * Admins connect, edit and test accounts; Managers see them read-only.
 */
export function CarriersTab({ readOnly = false }: { readOnly?: boolean }) {
  const [showArchived, setShowArchived] = useState(false);
  const live = useListCarrierAccountsQuery(undefined, { skip: showArchived });
  const withArchived = useListCarrierAccountsWithArchivedQuery(undefined, { skip: !showArchived });
  const list = showArchived ? withArchived : live;
  const [testConnection] = useTestCarrierConnectionMutation();
  const timeZone = useTenantTimeZone();
  const [editing, setEditing] = useState<Editing>(null);
  const [trackingOf, setTrackingOf] = useState<CarrierAccount | null>(null);
  const [testingIds, setTestingIds] = useState<ReadonlySet<string>>(new Set());
  const accounts = list.data ?? [];

  const test = async (account: CarrierAccount) => {
    setTestingIds((current) => new Set(current).add(account.id));
    try {
      const result = await testConnection({ accountId: account.id }).unwrap();
      // The row shows the carrier's own text once the list has refetched; the toast says it at once.
      if (result.ok) toast.success(result.message);
      else toast.error([result.message, result.carrierAnswer].filter(Boolean).join(': '));
    } catch (error) {
      showApiError(error, `Could not test ${account.name}.`);
    } finally {
      setTestingIds((current) => {
        const next = new Set(current);
        next.delete(account.id);
        return next;
      });
    }
  };

  return (
    <>
      <Box
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', justifyContent: 'space-between', mb: 2 }}
      >
        <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 680 }}>
          The carriers you buy labels from. A carrier&apos;s services can be mapped to your shipping methods once one of
          its accounts has passed a connection test. Shipdesk Local is always there for your own deliveries.
        </Typography>
        {readOnly ? null : (
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
            <ShowArchivedSwitch checked={showArchived} onChange={setShowArchived} />
            <Button variant="contained" startIcon={<AddLinkOutlined />} onClick={() => setEditing({})}>
              Connect a carrier
            </Button>
          </Box>
        )}
      </Box>
      {list.isError && !list.data ? (
        <QueryError
          error={list.error}
          fallback="Could not load the carrier accounts."
          refetch={list.refetch}
          isFetching={list.isFetching}
          sx={{ mb: 2 }}
        />
      ) : null}
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <CarrierAccountsTable
          accounts={accounts}
          loading={list.isLoading}
          readOnly={readOnly}
          timeZone={timeZone}
          testingIds={testingIds}
          onTest={(account) => void test(account)}
          onEdit={(account) => setEditing({ account })}
          onTracking={setTrackingOf}
        />
      </Paper>
      {!list.isLoading && !list.isError && accounts.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {readOnly
            ? 'No carrier accounts are connected yet. An Admin connects USPS, UPS, FedEx or Shippo here.'
            : 'No carrier accounts yet. Connect USPS, UPS, FedEx or Shippo with your own account to buy their labels.'}
        </Typography>
      ) : null}
      {editing ? (
        <CarrierAccountDialog
          account={editing.account}
          accounts={accounts.filter((a) => !a.archivedAt)}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {trackingOf ? (
        <CarrierTrackingPushDialog account={trackingOf} readOnly={readOnly} onClose={() => setTrackingOf(null)} />
      ) : null}
    </>
  );
}
