import { useState } from 'react';
import { toast } from '@/lib/toast/toast';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { CARRIER_NAMES, type EndOfDayGroup } from '@shipdesk/contract';
import { apiErrorMessage, apiFieldErrors } from '@/lib/errors';
import { useBookPickupMutation } from './end-of-day-api';

interface PickupDialogProps {
  group: EndOfDayGroup;
  day: string;
  onClose: () => void;
}

/** Books a pickup for one account, prefilled from the day's labels (count and weight) and a 09:00-17:00 window. */
export function PickupDialog({ group, day, onClose }: PickupDialogProps) {
  const [form, setForm] = useState({
    pickupDate: day,
    readyBy: '09:00',
    closeBy: '17:00',
    parcels: String(group.labels.length),
    weight: String(group.labels.reduce((sum, label) => sum + label.weight, 0)),
    location: '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [book, { isLoading }] = useBookPickupMutation();
  const field = (name: keyof typeof form) => ({
    value: form[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => setForm({ ...form, [name]: event.target.value }),
    error: Boolean(errors[name]),
    helperText: errors[name],
  });
  const submit = async () => {
    try {
      const pickup = await book({
        carrierAccountId: group.carrierAccountId!,
        pickupDate: form.pickupDate,
        readyBy: form.readyBy,
        closeBy: form.closeBy,
        parcels: Number(form.parcels),
        weight: Number(form.weight),
        ...(form.location.trim() ? { location: form.location.trim() } : {}),
      }).unwrap();
      toast.success(`Pickup booked: ${pickup.confirmation ?? 'confirmed'}`);
      onClose();
    } catch (failure) {
      setErrors(apiFieldErrors(failure));
      toast.error(apiErrorMessage(failure, 'Could not book the pickup.'));
    }
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="pickup-title" fullWidth maxWidth="xs">
      <DialogTitle id="pickup-title">Book a {CARRIER_NAMES[group.carrier]} pickup</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField label="Day" type="date" {...field('pickupDate')} slotProps={{ inputLabel: { shrink: true } }} />
          <Stack direction="row" spacing={2}>
            <TextField
              label="Ready from"
              type="time"
              fullWidth
              {...field('readyBy')}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              label="Until"
              type="time"
              fullWidth
              {...field('closeBy')}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </Stack>
          <Stack direction="row" spacing={2}>
            <TextField label="Parcels" type="number" fullWidth {...field('parcels')} />
            <TextField label="Weight (g)" type="number" fullWidth {...field('weight')} />
          </Stack>
          <TextField label="Where the parcels wait" placeholder="Front door" {...field('location')} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
        <Button variant="contained" disabled={isLoading} onClick={() => void submit()}>
          Book pickup
        </Button>
      </DialogActions>
    </Dialog>
  );
}
