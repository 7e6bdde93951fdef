import { useState } from 'react';
import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import Button from '@mui/material/Button';
import type { Store } from '@shipdesk/contract';
import { AmazonNotificationsDialog } from './amazon-notifications-dialog';

/** An Amazon store row's "Order notifications…": opens its SQS notifications (read-only for Managers). */
export function AmazonNotificationsButton({ store, readOnly }: { store: Store; readOnly: boolean }) {
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
      {open ? <AmazonNotificationsDialog store={store} readOnly={readOnly} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
