import { useEffect, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { DEFAULT_CURRENCY } from '@shipdesk/contract';
import { useTenantCurrencyQuery } from '@/lib/api/tenant-configs';
import { PageHeader } from '@/components/page-header';
import { messagesResolver } from '@/lib/validation';
import { AddressFields } from './components/address-fields';
import { OrderCustomerFields } from './components/order-customer-fields';
import { OrderLinesFields } from './components/order-lines-fields';
import { OrderSummaryPanel } from './components/order-summary-panel';
import { useOrderAddSubmit } from './hooks/use-order-add-submit';
import { defaultOrderForm, validateOrderForm, type OrderFormValues } from './order-form';

const resolver = messagesResolver(validateOrderForm);

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
  const { data: settings, isLoading: settingsLoading } = useTenantCurrencyQuery();
  const form = useForm<OrderFormValues>({
    resolver,
    defaultValues: defaultOrderForm(DEFAULT_CURRENCY),
    // Messages appear on submit, then follow the typing (no errors for a line just added).
    mode: 'onSubmit',
  });
  const { submit, formError } = useOrderAddSubmit(form);
  const locale = settings?.locale ?? 'en';

  // The tenant's currency, once known, unless the person already chose one.
  useEffect(() => {
    if (settings && !form.getFieldState('currency').isDirty) form.setValue('currency', settings.currency);
  }, [settings, form]);

  const billingSame = useWatch({ control: form.control, name: 'billingSameAsShipping' });

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
              <OrderCustomerFields form={form} />
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
          <OrderSummaryPanel
            form={form}
            locale={locale}
            currencyLoading={settingsLoading}
            submitting={form.formState.isSubmitting}
          />
        </Box>
      </Box>
    </>
  );
}
