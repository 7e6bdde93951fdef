import { toast } from '@/lib/toast/toast';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CARRIER_NAMES, END_OF_DAY_FORM_NAMES, type EndOfDay, type ScanForm } from '@shipdesk/contract';
import { apiErrorMessage } from '@/lib/errors';
import { scanFormDocument, useCancelPickupMutation } from './end-of-day-api';

async function openForm(form: ScanForm) {
  try {
    const url = URL.createObjectURL(await scanFormDocument(form.id));
    window.open(url, '_blank', 'noopener');
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (failure) {
    toast.error(apiErrorMessage(failure, `Could not open the ${END_OF_DAY_FORM_NAMES[form.kind]}.`));
  }
}

const time = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

/** The day's forms (SCAN forms, FedEx Ground closes, Shippo manifests), each with the labels it covers. */
export function FormsList({ data, accountName }: { data: EndOfDay; accountName: (id: string | null) => string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }} aria-label="Forms of the day">
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        Forms of the day
      </Typography>
      {data.scanForms.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          No SCAN form, FedEx Ground close or Shippo manifest made for this day yet.
        </Typography>
      ) : (
        <Stack divider={<Divider flexItem />} spacing={1.5} sx={{ mt: 1 }}>
          {data.scanForms.map((form) => (
            <Stack key={form.id} direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
              <Stack sx={{ flexGrow: 1, minWidth: 0 }} spacing={0.5}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {END_OF_DAY_FORM_NAMES[form.kind]} {form.carrierRef} · {accountName(form.carrierAccountId)}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {form.trackingNumbers.length} labels · made {time(form.createdAt)} by {form.createdByEmail}
                </Typography>
                <Typography variant="body2" sx={{ fontFamily: 'monospace', wordBreak: 'break-word' }}>
                  {form.trackingNumbers.join(', ')}
                </Typography>
              </Stack>
              <Button size="small" variant="outlined" onClick={() => void openForm(form)}>
                Print
              </Button>
            </Stack>
          ))}
        </Stack>
      )}
    </Paper>
  );
}

/** The pickups booked for the day, cancelled ones marked. */
export function PickupsList({ data }: { data: EndOfDay }) {
  const [cancel, { isLoading }] = useCancelPickupMutation();
  const cancelOne = async (id: string) => {
    try {
      await cancel(id).unwrap();
      toast.success('Pickup canceled.');
    } catch (failure) {
      toast.error(apiErrorMessage(failure, 'Could not cancel the pickup.'));
    }
  };
  if (data.pickups.length === 0) return null;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} aria-label="Pickups of the day">
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        Pickups
      </Typography>
      <Stack spacing={1}>
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
      </Stack>
    </Paper>
  );
}
