import { useState } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { toast } from '@/lib/toast/toast';
import { joinName, type Address } from '@shipdesk/contract';
import { FormDialog } from '@/components/form-dialog';
import { applyServerErrors, messagesResolver } from '@/lib/validation';
import { useUpdateOrderAddressMutation } from '../api/orders-api';
import { emptyAddress, toAddressInput, validateAddress, type AddressFormValues } from '../order-form';
import { AddressFields } from './address-fields';

const resolver = messagesResolver((values: AddressFormValues) => validateAddress(values, ''));

/** The stored address as the form's text (the name joined back from its first/last split). */
function addressToForm(address: Address | null): AddressFormValues {
  if (!address) return emptyAddress();
  return {
    name: joinName(address.firstName, address.lastName),
    company: address.company ?? '',
    address1: address.address1,
    address2: address.address2 ?? '',
    city: address.city,
    state: address.state ?? '',
    postalCode: address.postalCode ?? '',
    country: address.country,
    phone: address.phone ?? '',
    email: address.email ?? '',
  };
}

/** The address card's edit dialog (POST /call/order/{id}/{type}/updateOrderAddress). */
export function AddressDialog({
  orderId,
  type,
  title,
  address,
  version,
  onClose,
}: {
  orderId: string;
  type: 'billing' | 'shipping';
  title: string;
  address: Address | null;
  version: number;
  onClose(): void;
}) {
  const [updateAddress] = useUpdateOrderAddressMutation();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<AddressFormValues>({ resolver, defaultValues: addressToForm(address) });
  const busy = form.formState.isSubmitting;

  const save = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await updateAddress({ orderId, type, address: { ...toAddressInput(values), version } }).unwrap();
      toast.success(`${title} saved.`);
      onClose();
    } catch (failure) {
      setError(
        applyServerErrors(
          failure,
          Object.keys(emptyAddress()) as Path<AddressFormValues>[],
          form.setError,
          `Could not save the ${title.toLowerCase()}.`,
        ),
      );
    }
  });

  return (
    <FormDialog
      open
      title={`Edit ${title.toLowerCase()}`}
      submitLabel="Save"
      busy={busy}
      error={error}
      onCancel={onClose}
      onSubmit={() => void save()}
      maxWidth="sm"
    >
      <AddressFields form={form} prefix="" legend={title} autoFocus />
    </FormDialog>
  );
}
