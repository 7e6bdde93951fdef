import { forwardRef, lazy, Suspense, useState, type ReactNode } from 'react';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { joinName, type Address } from '@shipdesk/contract';
import { loadOnce, useWhenIdle } from '@/lib/lazy/lazy-load';

// The edit dialog opens on a click: its code comes when the browser is idle after the first paint, or on that click.
const loadAddressDialog = loadOnce(() => import('./address-dialog'));
const AddressDialog = lazy(() => loadAddressDialog().then((m) => ({ default: m.AddressDialog })));

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
  useWhenIdle(() => void loadAddressDialog().catch(() => undefined), editable);
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
        <Suspense fallback={null}>
          <AddressDialog
            orderId={orderId}
            type={type}
            title={title}
            address={address}
            version={version}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      ) : null}
    </Paper>
  );
});
