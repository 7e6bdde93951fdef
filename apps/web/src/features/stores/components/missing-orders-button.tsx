import { useState } from 'react';
import FindInPageOutlined from '@mui/icons-material/FindInPageOutlined';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { Store } from '@shipdesk/contract';
import { MissingOrdersDialog } from './missing-orders-dialog';

/** A store row's "Missing orders" icon: opens the store's missing-orders check. */
export function MissingOrdersButton({ store }: { store: Store }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Tooltip title="Missing orders">
        <IconButton
          size="small"
          color="primary"
          aria-label={`Missing orders of ${store.name}`}
          onClick={() => setOpen(true)}
        >
          <FindInPageOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
      {open ? <MissingOrdersDialog store={store} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
