import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CARRIER_NAMES, type EndOfDay, type EndOfDayGroup } from '@shipdesk/contract';
import { PageHeader } from '@/components/page-header';
import { apiErrorMessage } from '@/lib/errors';
import { useGetEndOfDayQuery } from './end-of-day-api';
import { FormsList, PickupsList } from './end-of-day-forms-list';
import { GroupCard } from './end-of-day-group-card';
import { PickupDialog } from './pickup-dialog';

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** The day shown: today by default (the server's, in the tenant's zone), another picked in the date field. */
interface DayPickerProps {
  day: string | undefined;
  data: EndOfDay | undefined;
  onPick: (day: string | undefined) => void;
}

function DayPicker({ day, data, onPick }: DayPickerProps) {
  const shown = day ?? data?.today ?? '';
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <TextField
        type="date"
        size="small"
        label="Day"
        value={shown}
        onChange={(event) => {
          const value = event.target.value;
          if (DAY_PATTERN.test(value)) onPick(value === data?.today ? undefined : value);
        }}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <Button size="small" disabled={day === undefined} onClick={() => onPick(undefined)}>
        Today
      </Button>
    </Stack>
  );
}

function EmptyDay({ data }: { data: EndOfDay }) {
  const today = data.day === data.today;
  return (
    <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {today ? 'No labels today' : `No labels on ${data.day}`}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {today
          ? 'Labels bought today show here by carrier account, with the SCAN form, FedEx Ground close or Shippo manifest they need.'
          : 'Pick another day, or go back to today.'}
      </Typography>
    </Paper>
  );
}

/**
 * The end of the day: the day's labels by account and ship-from, each account's form (USPS SCAN form, FedEx Ground
 * close, Shippo manifest) and what each form covers, and carrier pickups. A past day is read-only: its forms can be
 * printed, none is made (the carriers tie a form to its day).
 */
export function EndOfDayPage() {
  const [day, setDay] = useState<string | undefined>(undefined);
  const { data, isLoading, isFetching, error } = useGetEndOfDayQuery(day);
  const [pickupFor, setPickupFor] = useState<EndOfDayGroup | null>(null);
  const past = Boolean(data && data.day < data.today);
  const accountName = (id: string | null) => {
    const group = data?.groups.find((g) => g.carrierAccountId === id);
    return group ? group.accountName : 'an archived account';
  };
  return (
    <Box sx={{ p: 3 }}>
      <PageHeader title="End of day" actions={<DayPicker day={day} data={data} onPick={setDay} />} />
      {isLoading && <Skeleton variant="rectangular" height={160} />}
      {error && <Alert severity="error">{apiErrorMessage(error, 'Could not load the end of the day.')}</Alert>}
      {data && (
        <Stack spacing={2} sx={{ opacity: isFetching ? 0.6 : 1 }}>
          {past && (
            <Alert severity="info">
              {data.day} is a past day: its forms can be printed, but no new SCAN form, close or manifest is made for
              it.
            </Alert>
          )}
          {data.groups.length === 0 && <EmptyDay data={data} />}
          {data.groups.map((group) => (
            <GroupCard
              key={`${group.carrier}:${group.carrierAccountId ?? ''}`}
              group={group}
              day={data.day}
              past={past}
              onPickup={() => setPickupFor(group)}
            />
          ))}
          {(data.groups.length > 0 || data.scanForms.length > 0) && <FormsList data={data} accountName={accountName} />}
          <PickupsList data={data} />
          <Typography variant="caption" color="text.secondary">
            Days are in {data.timeZone}. UPS needs no form; {CARRIER_NAMES.fedex} Express needs no close.
          </Typography>
        </Stack>
      )}
      {pickupFor && data && <PickupDialog group={pickupFor} day={data.day} onClose={() => setPickupFor(null)} />}
    </Box>
  );
}
