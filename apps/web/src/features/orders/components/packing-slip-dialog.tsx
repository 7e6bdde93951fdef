import { useState } from 'react';
import { toast } from '@/lib/toast/toast';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { FormDialog } from '@/components/form-dialog';
import { apiErrorMessage } from '@/lib/errors';
import { downloadPackingSlip, PACKING_SLIP_FORMATS, type PackingSlipFormat } from '../api/packing-slip';

interface PackingSlipDialogProps {
  orderId: string;
  orderNumber: string;
  onClose(): void;
}

/** Packing slip of one order as a PDF, for a 4×6 label printer or letter paper. */
export function PackingSlipDialog({ orderId, orderNumber, onClose }: PackingSlipDialogProps) {
  const [format, setFormat] = useState<PackingSlipFormat>('4x6');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      await downloadPackingSlip(orderId, { format }, orderNumber);
      toast.success('Packing slip downloaded.');
      onClose();
    } catch (failure) {
      setError(apiErrorMessage(failure, 'Could not create the packing slip.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog
      open
      title={`Packing slip — ${orderNumber}`}
      submitLabel="Download PDF"
      busy={busy}
      error={error}
      onCancel={onClose}
      onSubmit={() => void download()}
    >
      <RadioGroup
        aria-label="Paper"
        value={format}
        onChange={(event) => setFormat(event.target.value as PackingSlipFormat)}
      >
        {PACKING_SLIP_FORMATS.map((option) => (
          <FormControlLabel key={option.value} value={option.value} control={<Radio />} label={option.label} />
        ))}
      </RadioGroup>
    </FormDialog>
  );
}
