import { useState } from 'react';
import FindInPageOutlined from '@mui/icons-material/FindInPageOutlined';
import Button from '@mui/material/Button';
import type { Store } from '@shipdesk/contract';
import { MissingOrdersDialog } from './missing-orders-dialog';

/** A store row's "Missing orders…": opens the store's missing-orders check. */
export function MissingOrdersButton({ store }: { store: Store }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="small"
        startIcon={<FindInPageOutlined />}
        onClick={() => setOpen(true)}
        aria-label={`Missing orders of ${store.name}`}
        sx={{ whiteSpace: 'nowrap' }}
      >
        Missing orders…
      </Button>
      {open ? <MissingOrdersDialog store={store} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
