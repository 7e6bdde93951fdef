import { toast } from '@/lib/toast/toast';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { CARRIER_NAMES, END_OF_DAY_FORM_NAMES, type EndOfDayFormKind, type EndOfDayGroup } from '@shipdesk/contract';
import { apiErrorMessage } from '@/lib/errors';
import { useMakeScanFormMutation } from './end-of-day-api';

/** The button that makes the group's form, named for its carrier. */
const ACTIONS: Record<EndOfDayFormKind, string> = {
  scan_form: 'Make SCAN form',
  close: 'Close FedEx Ground',
  manifest: 'Make Shippo manifest',
  none: '',
};

function FormCell({ form, needsForm, on }: { form: EndOfDayFormKind; needsForm: boolean; on: boolean }) {
  const name = END_OF_DAY_FORM_NAMES[form];
  if (on) return <Chip size="small" label={`On a ${name}`} color="success" variant="outlined" />;
  if (!needsForm || form === 'none') {
    return (
      <Typography variant="body2" color="text.secondary">
        Not needed
      </Typography>
    );
  }
  return <Chip size="small" label="Not on one yet" color="warning" variant="outlined" />;
}

interface GroupCardProps {
  group: EndOfDayGroup;
  day: string;
  past: boolean;
  onPickup: () => void;
}

/** One account's labels of the day from one ship-from, its form's action (or why none) and its pickup. */
export function GroupCard({ group, day, past, onPickup }: GroupCardProps) {
  const [makeForm, { isLoading }] = useMakeScanFormMutation();
  const name = END_OF_DAY_FORM_NAMES[group.form];
  const make = async () => {
    try {
      const form = await makeForm({ carrierAccountId: group.carrierAccountId!, day }).unwrap();
      toast.success(`${name} ${form.carrierRef ?? ''} made for ${form.trackingNumbers.length} labels`);
    } catch (failure) {
      toast.error(apiErrorMessage(failure, `Could not make the ${name}.`));
    }
  };
  const from = group.from ? `${group.from.street1}, ${group.from.city}` : 'no warehouse address';
  return (
    <Paper variant="outlined" sx={{ p: 2 }} aria-label={`${group.accountName} labels`}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, flexGrow: 1 }}>
          {group.accountName}
          {!group.accountName.includes(CARRIER_NAMES[group.carrier]) && ` (${CARRIER_NAMES[group.carrier]})`}
          <Typography component="span" variant="body2" color="text.secondary">
            {' '}
            · from {from}
          </Typography>
        </Typography>
        {group.canMakeForm && (
          <Button variant="contained" size="small" disabled={isLoading} onClick={() => void make()}>
            {ACTIONS[group.form]} ({group.withoutForm})
          </Button>
        )}
        {group.canPickup && !past && (
          <Button variant="outlined" size="small" onClick={onPickup}>
            Book pickup
          </Button>
        )}
      </Stack>
      {group.formNote && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {group.formNote}
        </Typography>
      )}
      <TableContainer sx={{ mt: 1.5 }}>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>Tracking number</TableCell>
              <TableCell>Service</TableCell>
              <TableCell align="right">Weight (g)</TableCell>
              <TableCell>{group.form === 'none' ? 'Form' : name}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {group.labels.map((label) => (
              <TableRow key={label.id}>
                <TableCell sx={{ fontFamily: 'monospace' }}>{label.trackingNumber}</TableCell>
                <TableCell>{label.serviceName}</TableCell>
                <TableCell align="right">{label.weight}</TableCell>
                <TableCell>
                  <FormCell form={group.form} needsForm={label.needsForm} on={label.scanFormId !== null} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}
