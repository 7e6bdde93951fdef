import { useId, useState } from 'react';
import type { OrderSummary } from '@shipdesk/contract';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { splitBulk } from '../hooks/use-bulk-order-event';

/** The bulk events that ask first: what they do cannot be undone. */
export type ConfirmedBulkEvent = 'shipComplete' | 'cancel';

const TEXT: Record<ConfirmedBulkEvent, { title: string; does: string; confirm(n: number): string; keep: string }> = {
  shipComplete: {
    title: 'Mark orders as shipped?',
    does:
      'Use this for orders shipped outside Shipdesk: every line is recorded as shipped and the order becomes ' +
      'Completed (Shipped Complete). No label is bought and no tracking number is added.',
    confirm: (n) => `Mark ${n} as shipped`,
    keep: 'Not now',
  },
  cancel: {
    title: 'Cancel orders?',
    does:
      'An order that has not shipped becomes Canceled; one shipped in part becomes Completed - Canceled Partial. ' +
      'Their planned deliveries are canceled. This cannot be undone.',
    confirm: (n) => `Cancel ${n} ${n === 1 ? 'order' : 'orders'}`,
    keep: 'Keep them',
  },
};

interface BulkEventConfirmProps {
  event: ConfirmedBulkEvent | null;
  rows: readonly OrderSummary[];
  onClose(): void;
  onConfirm(event: ConfirmedBulkEvent, reason: string): void;
}

/**
 * Asks before marking orders as shipped or canceling them: what will happen, to how many, and which of the selected
 * orders will be left as they are because their status cannot take it (each is listed in the report afterwards).
 */
export function BulkEventConfirm({ event, rows, onClose, onConfirm }: BulkEventConfirmProps) {
  const titleId = useId();
  const [reason, setReason] = useState('');
  // The last event asked about stays shown while the dialog closes.
  const [shown, setShown] = useState(event);
  if (event !== null && event !== shown) setShown(event);
  const text = shown ? TEXT[shown] : null;
  const { eligible, skipped } = splitBulk(shown ?? 'cancel', rows);
  const close = () => {
    setReason('');
    onClose();
  };
  return (
    <Dialog open={event !== null} onClose={close} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      {shown && text ? (
        <>
          <DialogTitle id={titleId}>{text.title}</DialogTitle>
          <DialogContent>
            <DialogContentText>{text.does}</DialogContentText>
            <DialogContentText sx={{ mt: 1.5 }}>
              {eligible.length} of the {rows.length} selected {rows.length === 1 ? 'order' : 'orders'} will be sent.
              {skipped.length > 0
                ? ` ${skipped.length} cannot take it and will be left as ${skipped.length === 1 ? 'it is' : 'they are'}: ${skipped
                    .slice(0, 5)
                    .map((s) => s.orderNumber)
                    .join(', ')}${skipped.length > 5 ? '…' : ''}.`
                : ''}
            </DialogContentText>
            {shown === 'cancel' ? (
              <TextField
                label="Reason (optional)"
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                fullWidth
                size="small"
                sx={{ mt: 2 }}
                slotProps={{ htmlInput: { maxLength: 500 } }}
              />
            ) : null}
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={close} autoFocus>
              {text.keep}
            </Button>
            <Button
              variant="contained"
              color={shown === 'cancel' ? 'error' : 'primary'}
              disabled={eligible.length === 0 || event === null}
              onClick={() => {
                onConfirm(shown, reason.trim());
                setReason('');
              }}
            >
              {text.confirm(eligible.length)}
            </Button>
          </DialogActions>
        </>
      ) : null}
    </Dialog>
  );
}
