import { forwardRef, useState, type ReactNode } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { toast } from 'react-toastify';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
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

function AddressLines({ address }: { address: Address }) {
  const name = joinName(address.firstName, address.lastName);
  const cityLine = [address.city, [address.state, address.postalCode].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return (
    <Box component="address" sx={{ fontStyle: 'normal', typography: 'body2', lineHeight: 1.7 }}>
      <Box sx={{ fontWeight: 500 }}>{name}</Box>
      {address.company ? <div>{address.company}</div> : null}
      <div>{address.address1}</div>
      {address.address2 ? <div>{address.address2}</div> : null}
      <div>{cityLine}</div>
      <div>{address.country}</div>
      {address.phone ? <Box sx={{ color: 'text.secondary' }}>{address.phone}</Box> : null}
      {address.email ? <Box sx={{ color: 'text.secondary' }}>{address.email}</Box> : null}
    </Box>
  );
}

interface AddressCardProps {
  orderId: string;
  type: 'billing' | 'shipping';
  address: Address | null;
  /** The order's version the address was shown with (guards against overwriting a newer change). */
  version: number;
  /** Editing is offered only while the order can still change. */
  editable: boolean;
  highlight?: boolean;
  /** Under the address: what another part of the order view says about it (the ship-to's address check). */
  children?: ReactNode;
}

/** An order address with its edit dialog (POST /call/order/{id}/{type}/updateOrderAddress). */
export const AddressCard = forwardRef<HTMLButtonElement, AddressCardProps>(function AddressCard(
  { orderId, type, address, version, editable, highlight = false, children },
  editButtonRef,
) {
  const [open, setOpen] = useState(false);
  const title = type === 'shipping' ? 'Shipping address' : 'Billing address';
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={title}
      sx={{
        p: 2,
        transition: 'border-color 200ms',
        ...(highlight
          ? { borderColor: 'primary.main', boxShadow: (t) => `0 0 0 1px ${(t.vars ?? t).palette.primary.main}` }
          : {}),
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1, minHeight: 32 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        {editable ? (
          <Button
            ref={editButtonRef}
            size="small"
            startIcon={<EditOutlined fontSize="small" />}
            onClick={() => setOpen(true)}
            aria-label={`Edit ${title.toLowerCase()}`}
          >
            Edit
          </Button>
        ) : null}
      </Box>
      {address ? (
        <AddressLines address={address} />
      ) : (
        <Typography variant="body2" color="text.secondary">
          No {title.toLowerCase()}.
        </Typography>
      )}
      {children}
      {open ? (
        <AddressDialog
          orderId={orderId}
          type={type}
          title={title}
          address={address}
          version={version}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </Paper>
  );
});

function AddressDialog({
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
