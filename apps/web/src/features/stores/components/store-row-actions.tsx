import CloudDownloadOutlined from '@mui/icons-material/CloudDownloadOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { Store } from '@shipdesk/contract';
import { StoreArchiveButton } from './store-archive-button';
import { MissingOrdersButton } from './missing-orders-button';
import { StoreNotificationsButton } from './store-notifications-button';

interface StoreRowActionsProps {
  store: Store;
  /** Wholesale and uninstalled stores have nothing to pull. */
  canPull: boolean;
  /** A pull of this store is asked for or running. */
  pullBusy: boolean;
  canEdit: boolean;
  onPull(store: Store): void;
  onSyncLog(store: Store): void;
  onEdit(store: Store): void;
}

/**
 * A store row's buttons: pull its orders now, read its sync log, edit it (Admins); then icons for its order
 * notifications, its missing orders and archiving it (Admins).
 */
export function StoreRowActions({
  store,
  canPull,
  pullBusy,
  canEdit,
  onPull,
  onSyncLog,
  onEdit,
}: StoreRowActionsProps) {
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, flexWrap: 'nowrap' }}>
      {canPull ? (
        <Button
          size="small"
          startIcon={<CloudDownloadOutlined />}
          onClick={() => onPull(store)}
          disabled={pullBusy}
          aria-label={`Pull orders from ${store.name}`}
          sx={{ whiteSpace: 'nowrap' }}
        >
          Pull orders
        </Button>
      ) : null}
      <Button
        size="small"
        startIcon={<HistoryOutlined />}
        onClick={() => onSyncLog(store)}
        aria-label={`Sync log of ${store.name}`}
        sx={{ whiteSpace: 'nowrap' }}
      >
        Sync log
      </Button>
      {canEdit ? (
        <Button
          size="small"
          startIcon={<EditOutlined />}
          onClick={() => onEdit(store)}
          aria-label={`Edit ${store.name}`}
        >
          Edit
        </Button>
      ) : null}
      {canPull ? <StoreNotificationsButton store={store} readOnly={!canEdit} /> : null}
      {canPull ? <MissingOrdersButton store={store} /> : null}
      {canEdit ? <StoreArchiveButton store={store} /> : null}
    </Box>
  );
}
