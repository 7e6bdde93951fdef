import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { hrefs } from '@/config/paths';
import { formatMoney } from '@/lib/format';
import { fieldProps } from '@/lib/forms/field-props';
import { amountCurrency, formTotals, type OrderFormValues } from '../order-form';

interface OrderSummaryPanelProps {
  form: UseFormReturn<OrderFormValues>;
  locale: string;
  /** The tenant's currency is still on its way: the currency field waits for it. */
  currencyLoading: boolean;
  submitting: boolean;
}

/** The add-order form's money: currency, shipping, tax and discount, the totals as they are typed, and Create. */
export function OrderSummaryPanel({ form, locale, currencyLoading, submitting }: OrderSummaryPanelProps) {
  const [lines, shippingTotal, taxTotal, discountTotal, currency] = useWatch({
    control: form.control,
    name: ['lines', 'shippingTotal', 'taxTotal', 'discountTotal', 'currency'],
  });
  const validCurrency = amountCurrency(currency);
  const totals = useMemo(
    () => formTotals({ lines: lines ?? [], shippingTotal, taxTotal, discountTotal, currency: validCurrency }),
    [lines, shippingTotal, taxTotal, discountTotal, validCurrency],
  );
  const money = (value: number | null) => (value === null ? '—' : formatMoney(value, validCurrency, locale));

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="order-summary"
      sx={{ p: { xs: 2, sm: 3 }, position: { lg: 'sticky' }, top: { lg: 80 } }}
    >
      <Typography id="order-summary" variant="h6" component="h2" sx={{ mb: 2, fontSize: '1.05rem' }}>
        Summary
      </Typography>
      <Box sx={{ display: 'grid', gap: 2 }}>
        <TextField
          {...fieldProps(form, 'currency')}
          label="Currency"
          required
          slotProps={{ htmlInput: { maxLength: 3, style: { textTransform: 'uppercase' } } }}
          disabled={currencyLoading}
        />
        <TextField
          {...fieldProps(form, 'shippingTotal')}
          label="Shipping"
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
        <TextField {...fieldProps(form, 'taxTotal')} label="Tax" slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
        <TextField
          {...fieldProps(form, 'discountTotal')}
          label="Discount"
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
      </Box>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: '1fr auto',
          rowGap: 1,
          my: 2.5,
          '& dd': { m: 0, textAlign: 'right', fontVariantNumeric: 'tabular-nums' },
        }}
      >
        <dt>Subtotal</dt>
        <dd>{money(totals.subtotal)}</dd>
        <dt>Shipping</dt>
        <dd>{money(totals.shipping)}</dd>
        <dt>Tax</dt>
        <dd>{money(totals.tax)}</dd>
        <dt>Discount</dt>
        <dd>{totals.discount ? `−${money(totals.discount)}` : money(totals.discount)}</dd>
      </Box>
      <Divider />
      <Box sx={{ display: 'flex', justifyContent: 'space-between', my: 2, typography: 'subtitle1', fontWeight: 600 }}>
        <span>Total</span>
        <Box component="span" data-testid="order-total" sx={{ fontVariantNumeric: 'tabular-nums' }}>
          {money(totals.total)}
        </Box>
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button
          type="submit"
          variant="contained"
          disabled={submitting}
          startIcon={submitting ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
        >
          Create order
        </Button>
        <Button component={RouterLink} to={hrefs.orders()} disabled={submitting}>
          Cancel
        </Button>
      </Box>
    </Paper>
  );
}
