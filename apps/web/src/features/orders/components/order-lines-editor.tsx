import { useState } from 'react';
import { useFieldArray, useForm, useWatch, type Path, type UseFormReturn } from 'react-hook-form';
import { toast } from '@/lib/toast/toast';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Order } from '@shipdesk/contract';
import { formatMoney } from '@/lib/format';
import { fieldProps } from '@/lib/forms/field-props';
import { newIdempotencyKey } from '@/lib/api/idempotency';
import { apiErrorMessage, apiErrorReason, isApiError } from '@/lib/errors';
import { applyServerErrors, messagesResolver } from '@/lib/validation';
import { useUpdateOrderLinesMutation } from '../api/order-edits-api';
import {
  MAX_EDIT_LINES,
  linesEditDefaults,
  linesEditFieldPaths,
  linesEditTotals,
  newEditLine,
  toLinesUpdate,
  validateLinesEdit,
  type LinesEditValues,
} from '../order-lines-edit-form';

const GRID = {
  xs: '1fr 1fr',
  md: 'minmax(100px,1fr) minmax(150px,2fr) 76px 110px 96px 40px',
};

interface EditLineRowProps {
  form: UseFormReturn<LinesEditValues>;
  index: number;
  currency: string;
  /** Absent for the only line: an order keeps at least one. */
  onRemove?: () => void;
}

/** One line's fields: SKU, name, quantity, unit price (the order's currency) and weight per unit in grams. */
function EditLineRow({ form, index, currency, onRemove }: EditLineRowProps) {
  return (
    <Box
      role="group"
      aria-label={`Item ${index + 1}`}
      sx={{
        display: 'grid',
        gridTemplateColumns: GRID,
        gap: 1.5,
        alignItems: 'start',
        py: 1,
        borderTop: { xs: index > 0 ? 1 : 0, md: 0 },
        borderColor: 'divider',
      }}
    >
      <TextField
        {...fieldProps(form, `lines.${index}.sku`)}
        size="small"
        label="SKU"
        required
        fullWidth
        autoFocus={index === 0}
      />
      <TextField {...fieldProps(form, `lines.${index}.name`)} size="small" label="Item name" required fullWidth />
      <TextField
        {...fieldProps(form, `lines.${index}.quantity`)}
        size="small"
        label="Qty"
        required
        fullWidth
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
      <TextField
        {...fieldProps(form, `lines.${index}.unitPrice`)}
        size="small"
        label={`Unit price (${currency})`}
        required
        fullWidth
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      />
      <TextField
        {...fieldProps(form, `lines.${index}.weight`)}
        size="small"
        label="Weight (g)"
        fullWidth
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
      <IconButton
        aria-label={`Remove item ${index + 1}`}
        onClick={onRemove}
        disabled={!onRemove}
        size="small"
        sx={{ mt: 0.5, justifySelf: { xs: 'end', md: 'center' } }}
      >
        <DeleteOutlined fontSize="small" />
      </IconButton>
    </Box>
  );
}

interface OrderLinesEditorProps {
  /** The order as it is now (refreshed live); the form keeps the version it was loaded from until reloaded. */
  order: Order;
  locale: string;
  onDone(): void;
}

/**
 * The Items card's edit mode: each line's SKU, name, quantity, unit price and weight, lines added and removed, the
 * totals as they would be, Save and Cancel. Errors stand at their field (the server's too); a 409 saying the order
 * changed meanwhile keeps what was typed and offers to reload the order's lines.
 */
export function OrderLinesEditor({ order, locale, onDone }: OrderLinesEditorProps) {
  const [base, setBase] = useState(order);
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const [formError, setFormError] = useState<string | null>(null);
  const [stale, setStale] = useState<string | null>(null);
  const [updateLines] = useUpdateOrderLinesMutation();
  const currency = order.currency;
  const form = useForm<LinesEditValues>({
    defaultValues: linesEditDefaults(order),
    resolver: messagesResolver((values) => validateLinesEdit(values, currency)),
  });
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'lines' });
  const lines = useWatch({ control: form.control, name: 'lines' });
  const totals = linesEditTotals({ lines: lines ?? [] }, order);
  const money = (minor: number) => formatMoney(minor, currency, locale);

  const reload = () => {
    setBase(order);
    form.reset(linesEditDefaults(order));
    setIdempotencyKey(newIdempotencyKey());
    setStale(null);
    setFormError(null);
  };

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await updateLines({
        orderId: order.id,
        body: toLinesUpdate(values, currency, base.version),
        idempotencyKey,
      }).unwrap();
      toast.success(`The items of order ${order.orderNumber} are saved.`);
      onDone();
    } catch (failure) {
      const conflict = isApiError(failure) && failure.status === 409;
      if (conflict && apiErrorReason(failure) === 'stale_version') {
        setStale(
          'Someone else changed this order while you were editing. Reload its items, then make your changes again.',
        );
      } else if (conflict) {
        setFormError(apiErrorMessage(failure, 'The items of this order can no longer change.'));
      } else {
        const paths = linesEditFieldPaths(values) as Path<LinesEditValues>[];
        setFormError(applyServerErrors(failure, paths, form.setError, 'Could not save the items.'));
      }
      // The next attempt is a new request: the one refused is not to be replayed.
      setIdempotencyKey(newIdempotencyKey());
    }
  });

  const linesError = form.formState.errors.lines?.root?.message ?? form.formState.errors.lines?.message;
  return (
    <Box
      component="form"
      noValidate
      aria-label="Edit items"
      onSubmit={(event) => void submit(event)}
      sx={{ px: 2, py: 1.5 }}
    >
      {stale ? (
        <Alert
          severity="warning"
          sx={{ mb: 1.5 }}
          action={
            <Button color="inherit" size="small" onClick={reload}>
              Reload items
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
      {fields.map((field, index) => (
        <EditLineRow
          key={field.id}
          form={form}
          index={index}
          currency={currency}
          onRemove={fields.length === 1 ? undefined : () => remove(index)}
        />
      ))}
      {typeof linesError === 'string' ? (
        <Typography role="alert" color="error" variant="body2">
          {linesError}
        </Typography>
      ) : null}
      <Button
        startIcon={<AddOutlined />}
        onClick={() => append(newEditLine(), { shouldFocus: true, focusName: `lines.${fields.length}.sku` })}
        disabled={fields.length >= MAX_EDIT_LINES}
        sx={{ mt: 1 }}
      >
        Add item
      </Button>
      <Box
        role="status"
        aria-label="Totals after the change"
        sx={{
          display: 'flex',
          justifyContent: 'flex-end',
          gap: 3,
          mt: 1,
          typography: 'body2',
          fontVariantNumeric: 'tabular-nums',
        }}
      >
        <span>Subtotal {totals ? money(totals.subtotal) : '—'}</span>
        <Box component="span" sx={{ fontWeight: 600 }}>
          Total {totals ? money(totals.total) : '—'}
        </Box>
        {totals && totals.total !== order.total ? (
          <Box component="span" sx={{ color: 'text.secondary' }}>
            was {money(order.total)}
          </Box>
        ) : null}
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 2 }}>
        <Button onClick={onDone}>Cancel</Button>
        <Button type="submit" variant="contained" loading={form.formState.isSubmitting}>
          Save items
        </Button>
      </Box>
    </Box>
  );
}
