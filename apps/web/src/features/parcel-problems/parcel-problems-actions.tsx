import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ParcelProblem } from '@shipdesk/contract';
import { newIdempotencyKey } from '@/lib/api/idempotency';
import { apiErrorMessage } from '@/lib/errors';
import {
  useAddProblemNoteMutation,
  useReshipProblemOrderMutation,
  useResolveParcelProblemsMutation,
} from './parcel-problems-api';
import { outcomeSummary, type BulkOutcome } from './parcel-problem-words';

export interface BulkReport {
  summary: string;
  outcomes: BulkOutcome[];
}

interface AskProps {
  title: string;
  label: string;
  confirm: string;
  onClose: () => void;
  onConfirm: (text: string) => void;
}

/** Asks for the words a bulk action needs (the reship's reason, the note). */
function AskDialog({ title, label, confirm, onClose, onConfirm }: AskProps) {
  const [text, setText] = useState('');
  const blank = text.trim() === '';
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="problem-ask-title">
      <DialogTitle id="problem-ask-title">{title}</DialogTitle>
      <DialogContent>
        <TextField
          label={label}
          value={text}
          onChange={(event) => setText(event.target.value)}
          multiline
          minRows={2}
          fullWidth
          autoFocus
          required
          slotProps={{ htmlInput: { maxLength: 500 } }}
          sx={{ mt: 1 }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" disabled={blank} onClick={() => onConfirm(text.trim())}>
          {confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** One order per selected parcel's order: a bulk action acts on orders, however many of their parcels are picked. */
function ordersOf(selected: readonly ParcelProblem[]): ParcelProblem[] {
  const seen = new Set<string>();
  return selected.filter((p) => !seen.has(p.orderId) && seen.add(p.orderId));
}

/**
 * The toolbar of the selected parcels: Reship (asks the reason, then the orderFlow `reship` order by order), Add
 * note (the same note on each order), Mark resolved (one call). Each order's outcome is reported, not just a total.
 */
export function ParcelProblemsActions(props: {
  selected: readonly ParcelProblem[];
  onDone: (report: BulkReport) => void;
}) {
  const { selected, onDone } = props;
  const [asking, setAsking] = useState<'reship' | 'note' | null>(null);
  const [busy, setBusy] = useState(false);
  const [reship] = useReshipProblemOrderMutation();
  const [addNote] = useAddProblemNoteMutation();
  const [resolve] = useResolveParcelProblemsMutation();

  const each = async (verb: string, act: (problem: ParcelProblem) => Promise<string>) => {
    setBusy(true);
    const outcomes: BulkOutcome[] = [];
    for (const problem of ordersOf(selected)) {
      try {
        outcomes.push({ orderNumber: problem.orderNumber, ok: true, message: await act(problem) });
      } catch (failure) {
        outcomes.push({ orderNumber: problem.orderNumber, ok: false, message: apiErrorMessage(failure, 'Failed.') });
      }
    }
    setBusy(false);
    onDone({ summary: outcomeSummary(verb, outcomes), outcomes });
  };

  const runReship = (reason: string) => {
    setAsking(null);
    void each('reshipped', async (p) => {
      const answer = await reship({ orderId: p.orderId, reason, idempotencyKey: newIdempotencyKey() }).unwrap();
      return answer.createdOrderId ? `Reshipped as a new draft order (id ${answer.createdOrderId}).` : 'Reshipped.';
    });
  };
  const runNote = (note: string) => {
    setAsking(null);
    void each('noted', async (p) => {
      await addNote({ orderId: p.orderId, note }).unwrap();
      return 'Note added.';
    });
  };
  const runResolve = async () => {
    setBusy(true);
    try {
      const { resolved } = await resolve(selected.map((p) => p.labelId)).unwrap();
      const outcomes = selected.map((p) => ({
        orderNumber: p.orderNumber,
        ok: resolved.includes(p.labelId),
        message: resolved.includes(p.labelId) ? 'Resolved.' : 'It has no open problem any more.',
      }));
      onDone({ summary: outcomeSummary('resolved', outcomes), outcomes });
    } catch (failure) {
      onDone({ summary: apiErrorMessage(failure, 'Could not mark them resolved.'), outcomes: [] });
    }
    setBusy(false);
  };

  const none = selected.length === 0;
  return (
    <Box
      role="toolbar"
      aria-label="Selected parcels"
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}
    >
      <Typography variant="body2" color="text.secondary" sx={{ mr: 1 }}>
        {none ? 'Select parcels to act on them' : `${selected.length} selected`}
      </Typography>
      <Button size="small" variant="outlined" disabled={none || busy} onClick={() => setAsking('reship')}>
        Reship
      </Button>
      <Button size="small" variant="outlined" disabled={none || busy} onClick={() => setAsking('note')}>
        Add note
      </Button>
      <Button size="small" variant="contained" disabled={none} loading={busy} onClick={() => void runResolve()}>
        Mark resolved
      </Button>
      {asking === 'reship' ? (
        <AskDialog
          title={`Reship ${ordersOf(selected).length} order(s)`}
          label="Reason"
          confirm="Reship"
          onClose={() => setAsking(null)}
          onConfirm={runReship}
        />
      ) : null}
      {asking === 'note' ? (
        <AskDialog
          title={`Add a note to ${ordersOf(selected).length} order(s)`}
          label="Note"
          confirm="Add note"
          onClose={() => setAsking(null)}
          onConfirm={runNote}
        />
      ) : null}
    </Box>
  );
}
