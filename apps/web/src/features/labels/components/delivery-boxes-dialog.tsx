import { useState } from 'react';
import { toast } from '@/lib/toast/toast';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import type { Delivery, Order } from '@shipdesk/contract';
import { FormDialog } from '@/components/form-dialog';
import { apiErrorMessage } from '@/lib/errors';
import { useShapeDeliveriesMutation } from '../api/deliveries-api';
import { boxesDraft, mergeBoxes, shapeFrom, unitsLeft, type BoxesDraft } from '../delivery-boxes';
import { newIdempotencyKey } from '@/lib/api/idempotency';

interface DeliveryBoxesDialogProps {
  order: Order;
  deliveries: readonly Delivery[];
  onClose(): void;
}

/**
 * Boxes of the order's unlabelled units: how many of each line go in each box. Split adds a box, Merge puts
 * everything back in one; Save replaces the unlabelled deliveries with these boxes.
 */
export function DeliveryBoxesDialog({ order, deliveries, onClose }: DeliveryBoxesDialogProps) {
  const [draft, setDraftState] = useState<BoxesDraft>(() => boxesDraft(order, deliveries));
  // One key per shape: a double click saves once, a changed shape is another request.
  const [key, setKey] = useState(newIdempotencyKey);
  const setDraft = (next: BoxesDraft) => {
    setDraftState(next);
    setKey(newIdempotencyKey());
  };
  const [failure, setFailure] = useState<string | null>(null);
  const [save, saving] = useShapeDeliveriesMutation();

  const setUnits = (boxIndex: number, lineId: string, text: string) => {
    const units = Math.max(0, Math.floor(Number(text) || 0));
    setDraft({
      ...draft,
      boxes: draft.boxes.map((box, i) => (i === boxIndex ? { ...box, units: { ...box.units, [lineId]: units } } : box)),
    });
  };

  const submit = async () => {
    const result = shapeFrom(draft, order.version);
    if ('problem' in result) return setFailure(result.problem);
    setFailure(null);
    try {
      await save({ orderId: order.id, body: result.shape, idempotencyKey: key }).unwrap();
      toast.success(
        result.shape.deliveries.length === 1
          ? 'One box for everything.'
          : `${result.shape.deliveries.length} boxes saved.`,
      );
      onClose();
    } catch (error) {
      setFailure(apiErrorMessage(error, 'The boxes could not be saved.'));
    }
  };

  return (
    <FormDialog
      open
      title={`Boxes — order ${order.orderNumber}`}
      message="Split the items that still need a label across boxes, or merge them into one. Each box gets its own label."
      submitLabel="Save boxes"
      busy={saving.isLoading}
      error={failure}
      onCancel={onClose}
      onSubmit={() => void submit()}
      maxWidth="md"
    >
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label="Units per box">
          <TableHead>
            <TableRow sx={{ '& th': { fontWeight: 600 } }}>
              <TableCell>Item</TableCell>
              {draft.boxes.map((box, i) => (
                <TableCell key={box.deliveryId ?? `new-${i}`} align="right">
                  Box {i + 1}
                </TableCell>
              ))}
              <TableCell align="right">Left</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {draft.lines.map((line) => {
              const left = unitsLeft(draft, line.lineId);
              return (
                <TableRow key={line.lineId}>
                  <TableCell>{line.label}</TableCell>
                  {draft.boxes.map((box, i) => (
                    <TableCell key={box.deliveryId ?? `new-${i}`} align="right">
                      <TextField
                        size="small"
                        value={String(box.units[line.lineId] ?? 0)}
                        onChange={(event) => setUnits(i, line.lineId, event.target.value)}
                        slotProps={{
                          htmlInput: {
                            inputMode: 'numeric',
                            'aria-label': `${line.label}, box ${i + 1}`,
                            style: { textAlign: 'right', width: 48 },
                          },
                        }}
                      />
                    </TableCell>
                  ))}
                  <TableCell
                    align="right"
                    sx={{ fontVariantNumeric: 'tabular-nums', color: left === 0 ? 'text.secondary' : 'error.main' }}
                  >
                    {left}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </Box>
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button onClick={() => setDraft({ ...draft, boxes: [...draft.boxes, { deliveryId: null, units: {} }] })}>
          Add a box
        </Button>
        <Button onClick={() => setDraft(mergeBoxes(draft))} disabled={draft.boxes.length < 2}>
          Merge into one box
        </Button>
      </Box>
    </FormDialog>
  );
}
