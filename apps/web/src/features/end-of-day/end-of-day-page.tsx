import { useState } from 'react';
import { toast } from 'react-toastify';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { CARRIER_NAMES, type EndOfDay, type EndOfDayGroup } from '@shipdesk/contract';
import { PageHeader } from '@/components/page-header';
import { apiErrorMessage } from '@/lib/errors';
import {
  scanFormDocument,
  useCancelPickupMutation,
  useGetEndOfDayQuery,
  useMakeScanFormMutation,
} from './end-of-day-api';
import { PickupDialog } from './pickup-dialog';

async function openScanForm(id: string) {
  try {
    const url = URL.createObjectURL(await scanFormDocument(id));
    window.open(url, '_blank', 'noopener');
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (failure) {
    toast.error(apiErrorMessage(failure, 'Could not open the SCAN form.'));
  }
}

function GroupCard({ group, day, onPickup }: { group: EndOfDayGroup; day: string; onPickup: () => void }) {
  const [makeForm, { isLoading }] = useMakeScanFormMutation();
  const make = async () => {
    try {
      const form = await makeForm({ carrierAccountId: group.carrierAccountId!, day }).unwrap();
      toast.success(`SCAN form ${form.carrierRef ?? ''} made for ${form.trackingNumbers.length} labels`);
    } catch (failure) {
      toast.error(apiErrorMessage(failure, 'Could not make the SCAN form.'));
    }
  };
  const from = group.from ? `${group.from.street1}, ${group.from.city}` : 'no warehouse address';
  return (
    <Paper variant="outlined" sx={{ p: 2 }} aria-label={`${group.accountName} labels`}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap' }}>
        <Typography variant="subtitle1" sx={{ fontWeight: 600, flexGrow: 1 }}>
          {group.accountName} ({CARRIER_NAMES[group.carrier]}) · from {from}
        </Typography>
        {group.canScanForm && (
          <Button variant="contained" size="small" disabled={isLoading} onClick={() => void make()}>
            Make SCAN form ({group.withoutForm})
          </Button>
        )}
        {group.canPickup && (
          <Button variant="outlined" size="small" onClick={onPickup}>
            Book pickup
          </Button>
        )}
      </Stack>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>Tracking number</TableCell>
            <TableCell>Service</TableCell>
            <TableCell align="right">Weight (g)</TableCell>
            <TableCell>SCAN form</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {group.labels.map((label) => (
            <TableRow key={label.id}>
              <TableCell>{label.trackingNumber}</TableCell>
              <TableCell>{label.serviceName}</TableCell>
              <TableCell align="right">{label.weight}</TableCell>
              <TableCell>{label.scanFormId ? <Chip size="small" label="On a form" color="success" /> : '—'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}

function FormsAndPickups({ data }: { data: EndOfDay }) {
  const [cancel, { isLoading }] = useCancelPickupMutation();
  const cancelOne = async (id: string) => {
    try {
      await cancel(id).unwrap();
      toast.success('Pickup canceled.');
    } catch (failure) {
      toast.error(apiErrorMessage(failure, 'Could not cancel the pickup.'));
    }
  };
  if (data.scanForms.length === 0 && data.pickups.length === 0) return null;
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      {data.scanForms.map((form) => (
        <Stack key={form.id} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography variant="body2" sx={{ flexGrow: 1 }}>
            SCAN form {form.carrierRef}: {form.trackingNumbers.length} labels
          </Typography>
          <Button size="small" onClick={() => void openScanForm(form.id)}>
            Print
          </Button>
        </Stack>
      ))}
      {data.pickups.map((pickup) => (
        <Stack key={pickup.id} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography variant="body2" sx={{ flexGrow: 1 }}>
            {CARRIER_NAMES[pickup.carrier]} pickup {pickup.confirmation} on {pickup.pickupDate}, {pickup.readyBy}–
            {pickup.closeBy}, {pickup.parcels} parcels
          </Typography>
          {pickup.status === 'booked' ? (
            <Button size="small" color="error" disabled={isLoading} onClick={() => void cancelOne(pickup.id)}>
              Cancel pickup
            </Button>
          ) : (
            <Chip size="small" label="Canceled" />
          )}
        </Stack>
      ))}
    </Paper>
  );
}

/** The end of the day: today's labels by account and ship-from, SCAN forms (USPS) and carrier pickups. */
export function EndOfDayPage() {
  const { data, isLoading, error } = useGetEndOfDayQuery(undefined);
  const [pickupFor, setPickupFor] = useState<EndOfDayGroup | null>(null);
  return (
    <Box sx={{ p: 3 }}>
      <PageHeader title="End of day" />
      {isLoading && <Skeleton variant="rectangular" height={160} />}
      {error && <Alert severity="error">{apiErrorMessage(error, 'Could not load the end of the day.')}</Alert>}
      {data && (
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            Labels of {data.day}
          </Typography>
          {data.groups.length === 0 && <Alert severity="info">No labels today.</Alert>}
          {data.groups.map((group) => (
            <GroupCard
              key={`${group.carrier}:${group.carrierAccountId ?? ''}`}
              group={group}
              day={data.day}
              onPickup={() => setPickupFor(group)}
            />
          ))}
          <FormsAndPickups data={data} />
        </Stack>
      )}
      {pickupFor && data && <PickupDialog group={pickupFor} day={data.day} onClose={() => setPickupFor(null)} />}
    </Box>
  );
}
