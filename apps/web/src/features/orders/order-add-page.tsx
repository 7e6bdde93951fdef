import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useForm, useWatch, type Path, type Resolver } from 'react-hook-form';
import { toast } from 'react-toastify';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DEFAULT_CURRENCY } from '@shipdesk/contract';
import { useTenantCurrencyQuery } from '@/lib/api/tenant-configs';
import { hrefs } from '@/config/paths';
import { PageHeader } from '@/components/page-header';
import { isApiError } from '@/lib/errors';
import { formatMoney } from '@/lib/format';
import { applyServerErrors } from '@/lib/validation';
import { useCreateOrderMutation } from './api/orders-api';
import { AddressFields } from './components/address-fields';
import { fieldProps } from './components/field-props';
import { OrderLinesFields } from './components/order-lines-fields';
import { newIdempotencyKey } from './idempotency';
import {
  computeTotals,
  defaultOrderForm,
  orderFieldPaths,
  toCreateOrder,
  toFieldErrors,
  validateOrderForm,
  type OrderFormValues,
} from './order-form';

const resolver: Resolver<OrderFormValues> = (values) => {
  const messages = validateOrderForm(values);
  if (Object.keys(messages).length === 0) return { values, errors: {} };
  return { values: {}, errors: toFieldErrors<OrderFormValues>(messages) };
};

function Section({ title, children, id }: { title: string; children: ReactNode; id?: string }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={id} variant="h6" component="h2" sx={{ mb: 2, fontSize: '1.05rem' }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** /orders/add (spec 2.2): a manual order, sent as a whole (POST /api/v1/store/1/orders). */
export function OrderAddPage() {
  const navigate = useNavigate();
  const { data: settings, isLoading: settingsLoading } = useTenantCurrencyQuery();
  const [createOrder] = useCreateOrderMutation();
  // One key per form: a double submit (or a retry after a lost answer) creates one order.
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<OrderFormValues>({
    resolver,
    defaultValues: defaultOrderForm(DEFAULT_CURRENCY),
    // Messages appear on submit, then follow the typing (no errors for a line just added).
    mode: 'onSubmit',
  });
  const locale = settings?.locale ?? 'en';

  // The tenant's currency, once known, unless the person already chose one.
  useEffect(() => {
    if (settings && !form.getFieldState('currency').isDirty) form.setValue('currency', settings.currency);
  }, [settings, form]);

  const watched = useWatch({
    control: form.control,
    name: ['lines', 'shippingTotal', 'taxTotal', 'discountTotal', 'currency'],
  });
  const [lines, shippingTotal, taxTotal, discountTotal, currency] = watched;
  const billingSame = useWatch({ control: form.control, name: 'billingSameAsShipping' });
  const validCurrency = /^[A-Z]{3}$/.test(currency ?? '') ? currency : DEFAULT_CURRENCY;
  const totals = useMemo(
    () => computeTotals({ lines: lines ?? [], shippingTotal, taxTotal, discountTotal, currency: validCurrency }),
    [lines, shippingTotal, taxTotal, discountTotal, validCurrency],
  );
  const money = (value: number | null) => (value === null ? '—' : formatMoney(value, validCurrency, locale));

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const order = await createOrder({ body: toCreateOrder(values), idempotencyKey }).unwrap();
      toast.success(`Order ${order.orderNumber} created.`);
      void navigate(hrefs.orderView(order.id));
    } catch (error) {
      // A refused request (4xx) created nothing, so the next attempt gets a fresh key; after a network failure or
      // a 5xx the first attempt may have gone through, and the same key makes the server replay it. A 409 may be
      // the first attempt still running: keep the key.
      if (isApiError(error) && typeof error.status === 'number' && error.status < 500 && error.status !== 409) {
        setIdempotencyKey(newIdempotencyKey());
      }
      setFormError(
        applyServerErrors(
          error,
          orderFieldPaths(values) as Path<OrderFormValues>[],
          form.setError,
          'Could not create the order.',
        ),
      );
    }
  });

  const submitting = form.formState.isSubmitting;
  return (
    <>
      <PageHeader title="Add order" subtitle="Enter a wholesale or phone order by hand." />
      <Box component="form" noValidate onSubmit={submit} aria-label="Add order">
        {formError ? (
          <Alert severity="error" sx={{ mb: 2 }} role="alert">
            {formError}
          </Alert>
        ) : null}
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', lg: 'minmax(0,2fr) minmax(280px,1fr)' },
            alignItems: 'start',
          }}
        >
          <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
            <Section title="Items" id="order-items">
              <OrderLinesFields form={form} locale={locale} />
            </Section>
            <Section title="Customer" id="order-customer">
              <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
                <TextField {...fieldProps(form, 'customerName')} label="Customer name" />
                <TextField {...fieldProps(form, 'customerEmail')} label="Customer e-mail" type="email" />
                <TextField
                  {...fieldProps(form, 'orderNumber', 'Left empty, the next number is used.')}
                  label="Order number"
                />
                <TextField
                  {...fieldProps(form, 'requestedShippingMethod', 'As the customer asked, e.g. Ground or Express.')}
                  label="Requested shipping method"
                />
              </Box>
            </Section>
            <Section title="Shipping address" id="order-shipping">
              <AddressFields form={form} prefix="shippingAddress" legend="Shipping address" />
              <FormControlLabel
                sx={{ mt: 1.5 }}
                control={<Checkbox {...form.register('billingSameAsShipping')} checked={billingSame} />}
                label="Billing address is the same as shipping"
              />
            </Section>
            {billingSame ? null : (
              <Section title="Billing address" id="order-billing">
                <AddressFields form={form} prefix="billingAddress" legend="Billing address" />
              </Section>
            )}
          </Box>
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
                disabled={settingsLoading}
              />
              <TextField
                {...fieldProps(form, 'shippingTotal')}
                label="Shipping"
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              />
              <TextField
                {...fieldProps(form, 'taxTotal')}
                label="Tax"
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              />
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
            <Box
              sx={{ display: 'flex', justifyContent: 'space-between', my: 2, typography: 'subtitle1', fontWeight: 600 }}
            >
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
        </Box>
      </Box>
    </>
  );
}
