import { useState } from 'react';
import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import NotificationsOffOutlined from '@mui/icons-material/NotificationsOffOutlined';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { Store } from '@shipdesk/contract';
import { AmazonNotificationsDialog } from './amazon-notifications-dialog';
import { EbayNotificationsDialog } from './ebay-notifications-dialog';
import { MagentoNotificationsDialog } from './magento-notifications-dialog';
import { WalmartNotificationsDialog } from './walmart-notifications-dialog';

/** The channels whose order pushes a seller turns on from Shipdesk (docs/stores.md, "Pushes"). */
const PUSH_CHANNELS: ReadonlySet<Store['sourceType']> = new Set(['AmazonSP', 'Ebay', 'Walmart', 'Magento']);

function channelDialog(store: Store, readOnly: boolean, onClose: () => void) {
  switch (store.sourceType) {
    case 'AmazonSP':
      return <AmazonNotificationsDialog store={store} readOnly={readOnly} onClose={onClose} />;
    case 'Ebay':
      return <EbayNotificationsDialog store={store} readOnly={readOnly} onClose={onClose} />;
    case 'Walmart':
      return <WalmartNotificationsDialog store={store} readOnly={readOnly} onClose={onClose} />;
    case 'Magento':
      return <MagentoNotificationsDialog store={store} readOnly={readOnly} onClose={onClose} />;
    default:
      return null;
  }
}

const PUSH_WORDS: Record<Store['push']['status'], string> = {
  off: 'Order notifications: off',
  pending: 'Order notifications: waiting for the first one',
  active: 'Order notifications: live',
  failed: 'Order notifications: failed',
};

/**
 * A store row's bell: opens the dialog that turns its channel's order pushes on and off (Amazon, eBay, Walmart,
 * Adobe Commerce); none for channels set up in the platform (Shopify, BigCommerce) or without pushes. The bell says
 * the state at a glance: crossed out when off, green when live, red when failed.
 */
export function StoreNotificationsButton({ store, readOnly }: { store: Store; readOnly: boolean }) {
  const [open, setOpen] = useState(false);
  if (!PUSH_CHANNELS.has(store.sourceType)) return null;
  const status = store.push.status;
  const color = status === 'active' ? 'success' : status === 'failed' ? 'error' : 'primary';
  return (
    <>
      <Tooltip title={PUSH_WORDS[status]}>
        <IconButton
          size="small"
          color={color}
          aria-label={`Order notifications of ${store.name}`}
          onClick={() => setOpen(true)}
        >
          {status === 'off' ? (
            <NotificationsOffOutlined fontSize="small" />
          ) : (
            <NotificationsActiveOutlined fontSize="small" />
          )}
        </IconButton>
      </Tooltip>
      {open ? channelDialog(store, readOnly, () => setOpen(false)) : null}
    </>
  );
}
