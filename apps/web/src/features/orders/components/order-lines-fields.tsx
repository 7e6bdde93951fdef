import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import { formatMoney } from '@/lib/format';
import { fieldProps } from '@/lib/forms/field-props';
import { amountCurrency, emptyLine, MAX_LINES, parseLine, type OrderFormValues } from '../order-form';

const GRID = { xs: '1fr 1fr', md: 'minmax(110px,1fr) minmax(160px,2fr) 80px 120px 96px 40px' };

/** The order's items: SKU, name, quantity and unit price per line, with the line total as it is typed. */
export function OrderLinesFields({ form, locale }: { form: UseFormReturn<OrderFormValues>; locale: string }) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'lines' });
  const lines = useWatch({ control: form.control, name: 'lines' });
  const currency = useWatch({ control: form.control, name: 'currency' });
  const validCurrency = amountCurrency(currency);

  return (
    <Box>
      {fields.map((field, index) => {
        const line = parseLine(lines?.[index], validCurrency);
        const lineTotal = line ? formatMoney(line.quantity * line.unitPrice, validCurrency, locale) : '—';
        return (
          <Box
            key={field.id}
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
            <TextField {...fieldProps(form, `lines.${index}.sku`)} size="small" label="SKU" required fullWidth />
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
              label="Unit price"
              required
              fullWidth
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            />
            <Typography
              variant="body2"
              sx={{ textAlign: 'right', pt: 1, fontVariantNumeric: 'tabular-nums' }}
              aria-label={`Line total ${lineTotal}`}
            >
              {lineTotal}
            </Typography>
            <IconButton
              aria-label={`Remove item ${index + 1}`}
              onClick={() => remove(index)}
              disabled={fields.length === 1}
              size="small"
              sx={{ mt: 0.5, justifySelf: { xs: 'end', md: 'center' } }}
            >
              <DeleteOutlined fontSize="small" />
            </IconButton>
          </Box>
        );
      })}
      <Button
        startIcon={<AddOutlined />}
        onClick={() => append(emptyLine(), { shouldFocus: true, focusName: `lines.${fields.length}.sku` })}
        disabled={fields.length >= MAX_LINES}
        sx={{ mt: 1 }}
      >
        Add item
      </Button>
    </Box>
  );
}
