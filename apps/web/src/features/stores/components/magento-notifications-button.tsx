import { useState } from 'react';
import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import Button from '@mui/material/Button';
import type { Store } from '@shipdesk/contract';
import { MagentoNotificationsDialog } from './magento-notifications-dialog';

/** A Magento store row's "Order notifications…": opens the dialog that turns its order pushes on and off. */
export function MagentoNotificationsButton({ store }: { store: Store }) {
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
      {open ? <MagentoNotificationsDialog store={store} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
