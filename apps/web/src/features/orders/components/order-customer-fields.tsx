import type { UseFormReturn } from 'react-hook-form';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { fieldProps } from '@/lib/forms/field-props';
import type { OrderFormValues } from '../order-form';

/** The add-order form's customer: name and e-mail, the order number and the shipping method asked for. */
export function OrderCustomerFields({ form }: { form: UseFormReturn<OrderFormValues> }) {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      <TextField {...fieldProps(form, 'customerName')} label="Customer name" />
      <TextField {...fieldProps(form, 'customerEmail')} label="Customer e-mail" type="email" />
      <TextField {...fieldProps(form, 'orderNumber', 'Left empty, the next number is used.')} label="Order number" />
      <TextField
        {...fieldProps(form, 'requestedShippingMethod', 'As the customer asked, e.g. Ground or Express.')}
        label="Requested shipping method"
      />
    </Box>
  );
}
