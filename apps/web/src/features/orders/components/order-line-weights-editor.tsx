import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from '@/lib/toast/toast';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { Order } from '@shipdesk/contract';
import { newIdempotencyKey } from '@/lib/api/idempotency';
import { apiErrorMessage, apiErrorReason, apiFieldErrors, isApiError } from '@/lib/errors';
import { useUnits, WeightField } from '@/lib/units';
import { messagesResolver } from '@/lib/validation';
import { useUpdateLineWeightsMutation } from '../api/order-weights-api';
import {
  toWeightsUpdate,
  validateWeightsEdit,
  weightFieldOf,
  weightsEditDefaults,
  type WeightsEditValues,
} from '../order-weights-form';

interface OrderLineWeightsEditorProps {
  /** The order as it is now (refreshed live); the form keeps the version it was loaded from until reloaded. */
  order: Order;
  /** Why the other fields stay as they are (the channel's words), shown above the form. */
  reason: string;
  onDone(): void;
}

/**
 * The Items card's "Edit weights" mode for a channel's order: each line's SKU, name and quantity as the channel sent
 * them, and its weight per unit in the tenant's units ("12 oz", "340 g"; docs/units.md): a weight nobody edited is sent
 * back exactly, so only the lines typed over are saved. Errors stand at their field, the server's too; a 409
 * saying the order changed meanwhile keeps what was typed and offers to reload the weights.
 */
export function OrderLineWeightsEditor({ order, reason, onDone }: OrderLineWeightsEditorProps) {
  const [base, setBase] = useState(order);
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const [formError, setFormError] = useState<string | null>(null);
  const [stale, setStale] = useState<string | null>(null);
  const [updateWeights] = useUpdateLineWeightsMutation();
  const { system } = useUnits();
  const resolver = useMemo(
    () => messagesResolver((values: WeightsEditValues) => validateWeightsEdit(values, base, system)),
    [base, system],
  );
  const form = useForm<WeightsEditValues>({ defaultValues: weightsEditDefaults(order), resolver });

  const reload = () => {
    setBase(order);
    form.reset(weightsEditDefaults(order));
    setIdempotencyKey(newIdempotencyKey());
    setStale(null);
    setFormError(null);
  };

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    const update = toWeightsUpdate(values, base, base.version, system);
    if (!update) {
      onDone();
      return;
    }
    try {
      await updateWeights({ orderId: order.id, body: update.body, idempotencyKey }).unwrap();
      toast.success(`The weights of order ${order.orderNumber} are saved.`);
      onDone();
    } catch (failure) {
      const conflict = isApiError(failure) && failure.status === 409;
      if (conflict && apiErrorReason(failure) === 'stale_version') {
        setStale('Someone else changed this order while you were editing. Reload its weights, then enter yours again.');
      } else if (conflict) {
        setFormError(apiErrorMessage(failure, 'The weights of this order can no longer change.'));
      } else {
        const unplaced: string[] = [];
        let placed = 0;
        for (const [key, message] of Object.entries(apiFieldErrors(failure))) {
          const field = weightFieldOf(key, update.rows);
          if (field) form.setError(field, { type: 'server', message }, { shouldFocus: placed++ === 0 });
          else unplaced.push(message);
        }
        if (unplaced.length > 0 || placed === 0) {
          setFormError(unplaced.join(', ') || apiErrorMessage(failure, 'Could not save the weights.'));
        }
      }
      // The next attempt is a new request: the one refused is not to be replayed.
      setIdempotencyKey(newIdempotencyKey());
    }
  });

  return (
    <Box
      component="form"
      noValidate
      aria-label="Edit weights"
      onSubmit={(event) => void submit(event)}
      sx={{ px: 2, py: 1.5 }}
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {reason}: only the weights can be entered here.
      </Typography>
      {stale ? (
        <Alert
          severity="warning"
          sx={{ mb: 1.5 }}
          action={
            <Button color="inherit" size="small" onClick={reload}>
              Reload weights
            </Button>
          }
        >
          {stale}
        </Alert>
      ) : null}
      {formError ? (
        <Alert severity="error" sx={{ mb: 1.5 }}>
          {formError}
        </Alert>
      ) : null}
      {order.lines.map((line, index) => (
        <Box
          key={line.id}
          role="group"
          aria-label={`${line.sku} weight`}
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 2fr) 64px minmax(140px, 1fr)' },
            gap: 1.5,
            alignItems: 'start',
            py: 1,
            borderTop: index > 0 ? 1 : 0,
            borderColor: 'divider',
            typography: 'body2',
            overflowWrap: 'anywhere',
          }}
        >
          <Box sx={{ pt: 1 }}>
            <Box sx={{ fontWeight: 500 }}>{line.name}</Box>
            <Box sx={{ color: 'text.secondary' }}>SKU {line.sku}</Box>
          </Box>
          <Box sx={{ pt: 1, fontVariantNumeric: 'tabular-nums', color: 'text.secondary' }}>× {line.quantity}</Box>
          <Controller
            control={form.control}
            name={`lines.${index}.weight`}
            render={({ field, fieldState }) => (
              <WeightField
                label="Weight"
                name={field.name}
                inputRef={field.ref}
                onBlur={field.onBlur}
                value={field.value}
                onChange={field.onChange}
                error={fieldState.error?.message}
                helperText="Per unit"
                size="small"
                fullWidth
                autoFocus={index === 0}
              />
            )}
          />
        </Box>
      ))}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 2 }}>
        <Button onClick={onDone}>Cancel</Button>
        <Button type="submit" variant="contained" loading={form.formState.isSubmitting}>
          Save weights
        </Button>
      </Box>
    </Box>
  );
}
