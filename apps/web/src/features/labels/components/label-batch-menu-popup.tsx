import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { MAX_BATCH_ORDERS, type CustomsDefaults } from '@shipdesk/contract';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { batchCustomsWords, LabelBatchCustomsDialog } from './label-batch-customs-dialog';

/** Which labels a batch buys, and for which orders: the selection, or every paid order waiting to ship. */
export type LabelBatchEvent = 'shipLabel' | 'zpl';
export type LabelBatchScope = 'selected' | 'allShippable';

interface LabelBatchMenuPopupProps {
  /** How many orders are selected. */
  count: number;
  /** The 'Buy labels' button while the menu is open. */
  anchor: HTMLElement | null;
  onCloseMenu(): void;
  choose(event: LabelBatchEvent, scope: LabelBatchScope): void;
  /** The customs choices the next batch applies. */
  customs: CustomsDefaults;
  choosingCustoms: boolean;
  onChooseCustoms(): void;
  onCustomsCancel(): void;
  onCustomsSave(chosen: CustomsDefaults): void;
  /** The labels asked for every paid order to ship, while the seller is asked to confirm them. */
  buyingAll: LabelBatchEvent | null;
  onBuyAllCancel(): void;
  onBuyAllConfirm(): void;
}

/**
 * The 'Buy labels' menu and its dialogs (the confirmation of labels for every paid order, the customs choices): the
 * code LabelBatchMenu loads when the browser is idle or on the first click, not with the order list.
 */
export function LabelBatchMenuPopup(props: LabelBatchMenuPopupProps) {
  const { count, anchor, onCloseMenu, choose, customs, buyingAll } = props;
  return (
    <>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={onCloseMenu}>
        <MenuItem onClick={() => choose('shipLabel', 'selected')}>PDF labels for the {count} selected</MenuItem>
        <MenuItem onClick={() => choose('zpl', 'selected')}>ZPL labels for the {count} selected</MenuItem>
        <Divider />
        <MenuItem onClick={() => choose('shipLabel', 'allShippable')}>PDF labels for every paid order to ship</MenuItem>
        <MenuItem onClick={() => choose('zpl', 'allShippable')}>ZPL labels for every paid order to ship</MenuItem>
        <Divider />
        <MenuItem
          onClick={props.onChooseCustoms}
          sx={{ whiteSpace: 'normal', flexDirection: 'column', alignItems: 'flex-start' }}
        >
          Customs for international orders…
          <Typography variant="caption" color="text.secondary">
            {batchCustomsWords(customs)}
          </Typography>
        </MenuItem>
      </Menu>
      <LabelBatchCustomsDialog
        open={props.choosingCustoms}
        value={customs}
        onCancel={props.onCustomsCancel}
        onSave={props.onCustomsSave}
      />
      <ConfirmDialog
        open={buyingAll !== null}
        title="Buy labels for every paid order?"
        confirmLabel="Buy labels"
        message={
          <>
            A {buyingAll === 'zpl' ? 'ZPL' : 'PDF'} label will be bought for every paid order awaiting shipment, in
            every store, not only the {count} selected. Each label's postage is charged to its carrier account. Orders
            that cannot be labelled are listed with the reason. Orders on hold are left out, and at most{' '}
            {MAX_BATCH_ORDERS} are bought in one batch. Their customs, where needed: {batchCustomsWords(customs)}.
          </>
        }
        onCancel={props.onBuyAllCancel}
        onConfirm={props.onBuyAllConfirm}
      />
    </>
  );
}

/** The 'Buy labels' button's spinner while a batch is being started (from this module's menu or dialog). */
export function LabelBatchStartingIcon() {
  return <CircularProgress size={16} color="inherit" aria-hidden />;
}
