import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { toast } from '@/lib/toast/toast';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { BUILT_IN_CARRIER, type Order } from '@shipdesk/contract';
import { hrefs } from '@/config/paths';
import { FormDialog } from '@/components/form-dialog';
import { useGetCarrierCatalogueQuery } from '@/entities/carrier-catalogue/carrier-catalogue-api';
import { CarrierServicePicker } from '@/entities/carrier-catalogue/carrier-service-picker';
import {
  carrierServiceOptions,
  catalogueWith,
  findCarrierServiceOption,
} from '@/entities/carrier-catalogue/carrier-services';
import { QueryError } from '@/components/query-error';
import { apiErrorMessage, apiErrorReason, isApiError } from '@/lib/errors';
import { EMPTY_OPTION_SELECT_SLOTS, controlledFieldProps } from '@/lib/forms/field-props';
import { applyServerErrors, messagesResolver } from '@/lib/validation';
import { useUpdateOrderShippingMutation } from '../api/orders-api';
import { newIdempotencyKey } from '@/lib/api/idempotency';
import {
  ORDER_SHIPPING_FIELDS,
  orderShippingFormDefaults,
  toOrderShippingUpdate,
  validateOrderShippingForm,
  type OrderShippingFormValues,
} from '../order-shipping-form';
import { STALE_MESSAGE } from './order-event-dialog';

interface OrderShippingDialogProps {
  order: Order;
  onClose(): void;
}

/**
 * Chooses by hand the carrier service (and package type) one order ships with; mapping changes leave the choice
 * alone. A stale version keeps the dialog open on the reloaded order, so saving again sends the fresh version; an
 * order that is no longer open cannot change at all, so that refusal closes it.
 */
export function OrderShippingDialog({ order, onClose }: OrderShippingDialogProps) {
  const catalogue = useGetCarrierCatalogueQuery();
  const [updateShipping] = useUpdateOrderShippingMutation();
  // One key for the dialog: a double submit or a retry after a lost answer changes the order once.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [formError, setFormError] = useState<string | null>(null);
  // The order's own carrier stays on offer when the catalogue no longer lists it, so its service can be kept.
  const entries = useMemo(
    () => catalogueWith(catalogue.data ?? [], [order.shipping.carrier]),
    [catalogue.data, order.shipping.carrier],
  );
  const options = useMemo(() => carrierServiceOptions(entries), [entries]);
  const form = useForm<OrderShippingFormValues>({
    defaultValues: orderShippingFormDefaults(order.shipping),
    // useForm takes its options anew on every render, so the check sees the catalogue once it has arrived.
    resolver: messagesResolver((values) => validateOrderShippingForm(values, options)),
  });
  const carrierMethod = useWatch({ control: form.control, name: 'carrierMethod' });
  const chosen = findCarrierServiceOption(options, carrierMethod);
  const packageTypes = entries.find((entry) => entry.carrier === chosen?.carrier)?.packageTypes ?? [];
  const onlyBuiltIn = catalogue.isSuccess && catalogue.data.every((entry) => entry.carrier === BUILT_IN_CARRIER);

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const body = toOrderShippingUpdate(values, order);
      await updateShipping({ orderId: order.id, body, idempotencyKey }).unwrap();
      toast.success(`Order ${order.orderNumber} ships with ${chosen?.service.name ?? 'the chosen service'}.`);
      onClose();
    } catch (failure) {
      const conflict = isApiError(failure) && failure.status === 409;
      if (conflict && apiErrorReason(failure) === 'stale_version') {
        setFormError(`${STALE_MESSAGE}. Check the order, then save your choice again.`);
      } else if (conflict) {
        toast.error(apiErrorMessage(failure, 'This order can no longer change how it ships.'));
        onClose();
      } else {
        const fallback = 'Could not change how this order ships.';
        setFormError(applyServerErrors(failure, ORDER_SHIPPING_FIELDS, form.setError, fallback));
      }
    }
  });

  return (
    <FormDialog
      open
      title={`Choose how order ${order.orderNumber} ships`}
      message={`Ships to ${order.shipTo || 'the shipping address'}. A choice made here stays through mapping changes until you hand the order back to the mappings.`}
      onCancel={onClose}
      onSubmit={() => void submit()}
      submitLabel="Save"
      busy={form.formState.isSubmitting}
      error={formError}
      maxWidth="sm"
    >
      {catalogue.isError ? (
        <QueryError
          error={catalogue.error}
          fallback="Could not load the carrier services."
          refetch={catalogue.refetch}
          isFetching={catalogue.isFetching}
        />
      ) : null}
      {onlyBuiltIn ? (
        <Alert severity="info">
          Only Shipdesk Local is available until a carrier account passes its connection test in{' '}
          <Link component={RouterLink} to={hrefs.settings('carriers')}>
            Carriers
          </Link>
          .
        </Alert>
      ) : null}
      <Controller
        control={form.control}
        name="carrierMethod"
        render={(control) => (
          <CarrierServicePicker
            control={control}
            options={options}
            loading={catalogue.isLoading}
            autoFocus
            searchReach
            onPick={(option) => {
              if (option?.carrier !== chosen?.carrier) form.setValue('packageType', '');
            }}
          />
        )}
      />
      <Controller
        control={form.control}
        name="packageType"
        render={(control) => (
          <TextField
            select
            label="Package type"
            slotProps={EMPTY_OPTION_SELECT_SLOTS}
            fullWidth
            disabled={!chosen}
            value={control.field.value}
            onChange={(event) => control.field.onChange(event.target.value)}
            {...controlledFieldProps(control, 'What the carrier is told the parcel is packed in.')}
          >
            <MenuItem value="">Carrier&apos;s default (your packaging)</MenuItem>
            {packageTypes.map((type) => (
              <MenuItem key={type.code} value={type.code}>
                {type.name}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
    </FormDialog>
  );
}
