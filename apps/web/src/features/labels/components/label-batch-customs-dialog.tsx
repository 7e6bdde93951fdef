import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { CUSTOMS_LIMITS, type CustomsDefaults } from '@shipdesk/contract';
import { FormDialog } from '@/components/form-dialog';
import { CONTENTS_CHOICES, contentsWord, INCOTERM_CHOICES, NON_DELIVERY_CHOICES } from '../label-customs-form';

/** "Merchandise · return to sender · DAP": a batch's choices for the orders that need customs. */
export function batchCustomsWords(customs: CustomsDefaults): string {
  const undelivered = customs.nonDelivery === 'return' ? 'return to sender' : 'treat as abandoned';
  return `${contentsWord(customs.contentsType)} · ${undelivered} · ${customs.incoterm}`;
}

interface LabelBatchCustomsDialogProps {
  open: boolean;
  value: CustomsDefaults;
  onCancel(): void;
  onSave(value: CustomsDefaults): void;
}

/**
 * "Customs for international orders": the declaration's choices a label batch applies to every order that needs
 * customs (what the parcels hold, what happens when one cannot be delivered, who pays duties). Each order's lines
 * come from its products; an order whose products lack something fails with the reason, to be labelled alone.
 */
export function LabelBatchCustomsDialog({ open, value, onCancel, onSave }: LabelBatchCustomsDialogProps) {
  const [fields, setFields] = useState<CustomsDefaults>(value);
  const [error, setError] = useState<string | null>(null);
  // Opened again: the choices in use, not what was typed and cancelled.
  useEffect(() => {
    if (open) {
      setFields(value);
      setError(null);
    }
  }, [open, value]);
  const other = fields.contentsType === 'other';

  const save = () => {
    const explanation = fields.contentsExplanation?.trim() ?? '';
    if (other && !explanation) return setError('Say what the parcels hold when their contents are "Other"');
    onSave({
      contentsType: fields.contentsType,
      nonDelivery: fields.nonDelivery,
      incoterm: fields.incoterm,
      ...(other ? { contentsExplanation: explanation } : {}),
    });
  };

  return (
    <FormDialog
      open={open}
      title="Customs for international orders"
      message="Used for the orders of the next batch that cross a customs border; each order's lines come from its products."
      submitLabel="Use these"
      onCancel={onCancel}
      onSubmit={save}
      maxWidth="xs"
    >
      <Box sx={{ display: 'grid', gap: 1 }}>
        <TextField
          select
          size="small"
          label="Contents"
          value={fields.contentsType}
          onChange={(change) =>
            setFields({ ...fields, contentsType: change.target.value as CustomsDefaults['contentsType'] })
          }
          helperText=" "
        >
          {CONTENTS_CHOICES.map(([choice, words]) => (
            <MenuItem key={choice} value={choice}>
              {words}
            </MenuItem>
          ))}
        </TextField>
        {other ? (
          <TextField
            size="small"
            label="What the parcels hold"
            value={fields.contentsExplanation ?? ''}
            onChange={(change) => {
              setFields({ ...fields, contentsExplanation: change.target.value });
              setError(null);
            }}
            error={Boolean(error)}
            helperText={error ?? ' '}
            slotProps={{ htmlInput: { maxLength: CUSTOMS_LIMITS.explanationLength } }}
          />
        ) : null}
        <TextField
          select
          size="small"
          label="If one cannot be delivered"
          value={fields.nonDelivery}
          onChange={(change) =>
            setFields({ ...fields, nonDelivery: change.target.value as CustomsDefaults['nonDelivery'] })
          }
          helperText=" "
        >
          {NON_DELIVERY_CHOICES.map(([choice, words]) => (
            <MenuItem key={choice} value={choice}>
              {words}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Duties and taxes"
          value={fields.incoterm}
          onChange={(change) => setFields({ ...fields, incoterm: change.target.value as CustomsDefaults['incoterm'] })}
          helperText="Carriers that cannot bill you the duties (DDP) fail those orders with the reason"
        >
          {INCOTERM_CHOICES.map(([choice, words]) => (
            <MenuItem key={choice} value={choice}>
              {words}
            </MenuItem>
          ))}
        </TextField>
      </Box>
    </FormDialog>
  );
}
