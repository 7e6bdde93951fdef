import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { BUILT_IN_CARRIER, CARRIER_NAMES, type CarrierAccount } from '@shipdesk/contract';
import { StatusChip, type StatusTone } from '@/components/status-chip';
import { formatDateTime } from '@/lib/format';
import { RemoveRowButton } from '../setup-deletion/remove-row-button';
import { RestoreRowButton } from '../setup-deletion/restore-row-button';
import { BuiltInTrackingCell, CarrierTrackingCell } from './carrier-tracking-cell';

const SECONDARY = { color: 'text.secondary', fontSize: '0.75rem', lineHeight: 1.4 } as const;

const STATUS_UI: Record<CarrierAccount['status'], { label: string; tone: StatusTone }> = {
  verified: { label: 'Verified', tone: 'success' },
  not_verified: { label: 'Not verified', tone: 'warning' },
  failed: { label: 'Failed', tone: 'error' },
};

interface CarrierAccountsTableProps {
  accounts: readonly CarrierAccount[];
  loading: boolean;
  readOnly: boolean;
  timeZone: string;
  /** Accounts whose connection test is on its way. */
  testingIds: ReadonlySet<string>;
  onTest(account: CarrierAccount): void;
  onEdit(account: CarrierAccount): void;
  /** Opens the account's tracking updates (Managers too: read-only). */
  onTracking(account: CarrierAccount): void;
}

function StatusCell({ account, timeZone }: { account: CarrierAccount; timeZone: string }) {
  const status = STATUS_UI[account.status];
  return (
    <>
      <StatusChip label={status.label} tone={status.tone} small kind={`Status of ${account.name}`} />
      {account.status === 'verified' && account.verifiedAt ? (
        <Box sx={{ ...SECONDARY, mt: 0.5, whiteSpace: 'nowrap' }}>
          Checked {formatDateTime(account.verifiedAt, timeZone)}
        </Box>
      ) : null}
      {account.status === 'not_verified' ? (
        <Box sx={{ ...SECONDARY, mt: 0.5 }}>Test the connection to ship with it.</Box>
      ) : null}
      {account.status === 'failed' && account.lastError ? (
        <Box
          sx={(theme) => ({
            ...SECONDARY,
            mt: 0.5,
            overflowWrap: 'anywhere',
            maxWidth: 420,
            // Small red text needs the lighter red to stay readable on the dark background.
            color: (theme.vars ?? theme).palette.error.main,
            ...theme.applyStyles('dark', { color: (theme.vars ?? theme).palette.error.light }),
          })}
        >
          {account.lastError}
        </Box>
      ) : null}
    </>
  );
}

/** The built-in carrier: nothing to connect, always there. */
function BuiltInRow({ readOnly }: { readOnly: boolean }) {
  return (
    <TableRow data-carrier={BUILT_IN_CARRIER}>
      <TableCell sx={{ fontWeight: 500, whiteSpace: 'nowrap' }}>{CARRIER_NAMES[BUILT_IN_CARRIER]}</TableCell>
      <TableCell>
        Built in
        <Box sx={SECONDARY}>Your own deliveries, local couriers and customer pickup. No account needed.</Box>
      </TableCell>
      <TableCell>
        <StatusChip label="Always available" tone="success" small kind={`Status of ${CARRIER_NAMES.local}`} />
      </TableCell>
      <TableCell>
        <BuiltInTrackingCell />
      </TableCell>
      <TableCell />
      {readOnly ? null : <TableCell />}
    </TableRow>
  );
}

/**
 * The tenant's carrier accounts after the built-in carrier: carrier, name, verdict, how parcels are tracked, default,
 * and test / edit.
 */
export function CarrierAccountsTable({
  accounts,
  loading,
  readOnly,
  timeZone,
  testingIds,
  onTest,
  onEdit,
  onTracking,
}: CarrierAccountsTableProps) {
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Carrier accounts" aria-busy={loading} sx={{ '& th': { fontWeight: 600 } }}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ minWidth: 120 }}>Carrier</TableCell>
            <TableCell sx={{ minWidth: 200 }}>Account</TableCell>
            <TableCell sx={{ minWidth: 160 }}>Status</TableCell>
            <TableCell sx={{ minWidth: 210 }}>Tracking</TableCell>
            <TableCell>Default</TableCell>
            {readOnly ? null : <TableCell align="right">Actions</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          <BuiltInRow readOnly={readOnly} />
          {loading ? (
            <TableRow aria-hidden>
              {Array.from({ length: readOnly ? 5 : 6 }, (_, column) => (
                <TableCell key={column}>
                  <Skeleton variant="text" width="70%" />
                </TableCell>
              ))}
            </TableRow>
          ) : (
            accounts.map((account) => {
              const testing = testingIds.has(account.id);
              return (
                <TableRow key={account.id} data-account-id={account.id}>
                  <TableCell sx={{ fontWeight: 500, whiteSpace: 'nowrap' }}>{CARRIER_NAMES[account.carrier]}</TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>
                    {account.name}
                    {account.archivedAt ? (
                      <Box component="span" sx={{ ml: 1 }}>
                        <StatusChip label="Archived" tone="neutral" small />
                      </Box>
                    ) : null}
                  </TableCell>
                  <TableCell>
                    <StatusCell account={account} timeZone={timeZone} />
                  </TableCell>
                  <TableCell>
                    <CarrierTrackingCell account={account} onOpen={() => onTracking(account)} />
                  </TableCell>
                  <TableCell>{account.isDefault ? <StatusChip label="Default" tone="info" small /> : null}</TableCell>
                  {readOnly ? null : account.archivedAt ? (
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      <RestoreRowButton path={`api/v1/carrierAccounts/${account.id}`} name={account.name} />
                    </TableCell>
                  ) : (
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      <Button
                        size="small"
                        disabled={testing}
                        onClick={() => onTest(account)}
                        aria-label={`Test the connection of ${account.name}`}
                        startIcon={testing ? <CircularProgress size={14} color="inherit" aria-hidden /> : undefined}
                      >
                        Test
                      </Button>
                      <Button size="small" onClick={() => onEdit(account)} aria-label={`Edit ${account.name}`}>
                        Edit
                      </Button>
                      <RemoveRowButton
                        path={`api/v1/carrierAccounts/${account.id}`}
                        name={account.name}
                        consequence={`${account.name} will be deleted. If labels were bought with it or shipping method mappings use it, it is archived instead: no new labels are bought with it, its labels keep it, and those mappings use the default ${CARRIER_NAMES[account.carrier]} account.`}
                      />
                    </TableCell>
                  )}
                </TableRow>
              );
            })
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
