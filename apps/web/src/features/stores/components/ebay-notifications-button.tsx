import { useState } from 'react';
import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import Button from '@mui/material/Button';
import type { Store } from '@shipdesk/contract';
import { EbayNotificationsDialog } from './ebay-notifications-dialog';

/** An eBay store row's "Order notifications…": opens the dialog that turns eBay's order messages on and off. */
export function EbayNotificationsButton({ store }: { store: Store }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="small"
        startIcon={<NotificationsActiveOutlined />}
        onClick={() => setOpen(true)}
        aria-label={`Order notifications of ${store.name}`}
        sx={{ whiteSpace: 'nowrap' }}
      >
        Order notifications…
      </Button>
      {open ? <EbayNotificationsDialog store={store} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
