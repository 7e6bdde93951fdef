import { useRef, useState } from 'react';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { DEFAULT_CUSTOMS, MAX_BATCH_ORDERS, type CustomsDefaults } from '@shipdesk/contract';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { apiErrorMessage } from '@/lib/errors';
import { useCreateLabelBatchMutation } from '../api/label-batches-api';
import { batchCustomsWords, LabelBatchCustomsDialog, sameCustoms } from './label-batch-customs-dialog';

/** Which labels a batch buys, and for which orders: the selection, or every paid order waiting to ship. */
type LabelBatchEvent = 'shipLabel' | 'zpl';
type LabelBatchScope = 'selected' | 'allShippable';

/** How starting a batch went, in the words of the report above the order list. */
interface LabelBatchOutcome {
  severity: 'info' | 'error';
  title: string;
  message: string;
  /** The labels change the orders (and their versions): a started batch clears the selection. */
  clearSelection: boolean;
}

interface LabelBatchMenuProps {
  /** How many orders are selected. */
  count: number;
  /** Runs the start of a batch with the ids of the selected orders; the list reports its outcome. */
  run(start: (orderIds: string[]) => Promise<LabelBatchOutcome>): Promise<void>;
}

/**
 * 'Buy labels' in the order list's bulk actions bar: PDF or ZPL labels for the selection, or for every paid order
 * waiting to ship, bought by a label batch that the banner above the list follows; the customs choices for the orders
 * that cross a customs border (Merchandise, returned, duties paid by the buyer unless changed).
 */
export function LabelBatchMenu({ count, run }: LabelBatchMenuProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Labels for every paid order to ship are bought for orders beyond the selection, with real postage: asked first.
  const [buyingAll, setBuyingAll] = useState<LabelBatchEvent | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const [startBatch, starting] = useCreateLabelBatchMutation();
  // The customs choices for the orders that need them: the usual ones until changed, for the batches started from
  // this selection (a new selection starts from the usual ones again).
  const [customs, setCustoms] = useState<CustomsDefaults>(DEFAULT_CUSTOMS);
  const [choosingCustoms, setChoosingCustoms] = useState(false);

  // Absent, the server applies the usual choices: sent only when the seller changed them.
  const chosen = sameCustoms(customs, DEFAULT_CUSTOMS) ? {} : { customs };
  const start = (event: LabelBatchEvent, scope: LabelBatchScope) =>
    void run(async (orderIds): Promise<LabelBatchOutcome> => {
      try {
        const batch = await startBatch(
          scope === 'selected' ? { event, orderIds, ...chosen } : { event, allShippable: true, ...chosen },
        ).unwrap();
        return {
          severity: 'info',
          title: `Buying labels for ${batch.total} ${batch.total === 1 ? 'order' : 'orders'}`,
          message: 'The bar above the list shows how far it is.',
          clearSelection: true,
        };
      } catch (error) {
        const message = apiErrorMessage(error, 'The labels could not be started.');
        return { severity: 'error', title: 'The label batch did not start', message, clearSelection: false };
      }
    });
  const choose = (event: LabelBatchEvent, scope: LabelBatchScope) => {
    setAnchor(null);
    if (scope === 'allShippable') setBuyingAll(event);
    else start(event, scope);
  };

  return (
    <>
      <Button
        ref={button}
        variant="outlined"
        size="small"
        onClick={(event) => setAnchor(event.currentTarget)}
        disabled={starting.isLoading}
        aria-haspopup="menu"
        startIcon={
          starting.isLoading ? <CircularProgress size={16} color="inherit" aria-hidden /> : <LocalShippingOutlined />
        }
      >
        Buy labels
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => choose('shipLabel', 'selected')}>PDF labels for the {count} selected</MenuItem>
        <MenuItem onClick={() => choose('zpl', 'selected')}>ZPL labels for the {count} selected</MenuItem>
        <Divider />
        <MenuItem onClick={() => choose('shipLabel', 'allShippable')}>PDF labels for every paid order to ship</MenuItem>
        <MenuItem onClick={() => choose('zpl', 'allShippable')}>ZPL labels for every paid order to ship</MenuItem>
        <Divider />
        <MenuItem
          onClick={() => {
            setAnchor(null);
            setChoosingCustoms(true);
          }}
          sx={{ whiteSpace: 'normal', flexDirection: 'column', alignItems: 'flex-start' }}
        >
          Customs for international orders…
          <Typography variant="caption" color="text.secondary">
            {batchCustomsWords(customs)}
          </Typography>
        </MenuItem>
      </Menu>
      <LabelBatchCustomsDialog
        open={choosingCustoms}
        value={customs}
        onCancel={() => {
          setChoosingCustoms(false);
          button.current?.focus();
        }}
        onSave={(chosen) => {
          setCustoms(chosen);
          setChoosingCustoms(false);
          button.current?.focus();
        }}
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
        onCancel={() => {
          setBuyingAll(null);
          button.current?.focus();
        }}
        onConfirm={() => {
          const event = buyingAll;
          setBuyingAll(null);
          if (event) start(event, 'allShippable');
        }}
      />
    </>
  );
}
